// Reviewed corrections to how the data packages name things, where matching names alone goes wrong. Tests check
// that every row still refers to an entry of the installed packages.

/**
 * devicon names its entries by lower-case ids ("microsoftsqlserver"). For entries no other data package lists by
 * the same name, this table gives the spelling the product uses; an entry with neither a row here nor an altname
 * written as a name ("Microsoft SQL Server") is left out rather than shown under a made-up name. Left out on
 * purpose: social logins (linkedin), operating system versions (windows8), the icon set itself (devicon) and
 * spellings of a listed tool (nuxt, dotnetcore).
 */
export const DEVICON_DISPLAY_NAMES: Record<string, string> = {
  aerospike: 'Aerospike',
  aftereffects: 'Adobe After Effects',
  akka: 'Akka',
  argocd: 'Argo CD',
  atom: 'Atom',
  bash: 'GNU Bash',
  azuredevops: 'Azure DevOps',
  azuresqldatabase: 'Azure SQL Database',
  browserstack: 'BrowserStack',
  clojurescript: 'ClojureScript',
  codepen: 'CodePen',
  cosmosdb: 'Azure Cosmos DB',
  css3: 'CSS',
  dataspell: 'DataSpell',
  dropwizard: 'Dropwizard',
  dynamodb: 'Amazon DynamoDB',
  ecto: 'Ecto',
  eclipse: 'Eclipse IDE',
  emacs: 'GNU Emacs',
  feathersjs: 'Feathers',
  firebird: 'Firebird',
  gardener: 'Gardener',
  gcc: 'GCC',
  hardhat: 'Hardhat',
  hyperv: 'Hyper-V',
  illustrator: 'Adobe Illustrator',
  junit: 'JUnit',
  karatelabs: 'Karate',
  kubeflow: 'Kubeflow',
  libgdx: 'libGDX',
  love2d: 'LÖVE',
  matplotlib: 'Matplotlib',
  maya: 'Autodesk Maya',
  memcached: 'Memcached',
  netbeans: 'Apache NetBeans',
  netbox: 'NetBox',
  networkx: 'NetworkX',
  nhibernate: 'NHibernate',
  nodewebkit: 'NW.js',
  oauth: 'OAuth',
  openal: 'OpenAL',
  openapi: 'OpenAPI',
  oracle: 'Oracle',
  phalcon: 'Phalcon',
  photoshop: 'Adobe Photoshop',
  playwright: 'Playwright',
  premierepro: 'Adobe Premiere Pro',
  putty: 'PuTTY',
  qodana: 'Qodana',
  reactnative: 'React Native',
  reactnavigation: 'React Navigation',
  realm: 'Realm',
  rspec: 'RSpec',
  scalingo: 'Scalingo',
  sdl: 'SDL',
  slack: 'Slack',
  spicedb: 'SpiceDB',
  spyder: 'Spyder',
  sqldeveloper: 'Oracle SQL Developer',
  ssh: 'SSH',
  teleport: 'Teleport',
  terramate: 'Terramate',
  tex: 'TeX',
  titaniumsdk: 'Titanium SDK',
  tortoisegit: 'TortoiseGit',
  towergit: 'Tower',
  twilio: 'Twilio',
  uwsgi: 'uWSGI',
  veevalidate: 'VeeValidate',
  visualstudio: 'Visual Studio',
  vscode: 'Visual Studio Code',
  vsphere: 'VMware vSphere',
  xamarin: 'Xamarin',
  xd: 'Adobe XD',
  yugabytedb: 'YugabyteDB',
}

/**
 * Entries that share a loose name with a different product of another package: they never join a tool by name.
 * simple-icons entries by slug (those brands are not developer tools and are left out); devicon entries by id
 * (they become tools of their own when they have a display name).
 */
export const HOMONYMS = {
  'simple-icons': new Set([
    'dm', // the drugstore chain, not Linguist's DM language
    'e', // the /e/ mobile OS, not the E language
    'fantom', // the blockchain, not the Fantom language
    'flux', // Flux CD, not Linguist's FLUX language
    'hcl', // HCLTech, not HashiCorp's configuration language
    'matrix', // the chat protocol, not Squiz Matrix
    'ring', // the doorbell maker, not the Ring language
    'sage', // the accounting company, not SageMath's language
    'shell', // the oil company, not shell scripts
    'sway', // the window manager, not Fuel's Sway language
    'teal', // the careers site, not the Teal language
    'zap', // OWASP ZAP, not Linguist's ZAP language
  ]),
  devicon: new Set([
    'cairo', // the graphics library, not the Cairo language
    'eclipse', // the IDE, not Linguist's ECLiPSe
    'vite', // the VITE blockchain, not the Vite build tool
  ]),
}

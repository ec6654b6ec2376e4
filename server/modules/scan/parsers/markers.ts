// Files whose presence shows a tool: build and test configs, linters, hosting and deployment files, CI systems
// without their own parser. One line per marker; the mapper drops names the catalog does not know.
import type { Signal } from '../signals.ts'
import type { ManifestParser } from './parser.ts'

/** Exact file names (any folder). */
const FILE_MARKERS: Record<string, string[]> = {
  'netlify.toml': ['Netlify'],
  _redirects: ['Netlify'],
  'vercel.json': ['Vercel'],
  'now.json': ['Vercel'],
  'fly.toml': ['Fly.io'],
  Procfile: ['Heroku'],
  'render.yaml': ['Render'],
  'railway.json': ['Railway'],
  'railway.toml': ['Railway'],
  'firebase.json': ['Firebase'],
  '.firebaserc': ['Firebase'],
  'google-services.json': ['Firebase', 'Android'],
  'GoogleService-Info.plist': ['Firebase', 'iOS'],
  'wrangler.toml': ['Cloudflare Workers'],
  'wrangler.json': ['Cloudflare Workers'],
  'wrangler.jsonc': ['Cloudflare Workers'],
  'amplify.yml': ['AWS Amplify'],
  'appspec.yml': ['AWS CodeDeploy'],
  'buildspec.yml': ['AWS CodeBuild'],
  'Dockerrun.aws.json': ['AWS Elastic Beanstalk'],
  'cloudbuild.yaml': ['Google Cloud Build'],
  'cloudbuild.yml': ['Google Cloud Build'],
  '.platform.app.yaml': ['Platform.sh'],
  'captain-definition': ['CapRover'],
  'skaffold.yaml': ['Skaffold', 'Kubernetes'],
  'kustomization.yaml': ['Kubernetes'],
  Tiltfile: ['Tilt'],
  Vagrantfile: ['Vagrant'],
  'ansible.cfg': ['Ansible'],
  'Pulumi.yaml': ['Pulumi'],
  'terragrunt.hcl': ['Terragrunt', 'Terraform'],
  'cdk.json': ['AWS CDK'],
  'samconfig.toml': ['AWS SAM'],
  Jenkinsfile: ['Jenkins'],
  'azure-pipelines.yml': ['Azure Pipelines'],
  'azure-pipelines.yaml': ['Azure Pipelines'],
  '.drone.yml': ['Drone'],
  'appveyor.yml': ['AppVeyor'],
  '.appveyor.yml': ['AppVeyor'],
  '.woodpecker.yml': ['Woodpecker CI'],
  'codecov.yml': ['Codecov'],
  '.codecov.yml': ['Codecov'],
  '.coveralls.yml': ['Coveralls'],
  'sonar-project.properties': ['SonarQube'],
  '.snyk': ['Snyk'],
  'renovate.json': ['Renovate'],
  'renovate.json5': ['Renovate'],
  '.renovaterc': ['Renovate'],
  '.renovaterc.json': ['Renovate'],
  '.pre-commit-config.yaml': ['pre-commit'],
  '.editorconfig': ['EditorConfig'],
  // a repository's Git settings: the code is kept in Git (a clone has .git; an export or archive keeps these)
  '.gitignore': ['Git'],
  '.gitattributes': ['Git'],
  '.gitmodules': ['Git'],
  'tsconfig.json': ['TypeScript'],
  'jsconfig.json': ['JavaScript'],
  '.babelrc': ['Babel'],
  '.eslintrc': ['ESLint'],
  '.prettierrc': ['Prettier'],
  '.stylelintrc': ['Stylelint'],
  'angular.json': ['Angular'],
  'nx.json': ['Nx'],
  'lerna.json': ['Lerna'],
  'turbo.json': ['Turborepo'],
  'pnpm-workspace.yaml': ['pnpm'],
  '.yarnrc.yml': ['Yarn'],
  '.yarnrc': ['Yarn'],
  'biome.json': ['Biome'],
  'biome.jsonc': ['Biome'],
  'cypress.json': ['Cypress'],
  'karma.conf.js': ['Karma'],
  'protractor.conf.js': ['Protractor'],
  'mkdocs.yml': ['MkDocs'],
  'CMakeLists.txt': ['CMake'],
  'meson.build': ['Meson'],
  WORKSPACE: ['Bazel'],
  'WORKSPACE.bazel': ['Bazel'],
  'MODULE.bazel': ['Bazel'],
  'BUILD.bazel': ['Bazel'],
  Brewfile: ['Homebrew'],
  '.rubocop.yml': ['RuboCop'],
  '.rspec': ['RSpec'],
  'phpunit.xml': ['PHPUnit'],
  'phpunit.xml.dist': ['PHPUnit'],
  'phpstan.neon': ['PHPStan'],
  'phpstan.neon.dist': ['PHPStan'],
  artisan: ['Laravel'],
  'pytest.ini': ['pytest'],
  'tox.ini': ['tox'],
  '.flake8': ['Flake8'],
  'mypy.ini': ['mypy'],
  '.pylintrc': ['Pylint'],
  '.swiftlint.yml': ['SwiftLint'],
  '.golangci.yml': ['golangci-lint'],
  '.golangci.yaml': ['golangci-lint'],
  'nginx.conf': ['NGINX'],
  Caddyfile: ['Caddy'],
  '.htaccess': ['Apache HTTP Server'],
  'haproxy.cfg': ['HAProxy'],
  'supervisord.conf': ['Supervisor'],
  'sentry.properties': ['Sentry'],
  '.sentryclirc': ['Sentry'],
  'newrelic.yml': ['New Relic'],
  'newrelic.js': ['New Relic'],
  'AndroidManifest.xml': ['Android'],
  'project.pbxproj': ['Xcode'],
  'ionic.config.json': ['Ionic'],
  'electron-builder.yml': ['Electron'],
  'electron-builder.json': ['Electron'],
  '.releaserc': ['semantic-release'],
  '.releaserc.json': ['semantic-release'],
  'lefthook.yml': ['Lefthook'],
  '.gitpod.yml': ['Gitpod'],
  'dependabot.yml': ['Dependabot'],
  Makefile: ['Make'],
  Rakefile: ['Rake'],
  'Gruntfile.js': ['Grunt'],
  'Gruntfile.coffee': ['Grunt'],
  'bower.json': ['Bower'],
  'Chart.lock': ['Helm'],
  'docker-bake.hcl': ['Docker'],
  '.dockerignore': ['Docker'],
  'openapi.yaml': ['OpenAPI'],
  'openapi.yml': ['OpenAPI'],
  'openapi.json': ['OpenAPI'],
  'swagger.json': ['Swagger'],
  'swagger.yaml': ['Swagger'],
  'schema.prisma': ['Prisma'],
  'hardhat.config.js': ['Hardhat'],
  'hardhat.config.ts': ['Hardhat'],
  'truffle-config.js': ['Truffle'],
  'foundry.toml': ['Foundry'],
  'Anchor.toml': ['Anchor'],
  'hugo.toml': ['Hugo'],
  'hugo.yaml': ['Hugo'],
  'gatsby-config.js': ['Gatsby'],
  'gatsby-config.ts': ['Gatsby'],
  'docusaurus.config.js': ['Docusaurus'],
  'docusaurus.config.ts': ['Docusaurus'],
}

/** Config files named '<tool>.config.<ext>' or '.<tool>rc.<ext>' in any of their usual spellings. */
const PATTERN_MARKERS: [RegExp, string[]][] = [
  [/\.sln$/, ['Visual Studio']],
  [/^(\.eslintrc\.(js|cjs|mjs|json|ya?ml)|eslint\.config\.(js|cjs|mjs|ts|mts|cts))$/, ['ESLint']],
  [/^(\.prettierrc\.(js|cjs|mjs|json|ya?ml|toml)|prettier\.config\.(js|cjs|mjs|ts))$/, ['Prettier']],
  [/^(\.stylelintrc\.(js|cjs|json|ya?ml)|stylelint\.config\.(js|cjs|mjs))$/, ['Stylelint']],
  [/^(babel\.config\.(js|cjs|mjs|json)|\.babelrc\.(js|cjs|json))$/, ['Babel']],
  [/^webpack(\.[\w-]+)*\.config\.(js|cjs|mjs|ts)$/, ['Webpack']],
  [/^vite\.config\.(js|cjs|mjs|ts|mts)$/, ['Vite']],
  [/^vitest\.(config|workspace)\.(js|mjs|ts|mts)$/, ['Vitest']],
  [/^rollup\.config\.(js|cjs|mjs|ts)$/, ['Rollup']],
  [/^jest\.config\.(js|cjs|mjs|ts|json)$/, ['Jest']],
  [/^cypress\.config\.(js|cjs|mjs|ts)$/, ['Cypress']],
  [/^playwright\.config\.(js|cjs|mjs|ts)$/, ['Playwright']],
  [/^tailwind\.config\.(js|cjs|mjs|ts)$/, ['Tailwind CSS']],
  [/^postcss\.config\.(js|cjs|mjs|ts|json)$/, ['PostCSS']],
  [/^next\.config\.(js|cjs|mjs|ts)$/, ['Next.js']],
  [/^nuxt\.config\.(js|mjs|ts)$/, ['Nuxt.js']],
  [/^svelte\.config\.(js|cjs|mjs|ts)$/, ['Svelte']],
  [/^astro\.config\.(js|mjs|ts)$/, ['Astro']],
  [/^remix\.config\.(js|cjs|mjs)$/, ['Remix']],
  [/^gulpfile\.(js|cjs|mjs|ts|babel\.js)$/i, ['Gulp']],
  [/^capacitor\.config\.(json|ts|js)$/, ['Capacitor']],
  [/^commitlint\.config\.(js|cjs|mjs|ts)$/, ['commitlint']],
  [/^\.?env\.vault$/, ['Dotenv']],
  [/^quasar\.conf(ig)?\.(js|ts)$/, ['Quasar']],
  [/^ember-cli-build\.js$/, ['Ember.js']],
  [/^vue\.config\.(js|ts)$/, ['Vue.js']],
  [/^(ormconfig|typeorm\.config)\.(js|ts|json)$/, ['TypeORM']],
  [/^drizzle\.config\.(js|ts|mjs)$/, ['Drizzle']],
  [/^knexfile\.(js|ts)$/, ['Knex.js']],
  [/^sequelize\.config\.(js|json)$|^\.sequelizerc$/, ['Sequelize']],
  [/^storybook\.config\.(js|ts)$/, ['Storybook']],
  [/^turbo\.jsonc$/, ['Turborepo']],
]

/** Folders whose presence shows a tool: the marker's source is the folder, not every file in it. */
const FOLDER_MARKERS: [RegExp, string[]][] = [
  [/^(.*\/)?\.storybook\//, ['Storybook']],
  [/^(.*\/)?\.husky\//, ['Husky']],
  [/^(.*\/)?\.changeset\//, ['Changesets']],
  [/^(.*\/)?\.ebextensions\//, ['AWS Elastic Beanstalk']],
  [/^(.*\/)?\.buildkite\//, ['Buildkite']],
  [/^(.*\/)?\.semaphore\//, ['Semaphore']],
  [/^(.*\/)?\.devcontainer\//, ['Visual Studio Code']],
  [/^(.*\/)?[^/]+\.xcodeproj\//, ['Xcode']],
  [/^(.*\/)?\.github\/ISSUE_TEMPLATE\//, ['GitHub']],
  [/^(.*\/)?\.vscode\//, ['Visual Studio Code']],
  [/^(.*\/)?\.idea\//, ['IntelliJ IDEA']],
  [/^(.*\/)?\.expo\//, ['Expo']],
  [/^(.*\/)?supabase\/config\.toml$/, ['Supabase']],
  [/^(.*\/)?ansible\/.*\.ya?ml$/, ['Ansible']],
  [/^(.*\/)?\.github\/workflows\//, ['GitHub Actions']],
]

function markersFor(path: string, base: string): { source: string; tools: string[] }[] {
  const found: { source: string; tools: string[] }[] = []
  const exact = Object.hasOwn(FILE_MARKERS, base) ? FILE_MARKERS[base]! : null
  if (exact && exact.length > 0) found.push({ source: path, tools: exact })
  for (const [pattern, tools] of PATTERN_MARKERS) if (pattern.test(base)) found.push({ source: path, tools })
  for (const [pattern, tools] of FOLDER_MARKERS) {
    const match = pattern.exec(path)
    if (match) found.push({ source: match[0].replace(/\/$/, '').replace(/\/[^/]*\.ya?ml$/, ''), tools })
  }
  return found
}

/**
 * Tools a marker shows that a stack rarely names (issue 19: StackShare's lists seldom hold them): real, but kept as
 * suggestions the wizard does not preselect. An editor's or a bot's settings, GitHub known from a .github folder alone.
 */
export const WEAK_MARKERS = new Set([
  'GitHub',
  'Visual Studio Code',
  'IntelliJ IDEA',
  'EditorConfig',
  'Dependabot',
  'Renovate',
  'Make',
  'Husky',
])
export const WEAK_MARKER_CONFIDENCE = 50

export const markerParser: ManifestParser = {
  id: 'markers',
  presenceOnly: true,
  matches: (path, base) => markersFor(path, base).length > 0,
  parse(file) {
    const signals: Signal[] = []
    for (const { source, tools } of markersFor(file.path, file.base)) {
      for (const name of tools) {
        const signal: Signal = { kind: 'name', name, source }
        if (WEAK_MARKERS.has(name)) signal.confidence = WEAK_MARKER_CONFIDENCE
        signals.push(signal)
      }
    }
    return signals
  },
}

/** Files whose text says which tool they belong to. */
export const contentMarkerParser: ManifestParser = {
  id: 'content-markers',
  matches: (_path, base) => base === 'manage.py' || base === 'app.yaml' || base === 'app.yml' || base === 'app.json',
  parse(file) {
    if (file.base === 'manage.py') {
      return /DJANGO_SETTINGS_MODULE|django/.test(file.text)
        ? [{ kind: 'name', name: 'Django', source: file.path }]
        : []
    }
    if (file.base === 'app.json') {
      if (/"expo"\s*:/.test(file.text)) return [{ kind: 'name', name: 'Expo', source: file.path }]
      if (/"buildpacks"\s*:|"formation"\s*:|heroku/i.test(file.text))
        return [{ kind: 'name', name: 'Heroku', source: file.path }]
      return []
    }
    // Google App Engine's app.yaml: "runtime: python312", "runtime: nodejs20", "env: flex"
    const runtime = /^runtime:\s*([a-z]+)(\d*)/m.exec(file.text)
    if (!runtime) return []
    const signals: Signal[] = [{ kind: 'name', name: 'Google App Engine', source: file.path }]
    const language = { python: 'Python', nodejs: 'Node.js', go: 'Go', java: 'Java', php: 'PHP', ruby: 'Ruby' }[
      runtime[1]!
    ]
    if (language) signals.push({ kind: 'name', name: language, source: file.path })
    return signals
  },
}

export const markerParsers = [markerParser, contentMarkerParser]

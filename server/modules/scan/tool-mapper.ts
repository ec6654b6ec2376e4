// Maps analyzer signals to catalog tools through the tool_alias table (or the in-memory catalog for the offline
// CLI): npm 'pg' is PostgreSQL, docker 'redis' is Redis, a Wappalyzer 'Nginx' is NGINX. A dependency with no tool
// becomes a package tool of its ecosystem (is_package), as StackShare lists packages. docs/scanner.md
import { slugify } from '#contracts/owners.ts'
import { aliasFallbacks, looseName, normalizeAlias } from './alias-normalize.ts'
import { isPackageEcosystem, type PackageEcosystem, type Signal, type SignalKind } from './signals.ts'

export interface KnownTool {
  id?: number
  name: string
  slug: string
  /** Category name ('Databases'), null when the tool has none. */
  category: string | null
  isPackage: boolean
  /** Other names of the tool ('Rails' for Ruby on Rails, 'Golang' for Go): what a comparison by name needs. */
  aliases?: string[]
}

export interface AliasKey {
  kind: SignalKind
  /** Normalized (alias-normalize.ts). */
  alias: string
}

/** Looks tools up by alias: backed by the database (scan.queries.ts) or by the catalog built in memory. */
export interface ToolLookup {
  /** Answers the keys that name a tool, keyed `${kind}:${alias}`. */
  findByAliases(keys: AliasKey[]): Promise<Map<string, KnownTool>>
}

export interface DetectedTool {
  name: string
  slug: string
  category: string | null
  is_package: boolean
  /** The registry of a package tool (from the signal that found it), null for other tools. */
  package_ecosystem: PackageEcosystem | null
  /**
   * Other names (the CLI's JSON emits them): a catalog tool's, or a package's short name where its ecosystem has one
   * (packageShortNames).
   */
  aliases: string[]
  version: string | null
  /** Provenance: files ('apps/api/package.json') and page signals ('meta generator'), at most MAX_SOURCES. */
  sources: string[]
  /** 0-100: the highest confidence of its signals (a file naming it is 100; fingerprints carry their own). */
  confidence: number
  /** A package tool not yet in the catalog: created on demand when the scan result is stored. */
  newPackage?: { ecosystem: PackageEcosystem; name: string; alias: string }
}

export const MAX_SOURCES = 10
/** At most this many package tools per scan: a monorepo's long tail is not a stack. */
export const MAX_PACKAGES = 250

const keyOf = (key: AliasKey) => `${key.kind}:${key.alias}`

/** Ecosystems whose unmapped names may still be a tool's own name ('classnames' is Classnames, 'wagtail' Wagtail). */
const NAME_FALLBACK_KINDS = new Set<SignalKind>([
  'wappalyzer',
  'linguist',
  'npm',
  'pypi',
  'rubygems',
  'cargo',
  'pub',
  'hex',
  'nuget',
  'docker',
  'terraform',
])

/**
 * Unmapped names that are some other tool's name: the package is unrelated to the tool ('rake' is not Rake the
 * helpdesk, npm 'yaml' is a parser, not the language). Terraform's utility providers are no tools at all.
 */
const NAME_FALLBACK_EXCLUDED = new Set([
  'npm:nginx',
  'npm:caddy',
  'npm:kafka',
  'npm:yaml',
  'npm:json',
  'npm:git',
  'npm:docker',
  'pypi:click',
  'pypi:fabric',
  'pypi:json',
  'rubygems:rake',
  'rubygems:json',
  'rubygems:spring',
  'rubygems:git',
  'terraform:random',
  'terraform:null',
  'terraform:local',
  'terraform:tls',
  'terraform:time',
  'terraform:archive',
  'terraform:template',
  'terraform:external',
  'terraform:http',
  'terraform:dns',
  'terraform:cloudinit',
])

/** The lookups a signal tries, most specific first: the reviewed or source alias, then the tool's own name. */
function candidateKeys(signal: Signal): AliasKey[] {
  const alias = normalizeAlias(signal.kind, signal.name)
  const keys: AliasKey[] = [{ kind: signal.kind, alias }]
  const fallbacks = aliasFallbacks(signal.kind, alias)
  for (const fallback of fallbacks) keys.push({ kind: signal.kind, alias: fallback })
  if (NAME_FALLBACK_KINDS.has(signal.kind) && !NAME_FALLBACK_EXCLUDED.has(`${signal.kind}:${alias}`)) {
    // only a bare name can be a tool's name: not '@scope/pkg', 'org/image' or a resource type 'aws_s3_bucket'
    const bare = [alias, ...fallbacks].find(
      (name) => !name.includes('/') && !(signal.kind === 'terraform' && name.includes('_')),
    )
    if (bare)
      keys.push({
        kind: 'name',
        alias: looseName(signal.kind === 'wappalyzer' || signal.kind === 'linguist' ? signal.name : bare),
      })
  }
  return keys
}

/** Package tools' slugs: '{ecosystem}-{name}' ('npm-left-pad', 'pypi-django-environ', 'maven-com-google-guava-guava'). */
export function packageSlug(ecosystem: PackageEcosystem, name: string): string {
  return `${ecosystem}-${slugify(name.replace(/^@/, ''))}`.slice(0, 60).replace(/-+$/, '')
}

/** The suffixes Java projects give their main modules: the API, the core, the Java runtime of a polyglot project. */
const MAVEN_MODULE_SUFFIX = /-(?:api|core|java)$/

/** Forges that give each project they host a group under their own domain: com.google.code.gson is Gson's. */
const MAVEN_FORGE_GROUPS = ['com.google.code', 'net.sourceforge', 'org.codehaus']

/**
 * The names of the project a Maven artifact belongs to, read from its groupId, the reversed domain of the project
 * (Maven's naming conventions): the artifactId's words up to the group's last segment, which a project's modules
 * share (`spring-data-commons` in org.springframework.data is Spring Data's, `nifi-api` in org.apache.nifi NiFi's);
 * the Apache Software Foundation's `org.apache.<project>` as the ASF names it (`apache-nifi`, `apache-camel`); a
 * forge-hosted project's segment (`com.google.code.findbugs` is FindBugs); and a group of a domain alone where that
 * domain's name holds the artifact's first word (`io.projectreactor` for reactor-core, `org.projectlombok` for
 * lombok, `com.h2database` for h2): the project's own domain, named as the project is.
 */
function mavenProjectNames(group: string, artifact: string): string[] {
  const segments = group.split('.')
  const words = artifact.split('-')
  const names: string[] = []
  const at = words.indexOf(segments[segments.length - 1]!)
  if (at >= 0 && at < words.length - 1) names.push(words.slice(0, at + 1).join('-'))
  if (segments[0] === 'org' && segments[1] === 'apache' && segments[2]) names.push(`apache-${segments[2]}`)
  for (const forge of MAVEN_FORGE_GROUPS) {
    const project = group.startsWith(`${forge}.`) ? group.slice(forge.length + 1).split('.')[0] : undefined
    if (project) names.push(project)
  }
  const domain = segments.length === 2 ? segments[1]! : ''
  const first = words[0]!
  if (domain !== first && first && (domain.startsWith(first) || domain.endsWith(first))) names.push(domain)
  return names
}

/** A service's client library or SDK: `<service>-client`, `<service>-sdk` (pinecone-client, sentry-sdk). */
const CLIENT_SUFFIX = /^([a-z0-9][\w.-]*?)[-_](?:client|sdk)$/i

/** A Go repository of the package X: go-X, X-go or X.go (go-redis's package is redis, nats.go's nats). */
const GO_REPOSITORY_AFFIX = /^go-(.+)$|^(.+?)[-.]go$/

/** The publisher before a name's slash: an npm scope (`@octokit/rest`), a Composer vendor (`laravel/framework`). */
const PUBLISHER = /^@?([^/@]+)\/./

/**
 * The name a package goes by where its ecosystem's full name is a path or coordinates: a Go module by its last path
 * segment without a major-version suffix (`github.com/stretchr/testify` is testify, `github.com/spf13/cobra/v2`
 * cobra, `gopkg.in/yaml.v3` yaml), as StackShare's lists have it (issue 19), and by the package name Go imports where
 * the repository is named for Go (`github.com/redis/go-redis/v9` is redis, `github.com/nats-io/nats.go` nats); a
 * Maven artifact by its artifactId (`org.hsqldb:hsqldb` is hsqldb), the name of the jar it ships, and also by the
 * project's name: a main module's artifactId without its module suffix (`slf4j-api` is SLF4J's, `mockito-core`
 * Mockito's, `log4j-core` Log4j's, `protobuf-java` Protocol Buffers' Java runtime) and the names its groupId gives
 * (mavenProjectNames). A scoped npm package goes by its scope and a Composer package by its vendor, the project or
 * organization publishing it (`@octokit/rest` is Octokit's, `laravel/framework` Laravel's; not `@types`,
 * DefinitelyTyped's declarations of other packages); the part after the slash is no name alone. A service's client
 * library or SDK also goes by the service's name (`pinecone-client` is Pinecone's, `sentry-sdk` Sentry's).
 */
export function packageShortNames(ecosystem: PackageEcosystem, name: string): string[] {
  if (ecosystem === 'maven') {
    const [group, artifact] = name.split(':')
    if (!group || !artifact) return []
    const names = [artifact, artifact.replace(MAVEN_MODULE_SUFFIX, ''), ...mavenProjectNames(group, artifact)]
    return [...new Set(names.filter(Boolean))]
  }
  if (ecosystem === 'go') {
    const segments = name.replace(/\/v\d+$/, '').split('/')
    const last = segments[segments.length - 1]!.replace(/\.v\d+$/, '')
    if (segments.length < 2 || !last) return []
    const affix = GO_REPOSITORY_AFFIX.exec(last)
    return affix ? [last, (affix[1] ?? affix[2])!] : [last]
  }
  const names: string[] = []
  const publisher = ecosystem === 'npm' || ecosystem === 'packagist' ? PUBLISHER.exec(name)?.[1] : undefined
  if (publisher && publisher !== 'types') names.push(publisher)
  const client = CLIENT_SUFFIX.exec(name.split('/').pop()!)
  if (client && client[1] !== publisher) names.push(client[1]!)
  return names
}

/** Data stores and brokers reached through client libraries: a client's version is not the server's. */
const SERVER_CATEGORIES = new Set(['Databases', 'In-Memory Databases', 'Message Queues', 'Search Engines'])

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s@/:._-]+/)
    .filter(Boolean)

/**
 * Whether a signal's version is the tool's version, and how much to trust it (lower is better): a declared runtime
 * version (.nvmrc, engines, go directive) or an image tag is; a package's version only when the package is the tool
 * itself: its name holds the tool's name as whole words ('react-dom' for React, 'laravel/framework' for Laravel,
 * not '@vitejs/plugin-react' for Vite), and never a database client's ('pg' 8.x is not PostgreSQL 8).
 */
function versionPriority(signal: Signal, tool: DetectedTool): number | null {
  if (signal.kind === 'name') return 0
  if (signal.kind === 'docker' || signal.kind === 'wappalyzer') return 1
  if (tool.is_package) return 2
  if (!isPackageEcosystem(signal.kind) || SERVER_CATEGORIES.has(tool.category ?? '')) return null
  if (looseName(signal.name) === looseName(tool.name)) return 2
  const packageWords = words(signal.name)
  const toolWords = words(tool.name)
  // 'react-dom' holds React; 'rails' is held by Ruby on Rails
  return containsRun(packageWords, toolWords) || containsRun(toolWords, packageWords) ? 2 : null
}

function containsRun(haystack: string[], needle: string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, index) => haystack[start + index] === word)) return true
  }
  return false
}

export interface MapOptions {
  /** Keep unmapped direct dependencies as package tools (default true). */
  includePackages?: boolean
  maxPackages?: number
}

export async function mapSignals(
  signals: Signal[],
  lookup: ToolLookup,
  options: MapOptions = {},
): Promise<DetectedTool[]> {
  const includePackages = options.includePackages ?? true
  const maxPackages = options.maxPackages ?? MAX_PACKAGES
  const candidates = signals.map(candidateKeys)
  const unique = new Map<string, AliasKey>()
  for (const keys of candidates) for (const key of keys) unique.set(keyOf(key), key)
  const found = await lookup.findByAliases([...unique.values()])

  const detected = new Map<string, DetectedTool>()
  const versions = new Map<string, { version: string; rank: number }>()
  const add = (slug: string, make: () => DetectedTool, signal: Signal) => {
    let tool = detected.get(slug)
    if (!tool) {
      tool = make()
      detected.set(slug, tool)
    }
    if (!tool.sources.includes(signal.source) && tool.sources.length < MAX_SOURCES) tool.sources.push(signal.source)
    tool.confidence = Math.max(tool.confidence, signal.confidence ?? 100)
    const priority = signal.version ? versionPriority(signal, tool) : null
    if (priority !== null) {
      // nearer the root beats deeper in a monorepo
      const rank = priority * 100 + signal.source.split('/').length
      const current = versions.get(slug)
      if (!current || rank < current.rank) versions.set(slug, { version: signal.version!, rank })
    }
  }

  let packageCount = 0
  const addPackage = (signal: Signal, ecosystem: PackageEcosystem) => {
    const alias = normalizeAlias(ecosystem, signal.name)
    const slug = packageSlug(ecosystem, alias)
    if (!detected.has(slug)) {
      if (packageCount >= maxPackages) return
      packageCount++
    }
    add(
      slug,
      () => ({
        name: signal.name,
        slug,
        category: null,
        is_package: true,
        package_ecosystem: ecosystem,
        aliases: packageShortNames(ecosystem, signal.name),
        version: null,
        sources: [],
        confidence: 0,
        newPackage: { ecosystem, name: signal.name, alias },
      }),
      signal,
    )
  }
  signals.forEach((signal, index) => {
    const match = candidates[index]!.map((key) => found.get(keyOf(key))).find((tool) => tool !== undefined)
    // A package tool already in the catalog follows the rules of new ones: none for transitive dependencies, none
    // when packages are not asked for.
    if (match?.isPackage && (!includePackages || signal.indirect)) return
    if (match) {
      // issue 19: a dependency that is a catalog tool is reported as the tool and as the package, as StackShare
      // lists both (react-dom is React and the npm package react-dom)
      if (!match.isPackage && includePackages && !signal.indirect && isPackageEcosystem(signal.kind))
        addPackage(signal, signal.kind)
      add(
        match.slug,
        () => ({
          name: match.name,
          slug: match.slug,
          category: match.category,
          is_package: match.isPackage,
          package_ecosystem: match.isPackage && isPackageEcosystem(signal.kind) ? signal.kind : null,
          aliases: match.aliases ?? [],
          version: null,
          sources: [],
          confidence: 0,
        }),
        signal,
      )
      return
    }
    if (!includePackages || signal.indirect || !isPackageEcosystem(signal.kind)) return
    addPackage(signal, signal.kind)
  })

  for (const [slug, { version }] of versions) detected.get(slug)!.version = version
  return [...detected.values()].sort(
    (a, b) =>
      Number(a.is_package) - Number(b.is_package) ||
      b.sources.length - a.sources.length ||
      a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
  )
}

/** The in-memory lookup over a list of tools and their aliases (the CLI's offline catalog, tests). */
export function createMemoryLookup(
  tools: {
    name: string
    slug: string
    category: string | null
    isPackage?: boolean
    aliases: { kind: string; alias: string }[]
    /** Other names as people write them; defaults to none. */
    otherNames?: string[]
  }[],
): ToolLookup {
  const index = new Map<string, KnownTool>()
  for (const tool of tools) {
    const known: KnownTool = {
      name: tool.name,
      slug: tool.slug,
      category: tool.category,
      isPackage: Boolean(tool.isPackage),
      aliases: tool.otherNames ?? [],
    }
    for (const alias of tool.aliases) {
      const key = `${alias.kind}:${alias.alias}`
      if (!index.has(key)) index.set(key, known)
    }
    const nameKey = `name:${looseName(tool.name)}`
    if (!index.has(nameKey)) index.set(nameKey, known)
  }
  return {
    async findByAliases(keys) {
      const result = new Map<string, KnownTool>()
      for (const key of keys) {
        const tool = index.get(keyOf(key))
        if (tool) result.set(keyOf(key), tool)
      }
      return result
    },
  }
}

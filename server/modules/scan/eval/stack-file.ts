// Reads the answer key of the scanner's evaluation: a StackShare Stack File (techstack.yml) reduced to the tools and
// the packages it lists. Issue 19: the corpus holds these lists, never the repositories' code.
import { parse as parseYaml } from 'yaml'

export type KeyEcosystem =
  | 'npm'
  | 'pypi'
  | 'rubygems'
  | 'packagist'
  | 'go'
  | 'cargo'
  | 'nuget'
  | 'maven'
  | 'pub'
  | 'hex'
  | 'cocoapods'
  | 'cran'
  | 'swift'

export interface KeyPackage {
  name: string
  ecosystem: KeyEcosystem
}

export interface KeyTool {
  name: string
  /** StackShare's sub-category ('Languages', 'Package Managers', 'Continuous Integration'): the misses' kind. */
  kind: string
}

export interface StackFileKey {
  tools: KeyTool[]
  packages: KeyPackage[]
}

/** A package_url's registry; StackShare links pub packages to pub.dartlang.org. */
const PACKAGE_HOSTS: [RegExp, KeyEcosystem][] = [
  [/npmjs\.(com|org)\//, 'npm'],
  [/pypi\.org\//, 'pypi'],
  [/rubygems\.org\//, 'rubygems'],
  [/packagist\.org\//, 'packagist'],
  [/pkg\.go\.dev\//, 'go'],
  [/crates\.io\//, 'cargo'],
  [/nuget\.org\//, 'nuget'],
  [/(pub\.dev|pub\.dartlang\.org)\//, 'pub'],
  [/hex\.pm\//, 'hex'],
  [/cocoapods\.org\//, 'cocoapods'],
  [/cran\.r-project\.org\//, 'cran'],
  [/swiftpackageindex\.com\//, 'swift'],
  [/(mvnrepository\.com|search\.maven\.org|central\.sonatype)/, 'maven'],
]

/** Entries without a package_url that are packages all the same ('Maven Packages'). */
const PACKAGE_SUB_CATEGORIES: Record<string, KeyEcosystem> = {
  'Maven Packages': 'maven',
  'CocoaPods Packages': 'cocoapods',
  'npm Packages': 'npm',
  'PyPI Packages': 'pypi',
  'RubyGems Packages': 'rubygems',
  'Go Modules Packages': 'go',
  'NuGet Packages': 'nuget',
}

/** One entry of a Stack File's `tools` list, as far as the evaluation and the stack import read it. */
export interface StackFileEntry {
  name: string
  /** The package's registry when the entry is a package (by its package_url, else its sub-category). */
  ecosystem: KeyEcosystem | null
  /** StackShare's sub-category ('Languages', 'Package Managers'), else its category, else 'Other'. */
  kind: string
  version: string | null
}

/** The entries of a Stack File's `tools` list, each name once (a package once per registry). */
export function readStackFileEntries(document: unknown): StackFileEntry[] {
  const list = (document as { tools?: unknown } | null)?.tools
  const entries = Array.isArray(list) ? (list as Record<string, unknown>[]) : []
  const found = new Map<string, StackFileEntry>()
  for (const entry of entries) {
    if (typeof entry?.name !== 'string' || !entry.name.trim()) continue
    const name = entry.name.trim()
    const url = typeof entry.package_url === 'string' ? entry.package_url : ''
    const ecosystem =
      PACKAGE_HOSTS.find(([pattern]) => pattern.test(url))?.[1] ??
      // own keys only: a file's '__proto__' or 'constructor' names no registry (a 500 once, issue 31)
      (Object.hasOwn(PACKAGE_SUB_CATEGORIES, String(entry.sub_category ?? ''))
        ? PACKAGE_SUB_CATEGORIES[String(entry.sub_category ?? '')]
        : undefined) ??
      null
    const version =
      typeof entry.version === 'string' || typeof entry.version === 'number' ? String(entry.version) : null
    const kind = String(entry.sub_category ?? entry.category ?? 'Other')
    found.set(ecosystem ? `${ecosystem}:${name}` : name, { name, ecosystem, kind, version: version?.trim() || null })
  }
  return [...found.values()]
}

export function readStackFile(text: string): StackFileKey {
  const entries = readStackFileEntries(parseYaml(text))
  return {
    tools: entries.filter((entry) => !entry.ecosystem).map(({ name, kind }) => ({ name, kind })),
    packages: entries.flatMap(({ name, ecosystem }) => (ecosystem ? [{ name, ecosystem }] : [])),
  }
}

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

export function readStackFile(text: string): StackFileKey {
  const document = parseYaml(text) as { tools?: unknown } | null
  const entries = Array.isArray(document?.tools) ? (document.tools as Record<string, unknown>[]) : []
  const tools = new Map<string, KeyTool>()
  const packages = new Map<string, KeyPackage>()
  for (const entry of entries) {
    if (typeof entry?.name !== 'string' || !entry.name.trim()) continue
    const name = entry.name.trim()
    const url = typeof entry.package_url === 'string' ? entry.package_url : ''
    const ecosystem =
      PACKAGE_HOSTS.find(([pattern]) => pattern.test(url))?.[1] ??
      PACKAGE_SUB_CATEGORIES[String(entry.sub_category ?? '')]
    if (ecosystem) packages.set(`${ecosystem}:${name}`, { name, ecosystem })
    else tools.set(name, { name, kind: String(entry.sub_category ?? entry.category ?? 'Other') })
  }
  return { tools: [...tools.values()], packages: [...packages.values()] }
}

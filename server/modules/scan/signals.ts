// What the analyzers emit: a raw signal ("npm package pg in apps/api/package.json", "meta generator WordPress 6.4")
// before it is mapped to a catalog tool (tool-mapper.ts). Analyzers never look at the catalog.
import type { AliasKind } from '../../db/seed/catalog/package-aliases.ts'

/** Ecosystems whose unmapped dependencies become package tools (is_package) of that ecosystem. */
export const PACKAGE_ECOSYSTEMS = [
  'npm',
  'pypi',
  'rubygems',
  'go',
  'cargo',
  'packagist',
  'maven',
  'nuget',
  'pub',
  'hex',
  'swift',
  'cran',
] as const satisfies readonly AliasKind[]

export type PackageEcosystem = (typeof PACKAGE_ECOSYSTEMS)[number]

/** Alias kinds of the tool_alias table: the reviewed table's kinds plus the two data-package kinds. */
export type SignalKind = AliasKind | 'wappalyzer' | 'linguist'

export interface Signal {
  kind: SignalKind
  /** The name as found: '@sentry/node', 'postgres', 'WordPress', 'TypeScript', 'GitHub Actions'. */
  name: string
  version?: string | null
  /** Provenance shown to people: a file path ('apps/api/package.json') or a page signal ('meta generator'). */
  source: string
  /** A transitive dependency (SBOM): kept only when it maps to a catalog tool, never made a package tool. */
  indirect?: boolean
  /** Wappalyzer confidence, 0-100. */
  confidence?: number
}

export function isPackageEcosystem(kind: string): kind is PackageEcosystem {
  return (PACKAGE_ECOSYSTEMS as readonly string[]).includes(kind)
}

/**
 * A version requirement reduced to the version it names: '^1.2.3' -> '1.2.3', '>=2.0,<3' -> '2.0', '~> 7.1' -> '7.1',
 * 'v1.22.0' -> '1.22.0'. Wildcards, URLs and paths give null.
 */
export function cleanVersion(spec: unknown): string | null {
  if (typeof spec !== 'string' && typeof spec !== 'number') return null
  const text = String(spec).trim()
  if (!text || /^(\*|latest|x|any|master|main|head)$/i.test(text)) return null
  if (/^(file|link|workspace|git|git\+|https?|github|path):/i.test(text) || text.includes('/')) return null
  const match = /v?(\d+(?:\.(?:\d+|x|\*))*(?:[-+][0-9A-Za-z.-]+)?)/.exec(text)
  if (!match) return null
  return match[1]!.replace(/\.(x|\*)$/i, '').replace(/\.(x|\*)(?=\.)/gi, '')
}

// Scores a scan against a Stack File answer key (issue 19): names compared loosely, a catalog tool matching by its
// name or any of its aliases; a package by its ecosystem's own spelling rules.
import { SCAN_PRESELECT_CONFIDENCE } from '#contracts/scan.ts'
import { looseName } from '../alias-normalize.ts'
import type { KeyEcosystem, KeyPackage, KeyTool, StackFileKey } from './stack-file.ts'

export interface ScoredTool {
  name: string
  aliases: string[]
  is_package: boolean
  /** The package's ecosystem (npm, pypi, go, ...), for package tools. */
  ecosystem: string | null
  /** 0-100; the wizard preselects tools from CONFIDENT_AT up and suggests the rest. */
  confidence: number
}

/** What the create-stack wizard preselects (contracts/scan.ts). */
/** A scanner as the evaluation runs it: a folder in, the tools it reports out (ours, or @specfy/stack-analyser). */
export type Engine = (folder: string) => Promise<ScoredTool[]>

export const CONFIDENT_AT = SCAN_PRESELECT_CONFIDENCE

export interface Score {
  toolsExpected: number
  toolsFound: number
  packagesExpected: number
  packagesFound: number
  /** Non-package tools reported, and how many of them the key lists (as a tool or as a package). */
  reported: number
  reportedInKey: number
  /** The same two counts for the confident ones (what the wizard preselects). */
  confident: number
  confidentInKey: number
  missedTools: KeyTool[]
  missedPackages: KeyPackage[]
  extras: string[]
}

/** Our ecosystems' names for the key's registries. */
const ECOSYSTEM_OF_KEY: Record<KeyEcosystem, string> = {
  npm: 'npm',
  pypi: 'pypi',
  rubygems: 'rubygems',
  packagist: 'packagist',
  go: 'go',
  cargo: 'cargo',
  nuget: 'nuget',
  maven: 'maven',
  pub: 'pub',
  hex: 'hex',
  cocoapods: 'swift',
  cran: 'cran',
  swift: 'swift',
}

/** A package name in the form both sides compare: PEP 503 for PyPI, lower case elsewhere. */
export function packageKey(ecosystem: string, name: string): string {
  const lower = name.trim().toLowerCase()
  return ecosystem === 'pypi' ? lower.replace(/[-_.]+/g, '-') : lower
}

/**
 * Whether a detected package is the key's: same ecosystem and name, except Go, which StackShare lists by the module
 * path's last segments ('zap' for go.uber.org/zap, 'google/uuid' for github.com/google/uuid).
 */
export function isSamePackage(expected: KeyPackage, tool: ScoredTool): boolean {
  const ecosystem = ECOSYSTEM_OF_KEY[expected.ecosystem]
  if (!tool.is_package || tool.ecosystem !== ecosystem) return false
  const want = packageKey(ecosystem, expected.name)
  const have = packageKey(ecosystem, tool.name)
  if (ecosystem !== 'go') return want === have
  const path = have.replace(/\/v\d+$/, '')
  return path === want || path.endsWith(`/${want}`) || have.endsWith(`/${want}`)
}

const namesOf = (tool: ScoredTool) => [tool.name, ...tool.aliases].map(looseName)

export function scoreScan(key: StackFileKey, detected: ScoredTool[]): Score {
  const detectedNames = new Set(detected.flatMap(namesOf))
  const missedTools = key.tools.filter((tool) => !detectedNames.has(looseName(tool.name)))
  const missedPackages = key.packages.filter((item) => !detected.some((tool) => isSamePackage(item, tool)))
  const keyNames = new Set(
    [...key.tools.map((tool) => tool.name), ...key.packages.map((item) => item.name)].map(looseName),
  )
  const reportedTools = detected.filter((tool) => !tool.is_package)
  const extras = reportedTools.filter((tool) => !namesOf(tool).some((name) => keyNames.has(name)))
  return {
    toolsExpected: key.tools.length,
    toolsFound: key.tools.length - missedTools.length,
    packagesExpected: key.packages.length,
    packagesFound: key.packages.length - missedPackages.length,
    reported: reportedTools.length,
    reportedInKey: reportedTools.length - extras.length,
    confident: reportedTools.filter((tool) => tool.confidence >= CONFIDENT_AT).length,
    confidentInKey: reportedTools.filter((tool) => tool.confidence >= CONFIDENT_AT && !extras.includes(tool)).length,
    missedTools,
    missedPackages,
    extras: extras.map((tool) => tool.name),
  }
}

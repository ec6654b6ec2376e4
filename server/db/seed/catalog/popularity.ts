// The seed popularity prior: how well known a tool is, read from the data packages themselves, so that popular
// lists make sense before anyone has built a stack. Real use is added on top by the generated column
// tool.popularity = seed_popularity + 10 * stacks_count + 3 * followers_count + votes_count.
// Reasoning and weights: docs/decisions/004-popularity.md.
import { ADD_ON_CATEGORY, WAPPALYZER_CATEGORY_MAP } from './category-map.ts'
import type { MergedTool } from './merge.ts'
import { nameKey } from './names.ts'
import { toolAliases as packageAliases } from './package-aliases.ts'
import type { SourceName } from './sources.ts'

export interface PopularitySignals {
  /** The data packages that list the tool. */
  sources: SourceName[]
  /** Wappalyzer technologies that imply or require it (Next.js implies React, Laravel implies PHP). */
  dependentCount: number
  /** Wappalyzer technologies whose description names it ("hosted on GitHub", "built with Node.js"). */
  mentionCount: number
  /** It has a CPE identifier: vulnerability databases track it because it is deployed widely. */
  hasCpe: boolean
  /**
   * Package ecosystems (npm, pypi, docker, ...) in which the scanner's reviewed alias table (package-aliases.ts)
   * maps a package to the tool; null when the table does not name the tool.
   */
  scannerEcosystemCount: number | null
}

/**
 * Being listed says more the more selective the list: devicon keeps about 580 icons developers ask for, simple-icons
 * about 3,500 brands, while Wappalyzer (7,500 fingerprints) and Linguist (800 languages) aim to be complete.
 */
export const SOURCE_WEIGHTS: Record<SourceName, number> = {
  devicon: 250,
  'simple-icons': 100,
  wappalyzer: 50,
  linguist: 50,
}

export const POPULARITY_WEIGHTS = {
  dependents: 50,
  mentions: 50,
  cpe: 30,
  scannerNamed: 40,
  perScannerEcosystem: 20,
} as const

/**
 * Counts enter through log2(1 + n), so the tenth dependent adds less than the first and no single ecosystem
 * swamps the list. The result is a whole number between 0 and about 1,200.
 */
export function seedPopularity(signals: PopularitySignals): number {
  const weights = POPULARITY_WEIGHTS
  const score =
    signals.sources.reduce((sum, source) => sum + SOURCE_WEIGHTS[source], 0) +
    weights.dependents * Math.log2(1 + signals.dependentCount) +
    weights.mentions * Math.log2(1 + signals.mentionCount) +
    (signals.hasCpe ? weights.cpe : 0) +
    (signals.scannerEcosystemCount === null
      ? 0
      : weights.scannerNamed + weights.perScannerEcosystem * signals.scannerEcosystemCount)
  return Math.round(score)
}

/** Add-ons (WordPress plugins, Shopify apps) exist for their host; see vouchers in popularitySignals. */
function isAddOn(tool: MergedTool): boolean {
  return tool.wappalyzer.some((technology) =>
    technology.categoryIds.some((id) => WAPPALYZER_CATEGORY_MAP[id]?.category === ADD_ON_CATEGORY),
  )
}

const WORD = /[A-Za-z0-9][A-Za-z0-9.+#'-]*[A-Za-z0-9+#]|[A-Za-z0-9]/g

/**
 * Which tools each Wappalyzer description names, matching the exact spelling of a tool's names as whole words
 * (case matters, so the verb "go" is not Go), counted once per describing tool.
 */
function countMentions(describers: MergedTool[], toolByName: Map<string, MergedTool>): Map<MergedTool, number> {
  const firstWords = new Set<string>()
  let longestName = 1
  for (const name of toolByName.keys()) {
    const words = name.match(WORD) ?? []
    if (words[0]) firstWords.add(words[0])
    longestName = Math.max(longestName, words.length)
  }
  const describersOf = new Map<MergedTool, Set<MergedTool>>()
  for (const describer of describers) {
    for (const technology of describer.wappalyzer) {
      const words = technology.description?.match(WORD) ?? []
      for (let start = 0; start < words.length; start++) {
        if (!firstWords.has(words[start]!)) continue
        let phrase = words[start]!
        for (let end = start + 1; ; end++) {
          const mentioned = toolByName.get(phrase)
          if (mentioned && mentioned !== describer) {
            describersOf.set(mentioned, (describersOf.get(mentioned) ?? new Set()).add(describer))
          }
          if (end >= words.length || end - start >= longestName) break
          phrase += ` ${words[end]}`
        }
      }
    }
  }
  return new Map([...describersOf].map(([tool, describing]) => [tool, describing.size]))
}

export function popularitySignals(tools: MergedTool[]): Map<MergedTool, PopularitySignals> {
  const toolByName = new Map<string, MergedTool>()
  const toolByKey = new Map<string, MergedTool>()
  for (const tool of tools) {
    for (const name of tool.names) {
      if (!toolByName.has(name)) toolByName.set(name, tool)
      if (!toolByKey.has(nameKey(name))) toolByKey.set(nameKey(name), tool)
    }
  }

  // Add-ons all require their host: hundreds of WordPress plugins would make WordPress outrank everything, so
  // they neither count as dependents nor as mentions.
  const vouchers = tools.filter((tool) => !isAddOn(tool))
  const dependentsOf = new Map<MergedTool, Set<MergedTool>>()
  for (const voucher of vouchers) {
    for (const technology of voucher.wappalyzer) {
      for (const impliedName of technology.impliedNames) {
        const implied = toolByKey.get(nameKey(impliedName))
        if (!implied || implied === voucher) continue
        dependentsOf.set(implied, (dependentsOf.get(implied) ?? new Set()).add(voucher))
      }
    }
  }
  const mentionCounts = countMentions(vouchers, toolByName)

  const scannerEcosystems = new Map<MergedTool, number>()
  for (const [toolName, aliasesByKind] of Object.entries(packageAliases)) {
    const tool = toolByKey.get(nameKey(toolName))
    if (tool) scannerEcosystems.set(tool, Object.keys(aliasesByKind).filter((kind) => kind !== 'name').length)
  }

  return new Map(
    tools.map((tool) => [
      tool,
      {
        sources: tool.sources,
        dependentCount: dependentsOf.get(tool)?.size ?? 0,
        mentionCount: mentionCounts.get(tool) ?? 0,
        hasCpe: tool.wappalyzer.some((technology) => technology.cpeProduct !== null),
        scannerEcosystemCount: scannerEcosystems.get(tool) ?? null,
      },
    ]),
  )
}

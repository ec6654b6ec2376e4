// Builds the tool catalog from the installed data packages: Wappalyzer fingerprints (the bulk of the tools, with
// categories, websites and descriptions), Linguist languages, devicon's developer tools and simple-icons' logos.
// Pure and deterministic: the same packages give the same catalog, byte for byte. docs/catalog.md explains the
// merge rules; seed.ts writes the result to the database.
import crypto from 'node:crypto'
import { slugify } from '#contracts/owners.ts'
import {
  CATEGORIES,
  type CategoryDefinition,
  DEVICON_TAG_RULES,
  FALLBACK_CATEGORY,
  LANGUAGES_CATEGORY,
  LAYERS,
  type LayerDefinition,
  REVIEWED_CATEGORIES,
  refineCategory,
  WAPPALYZER_CATEGORY_MAP,
} from './category-map.ts'
import { type MergedTool, mergeSources, STACK_DATA_LANGUAGES } from './merge.ts'
import { compareText, nameKey, normalizeAlias } from './names.ts'
import { toolAliases as packageAliases } from './package-aliases.ts'
import { popularitySignals, seedPopularity } from './popularity.ts'
import { type DataSource, type DeviconEntry, readSources, type SourceData, type SourceName } from './sources.ts'

export interface CatalogAlias {
  kind: string
  alias: string
}

export interface CatalogTool {
  slug: string
  name: string
  /** One line, at most TITLE_MAX_LENGTH characters. */
  title: string | null
  description: string | null
  websiteUrl: string | null
  categorySlug: string
  /** Complete <svg> markup, filled with the brand colour for simple-icons logos; null means a generated monogram. */
  logoSvg: string | null
  /** '#RRGGBB'. */
  brandColor: string | null
  isPackage: false
  seedPopularity: number
  aliases: CatalogAlias[]
  sources: SourceName[]
}

/** A package tool (is_package) of an ecosystem: no category, logo or seed prior; real use ranks it. */
export interface CatalogPackage {
  slug: string
  name: string
  title: string
  websiteUrl: string
  ecosystem: 'npm'
  /** The scanner's alias of the package ({kind: 'npm', alias}). */
  alias: CatalogAlias
}

export interface CatalogLayer extends LayerDefinition {
  position: number
}

export interface CatalogCategory extends CategoryDefinition {
  position: number
}

export interface Catalog {
  /** Content hash of layers, categories and tools: recorded as catalog_meta 'catalog_version'. */
  version: string
  sources: DataSource[]
  layers: CatalogLayer[]
  categories: CatalogCategory[]
  /** Most popular first, then by name. */
  tools: CatalogTool[]
  /** npm's most depended-on packages that are no catalog tool, most depended-on first. */
  packages: CatalogPackage[]
  /** Keys of package-aliases.ts that name no catalog tool (a typo, or a tool no data package has). */
  unresolvedPackageAliasKeys: string[]
  /** Aliases of package-aliases.ts claimed by two tools; the first listed tool keeps them. */
  conflictingPackageAliases: string[]
}

export const TITLE_MAX_LENGTH = 120
/**
 * How many of npm's most depended-on packages become package tools (is_package), so that Show Packages lists real
 * ecosystem packages on a fresh site (docs/decisions/028-catalog-package-tools.md).
 */
export const NPM_PACKAGE_TOOLS = 1000

export function buildCatalog(): Catalog {
  return buildCatalogFrom(readSources())
}

export function buildCatalogFrom(data: SourceData): Catalog {
  const merged = mergeSources(data)
  const signals = popularitySignals(merged)
  const ranked = merged
    .map((tool) => ({ tool, seedPopularity: seedPopularity(signals.get(tool)!) }))
    .sort((a, b) => b.seedPopularity - a.seedPopularity || compareText(a.tool.name, b.tool.name))

  // Popular tools claim clean slugs first; a later tool whose name slugs the same gets a numbered slug.
  const slugs = new Map<MergedTool, string>()
  const takenSlugs = new Set<string>()
  for (const { tool } of ranked) {
    const base = slugify(tool.name) || 'tool'
    let slug = base
    for (let suffix = 2; takenSlugs.has(slug); suffix++) slug = `${base}-${suffix}`
    takenSlugs.add(slug)
    slugs.set(tool, slug)
  }

  const aliases = resolveAliases(ranked.map(({ tool }) => tool))
  const tools: CatalogTool[] = ranked.map(({ tool, seedPopularity }) => {
    const description = tool.wappalyzer.find((technology) => technology.description)?.description ?? null
    const categorySlug = categoryOf(tool, description)
    // "Programming language" only for what the catalog files as a language, not a library Linguist has a grammar for.
    const languageTitle =
      tool.linguist && !description && categorySlug === LANGUAGES_CATEGORY
        ? `${capitalize(tool.linguist.type)} language`
        : null
    return {
      slug: slugs.get(tool)!,
      name: tool.name,
      title: description ? titleFromDescription(description) : languageTitle,
      description,
      websiteUrl: tool.wappalyzer.find((technology) => technology.website)?.website ?? null,
      categorySlug,
      logoSvg: logoOf(data, tool),
      brandColor: normalizeColor(tool.simpleIcon?.hex ?? tool.devicon?.color ?? tool.linguist?.color),
      isPackage: false,
      seedPopularity,
      aliases: aliases.byTool.get(tool) ?? [],
      sources: tool.sources,
    }
  })
  const packages = npmPackageTools(data.npmTopDependents ?? [], tools, takenSlugs)

  const layers = LAYERS.map((layer, position) => ({ ...layer, position }))
  const categories = CATEGORIES.map((category, position) => ({ ...category, position }))
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify({ layers, categories, tools, packages }))
    .digest('hex')
    .slice(0, 16)
  return {
    version,
    sources: data.sources,
    layers,
    categories,
    tools,
    packages,
    unresolvedPackageAliasKeys: aliases.unresolvedPackageAliasKeys,
    conflictingPackageAliases: aliases.conflictingPackageAliases,
  }
}

/**
 * npm's most depended-on packages that are no catalog tool: neither an npm alias of one (npm 'pg' is PostgreSQL)
 * nor one's name ('eslint' is ESLint, as the scanner's name fallback has it). Slug, title and website as the scanner
 * gives the package tools it creates (server/modules/scan/tool-mapper.ts packageSlug, scan.queries.ts), so a scan
 * finds these instead of making its own.
 */
function npmPackageTools(names: readonly string[], catalogTools: CatalogTool[], takenSlugs: Set<string>) {
  const claimed = new Set<string>()
  for (const tool of catalogTools) {
    claimed.add(`name:${nameKey(tool.name)}`)
    for (const alias of tool.aliases)
      if (alias.kind === 'npm' || alias.kind === 'name') claimed.add(`${alias.kind}:${alias.alias}`)
  }
  const packages: CatalogPackage[] = []
  for (const name of names) {
    if (packages.length >= NPM_PACKAGE_TOOLS) break
    const alias = normalizeAlias('npm', name)
    if (!alias || claimed.has(`npm:${alias}`) || claimed.has(`name:${nameKey(name)}`)) continue
    claimed.add(`npm:${alias}`)
    const base = `npm-${slugify(name.replace(/^@/, ''))}`.slice(0, 60).replace(/-+$/, '')
    let slug = base
    for (let suffix = 2; takenSlugs.has(slug); suffix++) slug = `${base.slice(0, 56)}-${suffix}`
    takenSlugs.add(slug)
    packages.push({
      slug,
      name,
      title: `${name} package on npm`,
      websiteUrl: `https://www.npmjs.com/package/${name}`,
      ecosystem: 'npm',
      alias: { kind: 'npm', alias },
    })
  }
  return packages
}

function deviconCategory(entry: DeviconEntry): string | undefined {
  const tags = new Set(entry.tags)
  return DEVICON_TAG_RULES.find(
    (rule) => rule.anyTag?.some((tag) => tags.has(tag)) || rule.allTags?.every((tag) => tags.has(tag)),
  )?.category
}

/**
 * The reviewed table first, then Wappalyzer's first specific class, then devicon's tags, then Linguist for
 * programming languages. Linguist calls some file formats and libraries "programming" (Dockerfile, which merges
 * into Docker; NumPy), so it decides only when no other source gives a specific class.
 */
function categoryOf(tool: MergedTool, description: string | null): string {
  const reviewed = REVIEWED_CATEGORIES[tool.name]
  if (reviewed) return reviewed
  const mappings = tool.wappalyzer.flatMap((technology) =>
    technology.categoryIds.map((id) => {
      const mapping = WAPPALYZER_CATEGORY_MAP[id]
      if (!mapping) throw new Error(`Wappalyzer category ${id} is not mapped in category-map.ts`)
      return { ...mapping, category: (technology.isSaas && mapping.saasCategory) || mapping.category }
    }),
  )
  const category =
    mappings.find((mapping) => !mapping.isWeak)?.category ??
    (tool.devicon && deviconCategory(tool.devicon)) ??
    (tool.linguist && (tool.linguist.type === 'programming' || STACK_DATA_LANGUAGES.has(tool.linguist.name))
      ? LANGUAGES_CATEGORY
      : undefined) ??
    mappings[0]?.category ??
    FALLBACK_CATEGORY
  return refineCategory(category, description)
}

/** The first sentence of a description, on one line and cut at a word when longer than TITLE_MAX_LENGTH. */
export function titleFromDescription(description: string): string {
  const oneLine = description.replace(/\s+/g, ' ').trim()
  const firstSentence = oneLine.split(/(?<=[a-z0-9)][.!?])\s+(?=[A-Z])/)[0]!
  if (firstSentence.length <= TITLE_MAX_LENGTH) return firstSentence
  const cut = firstSentence.slice(0, TITLE_MAX_LENGTH - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > TITLE_MAX_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:]+$/, '')}…`
}

function normalizeColor(color: string | null | undefined): string | null {
  const hex = color?.replace(/^#/, '')
  if (!hex) return null
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
  return /^[0-9a-f]{6}$/i.test(full) ? `#${full.toUpperCase()}` : null
}

/**
 * simple-icons logos are single-colour paths: the brand colour goes on the root element so the logo shows as the
 * brand shows it. devicon logos are drawn in their own colours; they serve tools simple-icons does not draw.
 */
function logoOf(data: SourceData, tool: MergedTool): string | null {
  if (tool.simpleIcon) {
    return data.readSimpleIconSvg(tool.simpleIcon.slug).replace('<svg ', `<svg fill="#${tool.simpleIcon.hex}" `)
  }
  if (!tool.devicon) return null
  const versions = tool.devicon.svgVersions
  const version = ['original', 'plain'].find((preferred) => versions.includes(preferred)) ?? versions[0]
  if (!version) return null
  const svg = data.readDeviconSvg(tool.devicon.id, version)
  // Some files start with an XML declaration or a comment; the column holds the <svg> element alone.
  return svg.slice(svg.indexOf('<svg')).trim()
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** A tool's aliases before conflicts are settled: its own names and identifiers, and the sources' nicknames. */
function aliasesOf(tool: MergedTool): { own: CatalogAlias[]; derived: CatalogAlias[] } {
  const own: CatalogAlias[] = []
  const derived: CatalogAlias[] = []
  const add = (list: CatalogAlias[], kind: string, value: string) => {
    const alias = normalizeAlias(kind, value)
    if (alias) list.push({ kind, alias })
  }
  for (const name of tool.names) add(own, 'name', name)
  for (const technology of tool.wappalyzer) {
    add(own, 'wappalyzer', technology.name)
    if (technology.cpeProduct) add(derived, 'name', technology.cpeProduct)
  }
  if (tool.linguist) {
    for (const name of [tool.linguist.name, ...tool.linguist.aliases]) add(own, 'linguist', name)
    for (const alias of tool.linguist.aliases) add(derived, 'name', alias)
  }
  if (tool.simpleIcon) {
    add(own, 'simple-icons', tool.simpleIcon.slug)
    for (const name of tool.simpleIcon.otherNames) add(derived, 'name', name)
  }
  if (tool.devicon) {
    add(own, 'devicon', tool.devicon.id)
    for (const name of [tool.devicon.id, ...tool.devicon.altnames]) add(derived, 'name', name)
  }
  return { own, derived }
}

/**
 * Every (kind, alias) names one tool in the database. Claims are settled in rank order: the reviewed table
 * (package-aliases.ts) first, then each tool's own names and source identifiers, then the nicknames the sources
 * give (simple-icons "aka", devicon altnames, Linguist aliases, CPE products); within a rank the more popular
 * tool (earlier in `ranked`) keeps the alias.
 */
function resolveAliases(ranked: MergedTool[]) {
  const toolByKey = new Map<string, MergedTool>()
  for (const tool of ranked)
    for (const name of tool.names) if (!toolByKey.has(nameKey(name))) toolByKey.set(nameKey(name), tool)

  const byTool = new Map<MergedTool, CatalogAlias[]>()
  const owners = new Map<string, MergedTool>()
  const claim = (tool: MergedTool, { kind, alias }: CatalogAlias): MergedTool | undefined => {
    const id = `${kind}:${alias}`
    const owner = owners.get(id)
    if (owner) return owner
    owners.set(id, tool)
    const aliases = byTool.get(tool) ?? []
    aliases.push({ kind, alias })
    byTool.set(tool, aliases)
    return tool
  }

  const unresolvedPackageAliasKeys: string[] = []
  const conflictingPackageAliases: string[] = []
  for (const [toolName, aliasesByKind] of Object.entries(packageAliases)) {
    const tool = toolByKey.get(nameKey(toolName))
    if (!tool) {
      unresolvedPackageAliasKeys.push(toolName)
      continue
    }
    for (const [kind, values] of Object.entries(aliasesByKind)) {
      for (const value of values ?? []) {
        const alias = { kind, alias: normalizeAlias(kind, value) }
        if (claim(tool, alias) !== tool) conflictingPackageAliases.push(`${kind}:${alias.alias}`)
      }
    }
  }
  const candidates = ranked.map((tool) => ({ tool, ...aliasesOf(tool) }))
  for (const { tool, own } of candidates) for (const alias of own) claim(tool, alias)
  for (const { tool, derived } of candidates) for (const alias of derived) claim(tool, alias)

  for (const aliases of byTool.values()) {
    aliases.sort((a, b) => compareText(a.kind, b.kind) || compareText(a.alias, b.alias))
  }
  return { byTool, unresolvedPackageAliasKeys, conflictingPackageAliases }
}

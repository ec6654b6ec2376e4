// The catalog built in memory from the data packages (server/db/seed/catalog/build.ts), as a ToolLookup: the CLI
// maps offline through it, without a database, exactly as the server maps through the seeded tool_alias table.
import { buildCatalog, type Catalog } from '../../db/seed/catalog/build.ts'
import { toolAliases } from '../../db/seed/catalog/package-aliases.ts'
import { looseName } from './alias-normalize.ts'
import { createMemoryLookup, type ToolLookup } from './tool-mapper.ts'

let lookup: ToolLookup | null = null
let catalog: Catalog | null = null

/** Builds the catalog once per process (about 3 s). */
function loadCatalog(): Catalog {
  catalog ??= buildCatalog()
  return catalog
}

export function loadCatalogLookup(): ToolLookup {
  if (lookup) return lookup
  const catalog = loadCatalog()
  const categoryNames = new Map(catalog.categories.map((category) => [category.slug, category.name]))
  const spellings = reviewedSpellings()
  lookup = createMemoryLookup(
    catalog.tools.map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      category: categoryNames.get(tool.categorySlug) ?? null,
      aliases: tool.aliases,
      otherNames: otherNames(tool.name, tool.aliases, spellings),
    })),
  )
  return lookup
}

/** A catalog tool's website and layer name by its slug, as the stack files the CLI prints carry them. */
export function catalogToolDetails(): Map<string, { website: string | null; layer: string | null }> {
  const { layers, categories, tools } = loadCatalog()
  const layerNames = new Map(layers.map((layer) => [layer.slug, layer.name]))
  const layerOfCategory = new Map(
    categories.map((category) => [category.slug, layerNames.get(category.layerSlug) ?? null]),
  )
  return new Map(
    tools.map((tool) => [
      tool.slug,
      { website: tool.websiteUrl, layer: layerOfCategory.get(tool.categorySlug) ?? null },
    ]),
  )
}

/** The reviewed table's spellings as written ('Rails', 'Twilio SendGrid'), by their loose key. */
function reviewedSpellings(): Map<string, string> {
  const spellings = new Map<string, string>()
  for (const aliases of Object.values(toolAliases))
    for (const name of aliases.name ?? []) spellings.set(looseName(name), name)
  return spellings
}

/** A tool's `name` aliases other than its own name, as written where the reviewed table spells them. */
export function otherNames(
  name: string,
  aliases: { kind: string; alias: string }[],
  spellings: Map<string, string>,
): string[] {
  const own = looseName(name)
  return aliases
    .filter((alias) => alias.kind === 'name' && alias.alias !== own)
    .map((alias) => spellings.get(alias.alias) ?? alias.alias)
}

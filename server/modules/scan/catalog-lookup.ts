// The catalog built in memory from the data packages (server/db/seed/catalog/build.ts), as a ToolLookup: the CLI
// maps offline through it, without a database, exactly as the server maps through the seeded tool_alias table.
import { buildCatalog } from '../../db/seed/catalog/build.ts'
import { createMemoryLookup, type ToolLookup } from './tool-mapper.ts'

let lookup: ToolLookup | null = null

/** Builds the catalog once per process (about 3 s). */
export function loadCatalogLookup(): ToolLookup {
  if (lookup) return lookup
  const catalog = buildCatalog()
  const categoryNames = new Map(catalog.categories.map((category) => [category.slug, category.name]))
  lookup = createMemoryLookup(
    catalog.tools.map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      category: categoryNames.get(tool.categorySlug) ?? null,
      aliases: tool.aliases,
    })),
  )
  return lookup
}

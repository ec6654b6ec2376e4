// npm run catalog:build [-- --json <file>]: builds the catalog from the installed data packages and prints what
// went in (sources, tools per layer and category); with --json, writes the whole catalog to a file for review.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { buildCatalog } from './build.ts'

const { values } = parseArgs({ options: { json: { type: 'string' } } })
const started = performance.now()
const catalog = buildCatalog()
const elapsed = Math.round(performance.now() - started)

console.log(`Catalog ${catalog.version}: ${catalog.tools.length} tools in ${elapsed} ms`)
console.log('\nSources')
for (const source of catalog.sources) {
  const name = source.name
  const count =
    name === 'npm-high-impact'
      ? `${catalog.packages.length} package tools`
      : `${catalog.tools.filter((tool) => tool.sources.includes(name)).length} tools`
  console.log(`  ${source.packageName}@${source.version} (${source.licence}): ${count}`)
}

const toolsPerCategory = new Map<string, number>()
for (const tool of catalog.tools)
  toolsPerCategory.set(tool.categorySlug, (toolsPerCategory.get(tool.categorySlug) ?? 0) + 1)
for (const layer of catalog.layers) {
  const layerCategories = catalog.categories.filter((category) => category.layerSlug === layer.slug)
  const total = layerCategories.reduce((sum, category) => sum + (toolsPerCategory.get(category.slug) ?? 0), 0)
  console.log(`\n${layer.name}: ${total} tools`)
  for (const category of layerCategories) console.log(`  ${category.name}: ${toolsPerCategory.get(category.slug) ?? 0}`)
}

console.log(`\nWith a logo: ${catalog.tools.filter((tool) => tool.logoSvg).length}`)
console.log(`Aliases: ${catalog.tools.reduce((sum, tool) => sum + tool.aliases.length, 0)}`)
console.log(
  `Most popular: ${catalog.tools
    .slice(0, 20)
    .map((tool) => tool.name)
    .join(', ')}`,
)
for (const key of catalog.unresolvedPackageAliasKeys) console.warn(`package-aliases.ts names no catalog tool: ${key}`)
for (const alias of catalog.conflictingPackageAliases) console.warn(`package-aliases.ts gives ${alias} to two tools`)

if (values.json) {
  fs.writeFileSync(values.json, `${JSON.stringify(catalog, null, 2)}\n`)
  console.log(`\nWrote ${values.json}`)
}

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/harness.ts'
import type { Database } from '../../client.ts'
import { catalogMeta, categories, layers, toolAliases, tools } from '../../schema/index.ts'
import { buildCatalog, type Catalog } from './build.ts'
import { CATALOG_VERSION_KEY, seedCatalog, seedCatalogIfChanged, seedCatalogIfEmpty } from './seed.ts'

let database: Database
let catalog: Catalog

beforeAll(async () => {
  database = await openTestDatabase()
  catalog = buildCatalog()
}, 120_000)

afterAll(async () => {
  await database?.close()
})

/** Products and package tools. */
const allTools = () => catalog.tools.length + catalog.packages.length
const allAliases = () => catalog.tools.reduce((sum, tool) => sum + tool.aliases.length, 0) + catalog.packages.length

async function count(table: typeof tools | typeof toolAliases | typeof categories | typeof layers) {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(table)
  return row!.count
}

describe('seedCatalogIfEmpty', () => {
  it('seeds an empty database with every layer, category, tool and alias', async () => {
    const result = await seedCatalogIfEmpty(database.db)
    expect(result).toEqual({ tools: allTools() })
    expect(await count(layers)).toBe(4)
    expect(await count(categories)).toBe(catalog.categories.length)
    expect(await count(tools)).toBe(allTools())
    expect(await count(toolAliases)).toBe(allAliases())
  }, 120_000)

  it('records the catalog version', async () => {
    const [meta] = await database.db.select().from(catalogMeta).where(eq(catalogMeta.key, CATALOG_VERSION_KEY))
    expect(meta?.value).toBe(catalog.version)
  })

  it('stores each tool with its category, logo route, prior and search document', async () => {
    const [react] = await database.db
      .select({
        imageUrl: tools.imageUrl,
        logoSvg: tools.logoSvg,
        seedPopularity: tools.seedPopularity,
        popularity: tools.popularity,
        category: categories.slug,
      })
      .from(tools)
      .innerJoin(categories, eq(categories.id, tools.categoryId))
      .where(eq(tools.slug, 'react'))
    expect(react).toMatchObject({ imageUrl: '/logos/react.svg', category: 'javascript-ui-libraries' })
    expect(react!.logoSvg).toMatch(/^<svg/)
    expect(react!.popularity).toBe(react!.seedPopularity)
    const [withoutSearch] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tools)
      .where(sql`${tools.searchVector} is null`)
    expect(withoutSearch!.count).toBe(0)
  })

  it('finds tools by their aliases through the search vector', async () => {
    const rows = await database.db
      .select({ slug: tools.slug })
      .from(tools)
      .where(sql`${tools.searchVector} @@ to_tsquery('simple', 'golang')`)
    expect(rows.map((row) => row.slug)).toContain('go')
  })

  it('stores npm package tools without a category, with their npm alias, as the scanner would', async () => {
    const [chalk] = await database.db
      .select({
        id: tools.id,
        name: tools.name,
        isPackage: tools.isPackage,
        packageEcosystem: tools.packageEcosystem,
        categoryId: tools.categoryId,
        websiteUrl: tools.websiteUrl,
      })
      .from(tools)
      .where(eq(tools.slug, 'npm-chalk'))
    expect(chalk).toMatchObject({
      name: 'chalk',
      isPackage: true,
      packageEcosystem: 'npm',
      categoryId: null,
      websiteUrl: 'https://www.npmjs.com/package/chalk',
    })
    const [alias] = await database.db
      .select({ toolId: toolAliases.toolId })
      .from(toolAliases)
      .where(sql`${toolAliases.kind} = 'npm' and ${toolAliases.alias} = 'chalk'`)
    expect(alias?.toolId).toBe(chalk!.id)
  })

  it('does nothing when the catalog is already there', async () => {
    expect(await seedCatalogIfEmpty(database.db)).toBeNull()
    expect(await count(tools)).toBe(allTools())
  })
})

describe('seedCatalogIfChanged', () => {
  const categoryOf = async (slug: string) =>
    (
      await database.db
        .select({ category: categories.slug })
        .from(tools)
        .innerJoin(categories, eq(categories.id, tools.categoryId))
        .where(eq(tools.slug, slug))
    )[0]?.category

  it('brings an install seeded by an earlier build to this catalog, and then leaves it', async () => {
    // as an install seeded before issue 31 minor 13 has it: NumPy under Languages, an older catalog version
    const [languages] = await database.db.select().from(categories).where(eq(categories.slug, 'languages'))
    await database.db.update(tools).set({ categoryId: languages!.id }).where(eq(tools.slug, 'numpy'))
    await database.db.update(catalogMeta).set({ value: 'earlier' }).where(eq(catalogMeta.key, CATALOG_VERSION_KEY))

    expect(await seedCatalogIfChanged(database.db, () => catalog)).toEqual({ tools: allTools() })
    expect(await categoryOf('numpy')).toBe('data-science')
    const [meta] = await database.db.select().from(catalogMeta).where(eq(catalogMeta.key, CATALOG_VERSION_KEY))
    expect(meta?.value).toBe(catalog.version)
    expect(await count(tools)).toBe(allTools())

    expect(await seedCatalogIfChanged(database.db, () => catalog)).toBeNull()
  }, 120_000)
})

describe('seedCatalog', () => {
  it('can run again without duplicating anything, restoring the catalog fields', async () => {
    await database.db.update(tools).set({ name: 'Renamed' }).where(eq(tools.slug, 'react'))
    await seedCatalog(database.db, catalog)
    expect(await count(tools)).toBe(allTools())
    expect(await count(toolAliases)).toBe(allAliases())
    const [react] = await database.db.select({ name: tools.name }).from(tools).where(eq(tools.slug, 'react'))
    expect(react?.name).toBe('React')
  }, 120_000)
})

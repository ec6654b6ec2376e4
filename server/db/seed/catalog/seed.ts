// Writes the built catalog (build.ts) to the database: layers, categories, tools, aliases, search vectors and the
// catalog version, in one transaction. Re-running it updates the catalog's own fields in place (upserts by slug
// and by (kind, alias)), so it is idempotent; tools and aliases no longer in the catalog are kept, because stacks
// may use them. The server runs seedCatalogIfChanged on start (server/prepare-database.ts): a fresh install gets the
// catalog, and an install seeded by an earlier build (another catalog version) gets this one's fields, so a corrected
// category or title reaches existing sites with the upgrade.
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../client.ts'
import { catalogMeta, categories, layers, toolAliases, tools } from '../../schema/index.ts'
import { refreshToolSearchVectors } from '../../tool-search.ts'
import { buildCatalog, type Catalog } from './build.ts'

/** PGlite pays per statement and PostgreSQL caps a statement at 65,535 parameters: 500 rows keeps both happy. */
const BATCH_SIZE = 500

/** Serialises seeding between server instances starting together on one PostgreSQL database. */
const SEED_LOCK_KEY = 'stackatlas:catalog-seed'

export const CATALOG_VERSION_KEY = 'catalog_version'

/** The value the conflicting insert proposed, for ON CONFLICT DO UPDATE SET. */
function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`)
}

function batches<T>(rows: T[]): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < rows.length; start += BATCH_SIZE) chunks.push(rows.slice(start, start + BATCH_SIZE))
  return chunks
}

async function lockSeeding(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK_KEY}))`)
}

async function hasTools(db: Db): Promise<boolean> {
  const rows = await db.select({ id: tools.id }).from(tools).limit(1)
  return rows.length > 0
}

async function writeCatalog(db: Db, catalog: Catalog): Promise<{ tools: number }> {
  const layerRows = await db
    .insert(layers)
    .values(catalog.layers)
    .onConflictDoUpdate({
      target: layers.slug,
      set: { name: excluded(layers.name), position: excluded(layers.position) },
    })
    .returning({ id: layers.id, slug: layers.slug })
  const layerIds = new Map(layerRows.map((row) => [row.slug, row.id]))

  const categoryRows = await db
    .insert(categories)
    .values(
      catalog.categories.map((category) => ({
        slug: category.slug,
        name: category.name,
        position: category.position,
        layerId: layerIds.get(category.layerSlug)!,
      })),
    )
    .onConflictDoUpdate({
      target: categories.slug,
      set: {
        name: excluded(categories.name),
        position: excluded(categories.position),
        layerId: excluded(categories.layerId),
      },
    })
    .returning({ id: categories.id, slug: categories.slug })
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]))

  const toolIds = new Map<string, number>()
  for (const batch of batches(catalog.tools)) {
    const rows = await db
      .insert(tools)
      .values(
        batch.map((tool) => ({
          slug: tool.slug,
          name: tool.name,
          title: tool.title,
          description: tool.description,
          websiteUrl: tool.websiteUrl,
          categoryId: categoryIds.get(tool.categorySlug)!,
          // Every tool has an image: the logo route serves logo_svg, or a monogram when there is none.
          imageUrl: `/logos/${tool.slug}.svg`,
          logoSvg: tool.logoSvg,
          brandColor: tool.brandColor,
          isPackage: tool.isPackage,
          seedPopularity: tool.seedPopularity,
        })),
      )
      .onConflictDoUpdate({
        target: tools.slug,
        set: {
          name: excluded(tools.name),
          title: excluded(tools.title),
          description: excluded(tools.description),
          websiteUrl: excluded(tools.websiteUrl),
          categoryId: excluded(tools.categoryId),
          imageUrl: excluded(tools.imageUrl),
          logoSvg: excluded(tools.logoSvg),
          brandColor: excluded(tools.brandColor),
          seedPopularity: excluded(tools.seedPopularity),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: tools.id, slug: tools.slug })
    for (const row of rows) toolIds.set(row.slug, row.id)
  }

  // Package tools: as the scanner makes them (server/modules/scan/scan.queries.ts), without a category.
  for (const batch of batches(catalog.packages)) {
    const rows = await db
      .insert(tools)
      .values(
        batch.map((tool) => ({
          slug: tool.slug,
          name: tool.name,
          title: tool.title,
          websiteUrl: tool.websiteUrl,
          imageUrl: `/logos/${tool.slug}.svg`,
          isPackage: true,
          packageEcosystem: tool.ecosystem,
        })),
      )
      .onConflictDoUpdate({
        target: tools.slug,
        set: { name: excluded(tools.name), title: excluded(tools.title), websiteUrl: excluded(tools.websiteUrl) },
        // never turns a product a user or the scanner named this way into a package
        setWhere: sql`${tools.isPackage}`,
      })
      .returning({ id: tools.id, slug: tools.slug })
    for (const row of rows) toolIds.set(row.slug, row.id)
  }

  const aliasRows = [
    ...catalog.tools.flatMap((tool) =>
      tool.aliases.map((alias) => ({ toolId: toolIds.get(tool.slug)!, kind: alias.kind, alias: alias.alias })),
    ),
    ...catalog.packages
      .filter((tool) => toolIds.has(tool.slug))
      .map((tool) => ({ toolId: toolIds.get(tool.slug)!, kind: tool.alias.kind, alias: tool.alias.alias })),
  ]
  for (const batch of batches(aliasRows)) {
    await db
      .insert(toolAliases)
      .values(batch)
      .onConflictDoUpdate({
        target: [toolAliases.kind, toolAliases.alias],
        set: { toolId: excluded(toolAliases.toolId) },
      })
  }

  // One search document for every tool (server/db/tool-search.ts), then the GIN index is made ready for queries.
  await refreshToolSearchVectors(db)

  await db
    .insert(catalogMeta)
    .values({ key: CATALOG_VERSION_KEY, value: catalog.version })
    .onConflictDoUpdate({ target: catalogMeta.key, set: { value: catalog.version, updatedAt: sql`now()` } })

  return { tools: catalog.tools.length + catalog.packages.length }
}

export async function seedCatalog(db: Db, catalog: Catalog = buildCatalog()): Promise<{ tools: number }> {
  return db.transaction(async (transaction) => {
    await lockSeeding(transaction)
    return writeCatalog(transaction, catalog)
  })
}

/**
 * Seeds a database whose tool table is empty (a fresh install); null when it already has tools. Instances started
 * together on a fresh database wait on the lock before building the catalog, so only the first pays for it.
 */
export async function seedCatalogIfEmpty(
  db: Db,
  build: () => Catalog = buildCatalog,
): Promise<{ tools: number } | null> {
  if (await hasTools(db)) return null
  return db.transaction(async (transaction) => {
    await lockSeeding(transaction)
    // Another instance may have seeded while this one waited for the lock.
    if (await hasTools(transaction)) return null
    return writeCatalog(transaction, build())
  })
}

async function storedCatalogVersion(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: catalogMeta.value })
    .from(catalogMeta)
    .where(eq(catalogMeta.key, CATALOG_VERSION_KEY))
  return row?.value ?? null
}

/**
 * On start: seeds a fresh install (seedCatalogIfEmpty), and re-applies the catalog to one whose recorded version is
 * not this build's (a release that corrected categories, titles or logos). Null when there was nothing to do.
 * Every instance builds the catalog to learn its version; the first to take the lock writes it, the others find the
 * version recorded and leave it.
 */
export async function seedCatalogIfChanged(
  db: Db,
  build: () => Catalog = buildCatalog,
): Promise<{ tools: number } | null> {
  if (!(await hasTools(db))) return seedCatalogIfEmpty(db, build)
  const catalog = build()
  if ((await storedCatalogVersion(db)) === catalog.version) return null
  return db.transaction(async (transaction) => {
    await lockSeeding(transaction)
    if ((await storedCatalogVersion(transaction)) === catalog.version) return null
    return writeCatalog(transaction, catalog)
  })
}

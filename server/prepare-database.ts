// What an instance writes before it serves: pending migrations, the catalog on a fresh install (or a changed catalog
// on an existing one), and a changed
// SITE_MODE in the audit log. Each step takes its own PostgreSQL advisory lock, so any number of instances may start
// together on one database: the first does the work, the others wait and find it done (decision 054).
import type { AppConfig } from './config.ts'
import type { Database } from './db/client.ts'
import type { Catalog } from './db/seed/catalog/build.ts'
import { seedCatalogIfChanged } from './db/seed/catalog/seed.ts'
import { vacuumToolSearch } from './db/tool-search.ts'
import { recordSiteModeIfChanged } from './modules/audit/audit.service.ts'

/**
 * `catalog` builds the tool catalog a fresh install gets, and an install seeded by another build is brought to (the
 * whole one unless a test passes a smaller one).
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<AppConfig, 'siteMode'>,
  options: { catalog?: () => Catalog } = {},
) {
  await database.migrate()
  const seeded = await seedCatalogIfChanged(database.db, options.catalog)
  if (seeded) await vacuumToolSearch(database.db)
  // SITE_MODE differs from the mode last recorded: written once, however many instances start (decision 050)
  const modeChanged = await recordSiteModeIfChanged(database.db, config.siteMode)
  return { seeded, modeChanged }
}

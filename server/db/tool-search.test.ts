// A fresh install's catalog is vacuumed once written (decision 070): the tables search reads have every page marked
// all-visible, so ranking by prefix is an index-only scan that reads no table page. PGlite has no autovacuum.
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareDatabase } from '../prepare-database.ts'
import { openTestDatabase } from '../test/harness.ts'
import type { Database } from './client.ts'
import { buildCatalog } from './seed/catalog/build.ts'
import { rowsOf } from './statements.ts'

let database: Database | null = null
afterEach(async () => {
  await database?.close()
  database = null
})

describe('the catalog of a fresh install', () => {
  it('is vacuumed once seeded: every page of the search tables is marked all-visible', async () => {
    database = await openTestDatabase()
    const whole = buildCatalog()
    const catalog = () => ({ ...whole, tools: whole.tools.slice(0, 300), packages: whole.packages.slice(0, 50) })
    const { seeded } = await prepareDatabase(database, { siteMode: 'public' }, { catalog })
    expect(seeded).not.toBeNull()
    const rows = rowsOf(
      await database.db.execute(sql`
      select relname, relpages, relallvisible from pg_class
       where relname in ('tool', 'tool_alias', 'tool_search', 'tool_search_prefix') order by relname`),
    )
    expect(rows.map((row) => row.relname)).toEqual(['tool', 'tool_alias', 'tool_search', 'tool_search_prefix'])
    for (const row of rows) {
      expect(row.relpages, String(row.relname)).toBeGreaterThan(0)
      expect(row.relallvisible, String(row.relname)).toBe(row.relpages)
    }
  })
})

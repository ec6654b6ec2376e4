// Whether this version's committed migrations are all applied: what /readyz reports (decision 054).
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Db, migrationsFolder } from './client.ts'
import { rowsOf } from './statements.ts'

interface JournalEntry {
  tag: string
  when: number
}

let committed: JournalEntry[] | null = null

function committedMigrations(): JournalEntry[] {
  committed ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[]
    }
  ).entries
  return committed
}

/**
 * The tags of the committed migrations the database has not applied. Drizzle knows a migration by its journal time
 * (created_at), as its migrator does. Migrations newer than this version's journal are not counted: during a rolling
 * upgrade the old instances keep serving on the new schema (migrations only add, decision 054).
 */
export async function findPendingMigrations(db: Db): Promise<string[]> {
  const [table] = rowsOf(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as name`))
  // never migrated: drizzle creates its table with the first run
  const rows = table?.name ? rowsOf(await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) : []
  const applied = new Set(rows.map((row) => Number(row.created_at)))
  return committedMigrations()
    .filter((migration) => !applied.has(migration.when))
    .map((migration) => migration.tag)
}

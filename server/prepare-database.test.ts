// Instances starting together on one PostgreSQL database (decision 054): ten rounds of three at once on a fresh
// database each, all of which must come up on the right schema, and a rolling start, the new version's migrations
// run while an instance on the previous migration keeps answering. PostgreSQL only: PGlite is one process and one
// connection, so nothing there starts together.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { buildApp } from './app.ts'
import { migratePostgresLocked, migrationsFolder, openPostgres } from './db/client.ts'
import { installJobQueue } from './db/job-queue-database.ts'
import { findPendingMigrations } from './db/migration-state.ts'
import { buildCatalog } from './db/seed/catalog/build.ts'
import { prepareDatabase } from './prepare-database.ts'
import { testConfig } from './test/harness.ts'
import { withDatabase } from './test/paths.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const ROUNDS = 10
const INSTANCES = 3

const created: string[] = []
afterEach(dropCreatedDatabases)

async function dropCreatedDatabases() {
  for (const name of created.splice(0)) await onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

async function onAdmin(statement: string) {
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

async function createFreshDatabase(): Promise<string> {
  const name = `stackatlas_start_${crypto.randomBytes(6).toString('hex')}`
  await onAdmin(`CREATE DATABASE ${name}`)
  created.push(name)
  return withDatabase(postgresUrl!, name)
}

/** Tables, columns, indexes, constraints, triggers and extensions: what the migrations make, in a comparable form. */
async function schemaOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ item: string }>(`
      select 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
             is_nullable || ' ' || coalesce(column_default, '') as item
        from information_schema.columns where table_schema in ('public', 'drizzle')
      union all select 'index ' || schemaname || '.' || indexname || ' ' || indexdef from pg_indexes
        where schemaname in ('public', 'drizzle')
      union all select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = 'public'::regnamespace
      union all select 'trigger ' || tgrelid::regclass || ' ' || tgname from pg_trigger where not tgisinternal
      union all select 'extension ' || extname from pg_extension
      union all select 'migration ' || created_at || ' ' || hash from drizzle.__drizzle_migrations
      order by 1`)
    return rows.map((row) => row.item)
  } finally {
    await client.end()
  }
}

describe.skipIf(!postgresUrl)('instances starting together on PostgreSQL', () => {
  it(`brings up ${INSTANCES} instances started at once on a fresh database, ${ROUNDS} times, on the right schema`, async () => {
    // the first 200 tools: the same seed under the same lock, without writing 9,000 tools ten times
    const whole = buildCatalog()
    const catalog = { ...whole, tools: whole.tools.slice(0, 200), packages: whole.packages.slice(0, 50) }
    const expected = await schemaOf(withDatabase(postgresUrl!, inject('templateDatabase')))
    for (let round = 0; round < ROUNDS; round++) {
      const url = await createFreshDatabase()
      // in-process: the races are in PostgreSQL, between the instances' own connections; ten rounds of real
      // processes would spend minutes starting Node on 2 cores (server/main.shutdown.test.ts starts the real one)
      const starts = await Promise.allSettled(
        Array.from({ length: INSTANCES }, async () => {
          const database = await openPostgres(url, { max: 2 })
          try {
            return await prepareDatabase(database, { siteMode: 'private' }, { catalog: () => catalog })
          } finally {
            await database.close()
          }
        }),
      )
      const failures = starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : []))
      expect(failures, `round ${round + 1}`).toEqual([])
      const results = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []))
      // one instance seeded the catalog and recorded the mode; the others waited and found it done
      expect(results.filter((result) => result.seeded !== null)).toHaveLength(1)
      expect(results.filter((result) => result.modeChanged)).toHaveLength(1)
      expect(await schemaOf(url)).toEqual(expected)
      const check = await openPostgres(url, { max: 1 })
      expect(await findPendingMigrations(check.db)).toEqual([])
      await check.close()
      await dropCreatedDatabases()
    }
  }, 600_000)

  it('keeps an instance on the previous migration answering reads while the new migrations run', async () => {
    const url = await createFreshDatabase()
    const previous = previousVersionMigrations()
    await migratePostgresLocked(url, previous)
    fs.rmSync(previous, { recursive: true })
    const database = await openPostgres(url, { max: 5 })
    // the previous version's start installed the job queue after its migrations, as Database.migrate() does
    await installJobQueue(database.jobQueueDb, 'postgres')
    const app = await buildApp({ database, config: testConfig(), logger: false })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      const pending = await fetch(`${origin}/readyz`)
      expect(pending.status).toBe(503)
      expect(((await pending.json()) as { error: { error_msg: string } }).error.error_msg).toBe('migrations_pending')

      const statuses: number[] = []
      let migrating = true
      const reads = (async () => {
        const paths = ['/api/v1/site', '/api/v1/layers', '/api/v1/tools/newest', '/healthz']
        for (let n = 0; migrating || n < paths.length; n++) {
          statuses.push((await fetch(`${origin}${paths[n % paths.length]}`)).status)
        }
      })()
      // the new version starting beside it: its migrations, under the lock
      await migratePostgresLocked(url)
      migrating = false
      await reads
      expect(statuses.length).toBeGreaterThan(4)
      expect(statuses.filter((status) => status !== 200)).toEqual([])
      expect((await fetch(`${origin}/readyz`)).status).toBe(200)
      expect(await findPendingMigrations(database.db)).toEqual([])
    } finally {
      await app.close()
      await database.close()
    }
  })
})

/**
 * The committed migrations but the newest three: the schema of a version a few releases back. Three, since the reads
 * beside the new version's migrations need them to take a moment: the newest alone may be one added column, done
 * before a second read (0034); 0032's search tables take long enough.
 */
function previousVersionMigrations(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-previous-migrations-'))
  fs.cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] }
  journal.entries.splice(-3)
  fs.writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

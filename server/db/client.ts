// Opens the database: PGlite in a data directory (default) or PostgreSQL through DATABASE_URL.
// Both run the same committed migrations (server/db/migrations) and the same drizzle queries.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { StartupError } from '../startup-error.ts'
import { type Listen, type ListenerTiming, PostgresListener } from './pg-listener.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Held (session level) for a whole migration run on PostgreSQL: instances started together on a fresh database
 * otherwise race on CREATE EXTENSION and on drizzle's own table and crash (decision 054).
 */
const MIGRATION_LOCK = 5_054_001

export type { Listen, ListenOptions } from './pg-listener.ts'

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL's connection pool, whose use and query times /metrics reports (server/http/metrics.ts). */
  pool?: pg.Pool
  /** Runs pending migrations. */
  migrate(): Promise<void>
  /**
   * LISTEN on a channel (PostgreSQL: one dedicated connection, reconnected after a drop, when `onReconnect` tells the
   * subscriber to catch up; PGlite: in-process, never dropped).
   */
  listen: Listen
  /** NOTIFY on a channel, so every instance's listeners hear it. */
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
  /** PGlite only: a tarball of the data directory (tests migrate once and load copies). */
  dump?(): Promise<Blob>
}

/** PGlite must always be opened with the same extensions, or writes to trigram-indexed tables fail. */
export const pgliteExtensions = { pg_trgm }

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  let release = () => {}
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true })
    release = lockDataDir(options.dataDir)
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  })
  return wrapPglite(client, release)
}

export function wrapPglite(client: PGlite, release: () => void = () => {}): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db
  // PGlite runs a listener's UNLISTEN from inside close(), after it has marked itself closed, and that throws
  // 'PGlite is closed': close the listeners still open first (a database closed under a running app, as /healthz's
  // test does).
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload)
      const stop = async () => {
        if (listeners.delete(stop)) await unsubscribe()
      }
      listeners.add(stop)
      return stop
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload])
    },
    close: async () => {
      for (const stop of [...listeners]) await stop()
      await client.close()
      release()
    },
    dump: () => client.dumpDataDir('none'),
  }
}

export async function openPostgres(
  connectionString: string,
  options: { max?: number; listenerTiming?: Partial<ListenerTiming> } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePostgres(pool, { schema, casing: 'snake_case' }) as unknown as Db
  const listener = new PostgresListener(connectionString, options.listenerTiming)
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => migratePostgresLocked(connectionString),
    listen: listener.listen,
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    close: async () => {
      await listener.close()
      await pool.end()
    },
  }
}

/**
 * Runs the migrations of `folder` on one dedicated connection that holds the migration lock throughout: a second
 * instance waits, then finds nothing left to do. A session lock, not a transaction's, because drizzle creates its
 * table before the transaction that applies the migrations; it goes with the connection if this process dies.
 */
export async function migratePostgresLocked(connectionString: string, folder = migrationsFolder): Promise<void> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: folder })
  } finally {
    // ending the session releases the lock
    await client.end()
  }
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  return openPglite({ dataDir: path.resolve(config.dataDir, 'pglite') })
}

/**
 * Two processes on one PGlite directory get no error and silently lose writes, so the server holds an exclusive
 * lock file beside the data and refuses to start a second time.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.lock`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(fs.readFileSync(lockPath, 'utf8'))
      if (holder && holder !== process.pid && isProcessAlive(holder)) {
        throw new StartupError(
          `The database in ${dataDir} is already in use by process ${holder}. Stop that process first ` +
            '(PGlite allows one process per data directory), or set DATABASE_URL to use PostgreSQL.',
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

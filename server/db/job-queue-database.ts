// pg-boss's view of our database (decision 057): PGlite through pg-boss's own single-connection adapter, PostgreSQL
// through our pool (no second pool) with LISTEN on our reconnecting listener. Its tables live in the pgboss schema,
// installed and upgraded by installJobQueue, which Database.migrate() runs after our migrations.
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { fromPglite, type Db as JobQueueDb, PgBoss } from 'pg-boss'
import type { Listen } from './pg-listener.ts'

export type { JobQueueDb }

export function pgliteJobQueueDb(client: PGlite): JobQueueDb {
  return fromPglite(client)
}

export function postgresJobQueueDb(pool: pg.Pool, listen: Listen): JobQueueDb {
  return {
    // a multi-statement text (pg-boss's locked blocks) runs on one connection, as a simple query
    executeSql: (text, values) => pool.query(text, values),
    async listen(channel, onNotification, onReconnect) {
      const stop = await listen(channel, onNotification, { onReconnect })
      // pg-boss looks for jobs once after each subscribe: the ones sent while nobody listened woke nobody
      onReconnect()
      return { close: stop }
    },
  }
}

/** Creates or upgrades pg-boss's schema (under its own advisory lock, so instances starting together take turns). */
export async function installJobQueue(db: JobQueueDb, kind: 'pglite' | 'postgres'): Promise<void> {
  const installer = new PgBoss({
    db,
    ...(kind === 'pglite' ? { backend: 'pglite' as const } : {}),
    supervise: false,
    schedule: false,
  })
  await installer.start()
  await installer.stop({ close: false })
}

// The embedded database's routine care (decision 072). PostgreSQL's autovacuum clears dead rows and refreshes the
// planner's statistics as tables change; PGlite runs no background process, so on the embedded database nothing did
// either: every update left its old row behind (popularity rewrites the search rows, sessions and rate-limit counters
// churn), index-only scans read more table pages each day, and plans were made from the statistics of the first
// start. A nightly VACUUM (ANALYZE) of the whole database, one run a night through the job queue, does both there.

import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { JobKind, JobQueue } from '../queue/job-queue.ts'
import type { Database, Db } from './client.ts'

export const DATABASE_VACUUM_JOB: JobKind<Record<string, never>> = {
  name: 'database.vacuum',
  concurrency: 1,
  retryLimit: 1,
  heartbeatSeconds: 10,
  expireInSeconds: 30 * 60,
  // one waiting at most, whatever the instances and missed nights
  policy: 'stately',
}
/** 04:17 UTC: the quiet hours of most of the directory's readers, off the hour that other schedules favour. */
export const DATABASE_VACUUM_CRON = '17 4 * * *'

/** Clears dead rows and refreshes the statistics of every table; outside a transaction, as VACUUM must run. */
export async function vacuumDatabase(db: Db) {
  await db.execute(sql`vacuum (analyze)`)
}

/** On PGlite, runs vacuumDatabase every night; PostgreSQL's autovacuum needs no help. */
export function registerDatabaseMaintenance(jobQueue: JobQueue, database: Database, log: FastifyBaseLogger) {
  if (database.kind !== 'pglite') return
  jobQueue.work(DATABASE_VACUUM_JOB, {
    async run() {
      const started = performance.now()
      await vacuumDatabase(database.db)
      log.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed and analyzed')
    },
    async giveUp() {
      log.warn({}, 'nightly database vacuum given up; the next night tries again')
    },
  })
  jobQueue.schedule(DATABASE_VACUUM_JOB, DATABASE_VACUUM_CRON, {}, { timeZone: 'UTC' })
}

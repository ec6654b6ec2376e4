// Scheduled jobs on the one queue (decision 065): every instance states the same schedule, and each occurrence is
// run once across them, not once per instance. Two job queues on one database stand for two instances.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from '../db/statements.ts'
import { DIGEST_TIME_ZONE, WEEKLY_DIGEST_CRON, WEEKLY_DIGEST_JOB } from '../modules/notifications/weekly-digest.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'
import { createJobQueue, type JobKind, type JobQueue } from './job-queue.ts'

let ctx: TestContext
const queues: JobQueue[] = []
beforeAll(async () => {
  // the weekly digest scheduled, as on every instance that does not opt out
  ctx = await createTestApp({ weeklyDigest: true })
})
afterAll(async () => {
  for (const queue of queues) await queue.stop()
  await ctx.close()
})

const EVERY_MINUTE: JobKind<{ from: string }> = {
  name: 'test.every-minute',
  concurrency: 1,
  retryLimit: 0,
  heartbeatSeconds: 10,
  expireInSeconds: 60,
}

describe('scheduled jobs', () => {
  it('states the weekly digest for Monday 08:00 in the site’s time zone', async () => {
    const rows = rowsOf(
      await ctx.app.db.execute(sql`select cron, timezone from pgboss.schedule where name = ${WEEKLY_DIGEST_JOB.name}`),
    )
    expect(rows).toEqual([{ cron: WEEKLY_DIGEST_CRON, timezone: DIGEST_TIME_ZONE }])
    expect(WEEKLY_DIGEST_CRON).toBe('0 8 * * 1')
  })

  it('runs an occurrence once when two instances hold the same schedule', async () => {
    const runs: { name: string; job: string }[] = []
    for (const name of ['first', 'second']) {
      // both look for due occurrences every second, so both see each one
      const queue = createJobQueue({
        database: ctx.database,
        log: { warn() {}, error() {} },
        timing: { cronIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
      })
      queue.work(EVERY_MINUTE, {
        run: async (_payload, attempt) => {
          runs.push({ name, job: attempt.id })
        },
        async giveUp() {},
      })
      queue.schedule(EVERY_MINUTE, '* * * * *', { from: 'schedule' }, { timeZone: 'UTC' })
      await queue.start()
      queues.push(queue)
    }
    // the next minute comes, and both instances' cron passes look at it many times
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 75_000, interval: 200 })
    await new Promise((resolve) => setTimeout(resolve, 5000))
    for (const queue of queues) await queue.stop()
    // The window can hold two occurrences (a pass also catches up the minute before it started, and the first run
    // may come late in its minute), so the claim is per occurrence: however many passes of both instances saw a
    // minute, pg-boss filed it once, it became one job, and that job ran once.
    const occurrences = rowsOf(
      await ctx.app.db.execute(
        sql`select distinct data->>'slot' as slot from pgboss.job where name = '__pgboss__send-it' and data->>'name' = ${EVERY_MINUTE.name}`,
      ),
    )
    const jobs = rowsOf(await ctx.app.db.execute(sql`select id from pgboss.job where name = ${EVERY_MINUTE.name}`))
    const ran = runs.map((run) => run.job)
    expect(occurrences.length).toBeGreaterThan(0)
    expect(jobs.length).toBeLessThanOrEqual(occurrences.length)
    expect(new Set(ran).size).toBe(ran.length)
    expect(jobs.map((job) => job.id)).toEqual(expect.arrayContaining(ran))
  }, 90_000)
})

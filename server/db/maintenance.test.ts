// The embedded database's nightly care (decision 072): on PGlite a scheduled job vacuums and analyzes every table, as
// PostgreSQL's autovacuum does by itself; on PostgreSQL nothing is scheduled.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCatalogTool } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'
import { DATABASE_VACUUM_CRON, DATABASE_VACUUM_JOB } from './maintenance.ts'
import { tools } from './schema/index.ts'
import { rowsOf } from './statements.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx?.close())

/** What VACUUM (ANALYZE) updates: the planner's row count and the pages marked all-visible, beside the true count. */
const toolTable = async () =>
  rowsOf(
    await ctx.app.db.execute(sql`
      select reltuples::int as estimated, relpages as pages, relallvisible as visible,
             (select count(*)::int from ${tools}) as counted
        from pg_class where relname = 'tool'`),
  )[0] as { estimated: number; pages: number; visible: number; counted: number }

describe('the nightly database vacuum', () => {
  it('is scheduled on the embedded database only, at 04:17 UTC', async () => {
    await ctx.app.jobQueue.start()
    const schedules = rowsOf(
      await ctx.app.db.execute(
        sql`select cron, timezone from pgboss.schedule where name = ${DATABASE_VACUUM_JOB.name}`,
      ),
    )
    expect(schedules).toEqual(ctx.database.kind === 'pglite' ? [{ cron: DATABASE_VACUUM_CRON, timezone: 'UTC' }] : [])
  })

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "brings the planner's statistics up to date and marks every page all-visible",
    async () => {
      for (let i = 0; i < 40; i++) await buildCatalogTool(ctx.app.db, { name: `Vacuumed ${i}` })
      const [first] = await ctx.app.db.select({ id: tools.id }).from(tools).limit(1)
      await ctx.app.db.update(tools).set({ description: 'Edited' }).where(eq(tools.id, first!.id))
      const before = await toolTable()
      expect(before.estimated).not.toBe(before.counted)
      await ctx.app.jobQueue.send(ctx.app.db, DATABASE_VACUUM_JOB, {})
      await expect
        .poll(async () => (await toolTable()).estimated, { timeout: 10_000, interval: 100 })
        .toBe(before.counted)
      const after = await toolTable()
      expect(after.visible).toBe(after.pages)
    },
  )
})

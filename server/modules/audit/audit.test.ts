import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { changeUserRole } from '../admin/admin.service.ts'
import { type AuditContext, recordAudit, recordSiteModeIfChanged, recordTokenCreated } from './audit.service.ts'

let ctx: TestContext
let admin: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await buildUser(ctx.app, { role: 'admin' })
})
afterAll(() => ctx.close())

const contextOf = (user: TestUser, overrides: Partial<AuditContext> = {}): AuditContext => ({
  actor: { id: user.id, username: user.username, email: user.email, impersonatedBy: null },
  ipAddress: '192.0.2.7',
  userAgent: 'audit-test',
  ...overrides,
})

/** The export's raw text (the test client would parse JSON lines as one JSON document). */
async function exportText(client: TestClient, query: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit/export?${query}`,
    headers: client.cookie ? { cookie: client.cookie } : {},
  })
  return { status: response.statusCode, headers: response.headers, text: response.body }
}

/** `count` events by `actor`, oldest first, each about its own user id. */
async function recordMany(actor: TestUser, count: number, action: 'user.banned' | 'user.unbanned' = 'user.banned') {
  for (let index = 0; index < count; index++) {
    await recordAudit(ctx.app.db, contextOf(actor), {
      action,
      subjectType: 'user',
      subjectId: 100_000 + index,
      subjectLabel: `someone${index}`,
      details: { index },
    })
  }
}

describe('the audit_event table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const row = await recordAudit(ctx.app.db, contextOf(admin), {
      action: 'user.banned',
      subjectType: 'user',
      subjectId: 1,
      subjectLabel: 'kept',
    })
    const attempts = [
      sql`update audit_event set subject_label = 'changed' where id = ${row.id}`,
      sql`delete from audit_event where id = ${row.id}`,
      sql`truncate audit_event`,
    ]
    for (const statement of attempts) {
      const failure = await ctx.app.db.execute(statement).then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause ?? error,
      )
      expect(failure?.message).toMatch(/^audit_event is append-only: (UPDATE|DELETE|TRUNCATE) refused$/)
    }
    const [kept] = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.id, row.id))
    expect(kept?.subjectLabel).toBe('kept')
  })

  it('writes an action and its event together or not at all: a failing record undoes the role change', async () => {
    const target = await buildUser(ctx.app)
    // PostgreSQL text cannot hold NUL: the event's insert fails inside the action's transaction
    const broken = contextOf(admin, { userAgent: 'broken\u0000agent' })
    await expect(changeUserRole(ctx.app.db, broken, target.id, 'moderator')).rejects.toThrow()
    const [row] = await ctx.app.db.select({ role: users.role }).from(users).where(eq(users.id, target.id))
    expect(row?.role).toBe('user')
    await changeUserRole(ctx.app.db, contextOf(admin), target.id, 'moderator')
    const events = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(target.id)))
    expect(events.map((event) => event.action)).toEqual(['user.role_changed'])
  })
})

describe('GET /api/v1/admin/audit', () => {
  it('answers 401 signed out and 403 to a moderator and a user, for the list and the export', async () => {
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const user = await buildUser(ctx.app)
    for (const url of ['/api/v1/admin/audit', '/api/v1/admin/audit/export']) {
      const signedOut = await new TestClient(ctx.app).get(url)
      expect(signedOut.status).toBe(401)
      expect(signedOut.body.error.code).toBe('unauthorized')
      for (const client of [moderator.client, user.client]) {
        const refused = await client.get(url)
        expect(refused.status).toBe(403)
        expect(refused.body.error.message).toBe('Only admins can do that.')
      }
    }
  })

  it('lists events newest first, 50 a page, with a cursor to the older ones', async () => {
    const actor = await buildUser(ctx.app, { role: 'admin' })
    await recordMany(actor, 55)
    const first = await admin.client.get(`/api/v1/admin/audit?actor=${actor.username}`)
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.body.events).toHaveLength(50)
    expect(first.body.events[0]).toMatchObject({
      action: 'user.banned',
      actor: { id: actor.id, username: actor.username, email: actor.email },
      impersonator: null,
      subject_type: 'user',
      subject_id: '100054',
      subject_label: 'someone54',
      details: { index: 54 },
      ip_address: '192.0.2.7',
      user_agent: 'audit-test',
    })
    expect(first.body.next_cursor).toBe(first.body.events[49].id)
    const second = await admin.client.get(
      `/api/v1/admin/audit?actor=${actor.username}&cursor=${first.body.next_cursor}`,
    )
    expect(second.body.events.map((event: any) => event.details.index)).toEqual([4, 3, 2, 1, 0])
    expect(second.body.next_cursor).toBeNull()
  })

  it('filters by actor (with or without @, any case), action, subject type and days', async () => {
    const actor = await buildUser(ctx.app, { role: 'admin' })
    await recordMany(actor, 2, 'user.banned')
    await recordMany(actor, 1, 'user.unbanned')
    await recordTokenCreated(ctx.app.db, contextOf(actor), { id: 9, name: 'ci', scope: 'read', expiresAt: null })
    const get = async (query: string) => (await admin.client.get(`/api/v1/admin/audit?${query}`)).body.events
    expect(await get(`actor=@${actor.username.toUpperCase()}`)).toHaveLength(4)
    expect(await get(`actor=${actor.username}&action=user.unbanned`)).toHaveLength(1)
    const tokens = await get(`actor=${actor.username}&subject_type=token`)
    expect(tokens).toHaveLength(1)
    expect(tokens[0]).toMatchObject({
      action: 'token.created',
      subject_label: 'ci',
      details: { after: { scope: 'read' } },
    })
    const today = new Date().toISOString().slice(0, 10)
    expect(await get(`actor=${actor.username}&from=${today}&to=${today}`)).toHaveLength(4)
    expect(await get(`actor=${actor.username}&to=2020-01-01`)).toHaveLength(0)
    expect(await get(`actor=${actor.username}&from=2999-01-01`)).toHaveLength(0)
    // a form's empty fields are no filter
    expect(await get(`actor=${actor.username}&action=&subject_type=&from=&to=`)).toHaveLength(4)
  })

  it('answers 400 with the field for an unknown action, a bad day or a range that ends before it starts', async () => {
    const action = await admin.client.get('/api/v1/admin/audit?action=user.exploded')
    expect(action.status).toBe(400)
    expect(action.body.error.fields.action).toEqual(['is not an action of the audit log'])
    const day = await admin.client.get('/api/v1/admin/audit?from=yesterday')
    expect(day.body.error.fields.from).toEqual(['must be a date (YYYY-MM-DD)'])
    const range = await admin.client.get('/api/v1/admin/audit?from=2026-02-02&to=2026-02-01')
    expect(range.body.error.fields.to).toEqual(['must not be before the first day'])
  })
})

describe('GET /api/v1/admin/audit/export', () => {
  it('streams JSON lines with the filters, newest first, as a named attachment', async () => {
    const actor = await buildUser(ctx.app, { role: 'admin' })
    await recordMany(actor, 3)
    await recordMany(actor, 1, 'user.unbanned')
    const response = await exportText(admin.client, `actor=${actor.username}&action=user.banned`)
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    const today = new Date().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-start-to-${today}.jsonl"`)
    expect(response.headers['cache-control']).toBe('no-store')
    const text = response.text
    expect(text.endsWith('\n')).toBe(true)
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((line) => line.details.index)).toEqual([2, 1, 0])
    expect(lines[0]).toMatchObject({ action: 'user.banned', actor: { username: actor.username } })
    const ranged = await exportText(admin.client, 'from=2026-01-01&to=2026-01-31')
    expect(ranged.headers['content-disposition']).toBe('attachment; filename="audit-2026-01-01-to-2026-01-31.jsonl"')
    expect(ranged.text).toBe('')
  })

  it('exports more than one batch in order', async () => {
    const actor = await buildUser(ctx.app, { role: 'admin' })
    await recordMany(actor, 501)
    const response = await exportText(admin.client, `actor=${actor.username}`)
    const lines = response.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toHaveLength(501)
    expect(lines[0].details.index).toBe(500)
    expect(lines[500].details.index).toBe(0)
  })
})

describe('site.mode_changed at startup', () => {
  const modeEvents = () =>
    ctx.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'site.mode_changed'))
      .orderBy(desc(auditEvents.id))

  it('is written when SITE_MODE differs from the last recorded mode (public when none), once', async () => {
    expect(await recordSiteModeIfChanged(ctx.app.db, 'public')).toBe(false)
    expect(await modeEvents()).toHaveLength(0)
    expect(await recordSiteModeIfChanged(ctx.app.db, 'private')).toBe(true)
    expect(await recordSiteModeIfChanged(ctx.app.db, 'private')).toBe(false)
    const events = await modeEvents()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      actorId: null,
      actorUsername: null,
      subjectType: 'site',
      subjectLabel: 'SITE_MODE',
      details: { before: { mode: 'public' }, after: { mode: 'private' } },
      ipAddress: null,
    })
    const listed = await admin.client.get('/api/v1/admin/audit?action=site.mode_changed')
    expect(listed.body.events[0]).toMatchObject({ actor: null, subject_type: 'site' })
  })

  it('is written once when several instances start at the same time', async () => {
    const before = (await modeEvents()).length
    // The instances all read the log while another transaction holds back inserts into it, so without a lock each
    // would see the old mode and write (PostgreSQL; PGlite has one connection and runs them one after another).
    let starting: Promise<boolean[]> | undefined
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table audit_event in share row exclusive mode`)
      starting = Promise.all(Array.from({ length: 5 }, () => recordSiteModeIfChanged(ctx.app.db, 'public')))
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    const results = await starting!
    expect(results.filter(Boolean)).toHaveLength(1)
    const events = await modeEvents()
    expect(events).toHaveLength(before + 1)
    expect(events[0]?.details).toEqual({ before: { mode: 'private' }, after: { mode: 'public' } })
  })
})

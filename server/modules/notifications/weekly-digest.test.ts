import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { INVALID_UNSUBSCRIBE_LINK } from '#contracts/notifications.ts'
import { digestRuns, mailOutbox, stackSyncChanges, users } from '../../db/schema/index.ts'
import { rowsOf } from '../../db/statements.ts'
import { TestClient } from '../../test/client.ts'
import { buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { insertCompany } from '../../test/stack-fixtures.ts'
import {
  isoWeek,
  READER_DIGEST_JOB,
  readUnsubscribeToken,
  runWeeklyDigest,
  unsubscribeToken,
  WEEKLY_DIGEST_CRON,
} from './weekly-digest.ts'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(async () => {
  await context.close()
})

const follow = (user: TestUser, type: string, id: number) =>
  user.client.get(`/api/v1/follows/toggle?followee_type=${type}&followee_id=${id}`)

/** Moves the tool's follows, stack entries and comments to `at`. */
async function dateActivity(toolId: number, at: Date) {
  const db = context.app.db
  await db.execute(sql`update follow set created_at = ${at} where followee_type = 'tool' and followee_id = ${toolId}`)
  await db.execute(sql`update stack_tool set created_at = ${at} where tool_id = ${toolId}`)
  await db.execute(
    sql`update comment set created_at = ${at} where commentable_type = 'tool' and commentable_id = ${toolId}`,
  )
}

/** Runs the week as its scheduled job does, and waits for the readers' jobs it queued to be done. */
async function runWeek(now: Date) {
  const queued = await runWeeklyDigest(context.app.db, context.app.jobQueue, now)
  await vi.waitFor(
    async () => {
      const result = await context.app.db.execute(
        sql`select count(*)::int as open from pgboss.job where name = ${READER_DIGEST_JOB.name} and state < 'completed'`,
      )
      expect(rowsOf(result)).toEqual([{ open: 0 }])
    },
    { timeout: 20_000, interval: 100 },
  )
  return queued
}

const digestsTo = (email: string) =>
  context.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .then((rows) => rows.filter((row) => row.kind === 'notifications.weekly_digest'))

describe('the weekly digest', () => {
  it('knows the ISO week, and is scheduled for Monday 08:00', () => {
    expect(isoWeek(new Date('2026-11-22T12:00:00Z'))).toBe('2026-W47') // a Sunday
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48') // the Monday after
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53')
    expect(WEEKLY_DIGEST_CRON).toBe('0 8 * * 1')
  })

  it('e-mails each subscribed follower of a busy tool once a week, and nobody else', async () => {
    const reader = await buildUser(context.app)
    const unsubscribed = await buildUser(context.app)
    const quietFollower = await buildUser(context.app)
    const nonFollower = await buildUser(context.app)
    const busy = await buildTool(context.app.db, { name: 'Busy Tool' })
    const quiet = await buildTool(context.app.db, { name: 'Quiet Tool' })
    await follow(reader, 'tool', busy.id)
    await follow(reader, 'tool', quiet.id)
    await follow(unsubscribed, 'tool', busy.id)
    await follow(quietFollower, 'tool', quiet.id)
    await context.app.db.update(users).set({ emailFeedWeekly: false }).where(eq(users.id, unsubscribed.id))
    // activity on the busy tool: a public stack adds it, a comment, and the follows above
    const owner = await buildUser(context.app)
    await buildStack(context.app.db, { ownerUserId: owner.id, tools: [busy] })
    await owner.client.post('/api/v1/comments', {
      comment: { body: 'Love it', commentable_id: busy.id, commentable_type: 'tool' },
    })

    // the digest covers the 7 days before its run: date this activity into the week before a far-off Monday
    const monday = new Date('2099-01-05T09:00:00Z')
    expect(isoWeek(monday)).toBe('2099-W02')
    await dateActivity(busy.id, new Date('2099-01-03T12:00:00Z'))

    const queued = await runWeek(monday)
    expect(queued).toBeGreaterThanOrEqual(1)
    const [mail] = await digestsTo(reader.email)
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe('This week on Stackatlas: Busy Tool')
    expect(mail!.textBody).toContain('- Busy Tool: 1 new stack, 2 new followers, 1 new comment')
    expect(mail!.textBody).toContain(`http://localhost:3000/tools/${busy.slug}`)
    expect(mail!.textBody).not.toContain('Quiet Tool')
    expect(mail!.htmlBody).toContain('<a href="http://localhost:3000/tools/')
    expect(mail!.textBody).toContain('Stop these weekly e-mails: http://localhost:3000/unsubscribe?token=')
    expect(mail!.dedupeKey).toBe(`weekly-digest:${reader.id}:2099-W02`)
    expect(await digestsTo(unsubscribed.email)).toEqual([])
    expect(await digestsTo(quietFollower.email)).toEqual([])
    expect(await digestsTo(nonFollower.email)).toEqual([])
    const [run] = await context.app.db.select().from(digestRuns).where(eq(digestRuns.week, '2099-W02'))
    expect(run!.finishedAt).not.toBeNull()

    // a second run of the same week, on this or another instance, sends nothing
    expect(await runWeek(monday)).toBeNull()
    expect(await digestsTo(reader.email)).toHaveLength(1)
  })

  it("lists the week's synced changes of public stacks of followed companies, and no private stack's", async () => {
    const reader = await buildUser(context.app)
    const company = await insertCompany(context.app.db, { name: 'Digest Acme' })
    const hidden = await insertCompany(context.app.db, { name: 'Hidden Co', privateMode: true })
    await follow(reader, 'company', company.id)
    await follow(reader, 'company', hidden.id)
    const redis = await buildTool(context.app.db, { name: 'Digest Redis' })
    const kafka = await buildTool(context.app.db, { name: 'Digest Kafka' })
    const api = await buildStack(context.app.db, { ownerCompanyId: company.id, name: 'digest-acme/api' })
    const secret = await buildStack(context.app.db, { ownerCompanyId: company.id, name: 'secret', isPrivate: true })
    const inner = await buildStack(context.app.db, { ownerCompanyId: hidden.id, name: 'hidden/api' })
    const tool = (t: { id: number; name: string; slug: string }) => ({
      id: t.id,
      name: t.name,
      slug: t.slug,
      version: null,
    })
    const change = (stackId: number, createdAt: Date) => ({
      stackId,
      commit: 'a'.repeat(40),
      added: [tool(redis)],
      removed: [tool(kafka)],
      flagged: true,
      versionChanges: [],
      createdAt,
    })
    const monday = new Date('2099-06-01T09:00:00Z')
    await context.app.db.insert(stackSyncChanges).values([
      change(api.id, new Date('2099-05-30T12:00:00Z')),
      change(secret.id, new Date('2099-05-30T12:00:00Z')),
      change(inner.id, new Date('2099-05-30T12:00:00Z')),
      // the week before: not this digest's
      { ...change(api.id, new Date('2099-05-20T12:00:00Z')), added: [tool(kafka)], removed: [] },
    ])

    await runWeek(monday)
    const [mail] = await digestsTo(reader.email)
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe('This week on Stackatlas: changes at Digest Acme')
    expect(mail!.textBody).toContain('Changes to the stacks of companies you follow:')
    expect(mail!.textBody).toContain(
      `- Digest Acme: Digest Redis was added to digest-acme/api; Digest Kafka was flagged for removal\n  http://localhost:3000/${company.slug}/${api.slug}#history`,
    )
    expect(mail!.textBody).not.toContain('secret')
    expect(mail!.textBody).not.toContain('Hidden Co')
    expect(mail!.textBody.match(/Digest Acme:/g)).toHaveLength(1)
    expect(mail!.htmlBody).toContain(`<a href="http://localhost:3000/${company.slug}/${api.slug}#history">`)
  })

  it("covers the tools of the user's own stack: onboarding's 'Send me weekly updates on these tools', ticked or not", async () => {
    const ticked = await buildUser(context.app)
    const unticked = await buildUser(context.app)
    const tool = await buildTool(context.app.db, { name: 'Picked Tool' })
    // onboarding's build-your-stack step: the feed preference first, then 'My Stack' with the picked tools
    for (const [user, wanted] of [
      [ticked, true],
      [unticked, false],
    ] as const) {
      const preference = await user.client.post('/api/v1/onboarding/toggle_email_feed_weekly', {
        user: { email_feed_weekly: wanted },
      })
      expect(preference.status).toBe(200)
      await buildStack(context.app.db, { ownerUserId: user.id, name: 'My Stack', tools: [tool] })
    }
    // someone else's public stack adds the tool during the week
    const other = await buildUser(context.app)
    await buildStack(context.app.db, { ownerUserId: other.id, tools: [tool] })
    const monday = new Date('2099-03-02T09:00:00Z')
    await dateActivity(tool.id, new Date('2099-02-28T12:00:00Z'))
    expect(await runWeek(monday)).toBeGreaterThanOrEqual(1)
    const [mail] = await digestsTo(ticked.email)
    expect(mail!.subject).toBe('This week on Stackatlas: Picked Tool')
    expect(mail!.textBody).toContain('to the tools you follow or use on Stackatlas')
    expect(mail!.textBody).toContain('- Picked Tool: 3 new stacks')
    expect(await digestsTo(unticked.email)).toEqual([])
  })

  it('finishes a week whose run crashed half-way without sending anyone a second digest', async () => {
    const reader = await buildUser(context.app)
    const tool = await buildTool(context.app.db)
    await follow(reader, 'tool', tool.id)
    const other = await buildUser(context.app)
    await follow(other, 'tool', tool.id)
    const monday = new Date('2099-02-02T08:30:00Z')
    const week = isoWeek(monday)
    await dateActivity(tool.id, new Date('2099-02-01T12:00:00Z'))
    // the first run started the week and got the reader's digest out, then its instance died (the job is retried)
    await context.app.db.insert(digestRuns).values({ week, claimedUntil: monday })
    await context.app.db.insert(mailOutbox).values({
      kind: 'notifications.weekly_digest',
      toAddress: reader.email,
      subject: 'Sent before the crash',
      textBody: 'x',
      dedupeKey: `weekly-digest:${reader.id}:${week}`,
      status: 'sent',
    })
    expect(await runWeek(monday)).toBeGreaterThanOrEqual(2)
    expect((await digestsTo(reader.email)).map((mail) => mail.subject)).toEqual(['Sent before the crash'])
    expect(await digestsTo(other.email)).toHaveLength(1)
    const [run] = await context.app.db.select().from(digestRuns).where(eq(digestRuns.week, week))
    expect(run!.finishedAt).not.toBeNull()
  })

  it("sends every other reader their digest when one reader's fails", async () => {
    const broken = await buildUser(context.app)
    const reader = await buildUser(context.app)
    const tool = await buildTool(context.app.db)
    await follow(broken, 'tool', tool.id)
    await follow(reader, 'tool', tool.id)
    const monday = new Date('2099-05-04T09:00:00Z')
    await dateActivity(tool.id, new Date('2099-05-02T12:00:00Z'))
    // an address the outbox refuses (stored before today's rules, say): that reader's job throws, again and again
    await context.app.db.update(users).set({ email: 'not an address' }).where(eq(users.id, broken.id))
    await runWeek(monday)
    expect(await digestsTo(reader.email)).toHaveLength(1)
    const failed = await context.app.db.execute(
      sql`select count(*)::int as failed from pgboss.job where name = ${READER_DIGEST_JOB.name}
            and singleton_key = ${`${broken.id}:${isoWeek(monday)}`} and state = 'failed'`,
    )
    expect(rowsOf(failed)).toEqual([{ failed: 1 }])
  })
})

describe('unsubscribing from the digest', () => {
  it('makes tokens only the secret can make, one per user', () => {
    const token = unsubscribeToken('secret-a', 42)
    expect(readUnsubscribeToken('secret-a', token)).toBe(42)
    expect(readUnsubscribeToken('secret-b', token)).toBeNull()
    expect(readUnsubscribeToken('secret-a', token.replace(/^42/, '43'))).toBeNull()
    expect(readUnsubscribeToken('secret-a', `${token}x`)).toBeNull()
    expect(readUnsubscribeToken('secret-a', 'nonsense')).toBeNull()
  })

  it('unsubscribes the link’s user without signing in, and refuses forged links (404)', async () => {
    const reader = await buildUser(context.app)
    const visitor = new TestClient(context.app)
    const token = unsubscribeToken(context.app.config.authSecret, reader.id)
    const status = await visitor.get(`/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(status.status).toBe(200)
    expect(status.body).toEqual({ weekly_digest: true })
    const done = await visitor.post('/api/v1/notifications/unsubscribe', { token })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ weekly_digest: false })
    expect((await reader.client.get('/api/v1/notifications/settings')).body.weekly_digest).toBe(false)

    const other = await buildUser(context.app)
    const forged = token.replace(/^\d+/, String(other.id))
    const refused = await visitor.post('/api/v1/notifications/unsubscribe', { token: forged })
    expect(refused.status).toBe(404)
    expect(refused.body.error.message).toBe(INVALID_UNSUBSCRIBE_LINK)
    expect((await other.client.get('/api/v1/notifications/settings')).body.weekly_digest).toBe(true)
    expect((await visitor.post('/api/v1/notifications/unsubscribe', {})).status).toBe(400)
  })

  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the one-click POST (RFC 8058) unsubscribes without cookies or origin', async () => {
    const reader = await buildUser(context.app)
    const tool = await buildTool(context.app.db)
    await follow(reader, 'tool', tool.id)
    const monday = new Date('2099-04-06T09:00:00Z')
    await dateActivity(tool.id, new Date('2099-04-04T12:00:00Z'))
    await runWeek(monday)
    const [mail] = await digestsTo(reader.email)
    const token = unsubscribeToken(context.app.config.authSecret, reader.id)
    const oneClick = `http://localhost:3000/api/v1/notifications/unsubscribe/one-click?token=${token}`
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })

    const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
      context.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      })
    const path = new URL(oneClick).pathname + new URL(oneClick).search
    // opening the URL changes nothing (mail scanners follow links)
    expect((await context.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    expect((await reader.client.get('/api/v1/notifications/settings')).body.weekly_digest).toBe(true)
    // the POST must say One-Click
    const wrong = await post(path, 'List-Unsubscribe=Maybe')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.fields).toHaveProperty(['List-Unsubscribe'])
    // a forged token is refused
    const other = await buildUser(context.app)
    const forged = await post(
      `${new URL(oneClick).pathname}?token=${token.replace(/^\d+/, String(other.id))}`,
      'List-Unsubscribe=One-Click',
    )
    expect(forged.statusCode).toBe(404)
    // the provider's POST: no cookie, no Origin; a browser-based client sending cookies from elsewhere works too
    const done = await post(path, 'List-Unsubscribe=One-Click', {
      cookie: reader.client.cookie!,
      origin: 'https://mail.example.com',
    })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ weekly_digest: false })
    expect((await reader.client.get('/api/v1/notifications/settings')).body.weekly_digest).toBe(false)
    expect((await other.client.get('/api/v1/notifications/settings')).body.weekly_digest).toBe(true)
    // every other write still checks the origin
    const elsewhere = await context.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/settings',
      payload: { weekly_digest: true },
      headers: { cookie: reader.client.cookie!, origin: 'https://mail.example.com' },
    })
    expect(elsewhere.statusCode).toBe(403)
  })
})

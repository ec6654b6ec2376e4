// The outbox for site admins: GET /api/v1/admin/mail, GET /api/v1/admin/mail/{id}, POST /api/v1/admin/mail/{id}/retry.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/index.ts'
import { rowsOf } from '../../db/statements.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { enqueueMail, MAIL_JOB, mailJobKey } from './mail.service.ts'

let ctx: TestContext
let admin: TestUser
let moderator: TestUser
let user: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await buildUser(ctx.app, { role: 'admin' })
  moderator = await buildUser(ctx.app, { role: 'moderator' })
  user = await buildUser(ctx.app)
})
afterAll(() => ctx.close())

async function queue(to: string, overrides: Partial<Parameters<typeof enqueueMail>[2]> = {}) {
  const row = await enqueueMail(ctx.app.db, ctx.app.jobQueue, {
    to,
    subject: `Invitation for ${to}`,
    text: `Join us: http://localhost:3000/invitations/accept?token=abc`,
    kind: 'team.invitation',
    ...overrides,
  })
  return row!
}

describe('GET /api/v1/admin/mail', () => {
  it('answers the outbox newest first, with the delivery state, and says that SMTP is not configured', async () => {
    const older = await queue('older@example.test')
    const newer = await queue('newer@example.test', { html: '<p>Join us</p>' })
    const response = await admin.client.get('/api/v1/admin/mail')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toMatchObject({ page: 1, per_page: 25, smtp_configured: false })
    const ids = response.body.messages.map((message: { id: number }) => message.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(response.body.messages[ids.indexOf(newer.id)]).toEqual({
      id: newer.id,
      kind: 'team.invitation',
      to: 'newer@example.test',
      subject: 'Invitation for newer@example.test',
      status: 'pending',
      attempts: 0,
      next_attempt_at: newer.nextAttemptAt.toISOString(),
      last_error: null,
      sent_at: null,
      created_at: newer.createdAt.toISOString(),
    })
  })

  it('filters by status and by part of the recipient address', async () => {
    const failed = await queue('filtered-failed@example.test')
    await ctx.app.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, failed.id))
    await queue('filtered-pending@example.test')
    const byStatus = await admin.client.get('/api/v1/admin/mail?status=failed')
    expect(byStatus.body.messages.map((message: { id: number }) => message.id)).toEqual([failed.id])
    const byAddress = await admin.client.get('/api/v1/admin/mail?to=FILTERED-')
    expect(byAddress.body.total).toBe(2)
    const wildcard = await admin.client.get('/api/v1/admin/mail?to=%25')
    expect(wildcard.body.total).toBe(0)
  })

  it('answers 400 for an unknown status, 401 signed out, and 403 to moderators and users', async () => {
    const bad = await admin.client.get('/api/v1/admin/mail?status=lost')
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ status: ['must be pending, sent or failed'] })
    expect((await new TestClient(ctx.app).get('/api/v1/admin/mail')).status).toBe(401)
    expect((await moderator.client.get('/api/v1/admin/mail')).status).toBe(403)
    const refused = await user.client.get('/api/v1/admin/mail')
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('Only admins can do that.')
  })
})

describe('GET /api/v1/admin/mail/{id}', () => {
  it('answers the whole message, text and HTML', async () => {
    const row = await queue('reader@example.test', { html: '<p>Join</p>' })
    const response = await admin.client.get(`/api/v1/admin/mail/${row.id}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      smtp_configured: false,
      message: {
        id: row.id,
        to: 'reader@example.test',
        text: 'Join us: http://localhost:3000/invitations/accept?token=abc',
        html: '<p>Join</p>',
        message_id: null,
        smtp_response: null,
      },
    })
  })

  it('answers 404 for an unknown id and 403 to a user', async () => {
    const row = await queue('private@example.test')
    expect((await admin.client.get('/api/v1/admin/mail/999999')).status).toBe(404)
    expect((await user.client.get(`/api/v1/admin/mail/${row.id}`)).status).toBe(403)
    expect((await new TestClient(ctx.app).get(`/api/v1/admin/mail/${row.id}`)).status).toBe(401)
  })
})

describe('POST /api/v1/admin/mail/{id}/retry', () => {
  it('queues a failed message again from its first attempt', async () => {
    const row = await queue('retry@example.test')
    await ctx.app.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 14, lastError: '550 No such mailbox' })
      .where(eq(mailOutbox.id, row.id))
    const response = await admin.client.post(`/api/v1/admin/mail/${row.id}/retry`)
    expect(response.status).toBe(200)
    expect(response.body.message).toMatchObject({ status: 'pending', attempts: 0 })
    // with a job of its own on the queue, for whichever instance sends mail
    const jobs = await ctx.app.db.execute(
      sql`select state from pgboss.job where name = ${MAIL_JOB.name} and singleton_key = ${mailJobKey(row.id)}`,
    )
    expect(rowsOf(jobs).map((job) => job.state)).toContain('created')
  })

  it('answers 409 for a message that has not failed, 404 for an unknown one, 403 to others', async () => {
    const row = await queue('not-failed@example.test')
    const pending = await admin.client.post(`/api/v1/admin/mail/${row.id}/retry`)
    expect(pending.status).toBe(409)
    expect(pending.body.error.message).toBe('Only a failed message can be retried.')
    expect((await admin.client.post('/api/v1/admin/mail/999999/retry')).status).toBe(404)
    expect((await moderator.client.post(`/api/v1/admin/mail/${row.id}/retry`)).status).toBe(403)
    expect((await new TestClient(ctx.app).post(`/api/v1/admin/mail/${row.id}/retry`)).status).toBe(401)
  })
})

// Each admin and company-admin action writes its audit event (decision 050), with who, from where, and before/after;
// a refused action writes none.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, companyMembers, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
let admin: TestUser
let moderator: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await buildUser(ctx.app, { role: 'admin' })
  moderator = await buildUser(ctx.app, { role: 'moderator' })
})
afterAll(() => ctx.close())

/** The events about one subject, oldest first. */
async function eventsAbout(subjectType: string, subjectId: number) {
  const rows = await ctx.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, subjectType), eq(auditEvents.subjectId, String(subjectId))))
  return rows.sort((a, b) => a.id - b.id)
}

const by = (user: TestUser) => ({
  actorId: user.id,
  actorUsername: user.username,
  actorEmail: user.email,
  impersonatorId: null,
  ipAddress: '127.0.0.1',
  userAgent: 'lightMyRequest',
})

async function impersonate(target: TestUser): Promise<TestClient> {
  const response = await admin.client.post('/api/auth/admin/impersonate-user', { userId: String(target.id) })
  expect(response.status).toBe(200)
  // the impersonated session and the signed admin_session to return to
  const raw = response.headers['set-cookie']
  const pairs = (Array.isArray(raw) ? raw : [String(raw)]).map((cookie) => cookie.split(';')[0]!)
  return new TestClient(ctx.app, pairs.filter((pair) => !pair.endsWith('=')).join('; '))
}

describe('site admins', () => {
  it("records a user's role change with the roles before and after, and nothing for the same role", async () => {
    const target = await buildUser(ctx.app)
    expect((await admin.client.post(`/api/v1/admin/users/${target.id}/role`, { role: 'moderator' })).status).toBe(200)
    expect((await admin.client.post(`/api/v1/admin/users/${target.id}/role`, { role: 'moderator' })).status).toBe(200)
    const events = await eventsAbout('user', target.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      ...by(admin),
      action: 'user.role_changed',
      subjectLabel: target.username,
      details: { before: { role: 'user' }, after: { role: 'moderator' } },
    })
  })

  it('records nothing when the change is refused (a moderator, or an admin demoting themselves)', async () => {
    const target = await buildUser(ctx.app)
    expect((await moderator.client.post(`/api/v1/admin/users/${target.id}/role`, { role: 'admin' })).status).toBe(403)
    expect((await admin.client.post(`/api/v1/admin/users/${admin.id}/role`, { role: 'user' })).status).toBe(403)
    expect(await eventsAbout('user', target.id)).toEqual([])
    expect(await eventsAbout('user', admin.id)).toEqual([])
  })

  it("records Better Auth's admin calls: role, ban, unban, password, sessions, removal", async () => {
    const target = await buildUser(ctx.app)
    const call = async (path: string, body: Record<string, unknown>) => {
      const response = await admin.client.post(`/api/auth/admin/${path}`, { userId: String(target.id), ...body })
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200)
    }
    await call('set-role', { role: 'moderator' })
    await call('ban-user', { banReason: 'spam' })
    await call('unban-user', {})
    await call('set-user-password', { newPassword: 'another-horse-battery' })
    await call('revoke-user-sessions', {})
    const events = await eventsAbout('user', target.id)
    expect(events.map((event) => event.action)).toEqual([
      'user.role_changed',
      'user.banned',
      'user.unbanned',
      'user.password_set',
      'user.sessions_revoked',
    ])
    expect(events[0]).toMatchObject({
      ...by(admin),
      details: { before: { role: 'user' }, after: { role: 'moderator' } },
    })
    expect(events[1]?.details).toEqual({
      before: { banned: false, ban_reason: null, ban_expires: null },
      after: { banned: true, ban_reason: 'spam', ban_expires: null },
    })
    expect(JSON.stringify(events[3]?.details)).not.toContain('another-horse-battery')
  })

  it("records a removal through Better Auth, keeping the removed user's name and address", async () => {
    const target = await buildUser(ctx.app)
    const response = await admin.client.post('/api/auth/admin/remove-user', { userId: String(target.id) })
    expect(response.status).toBe(200)
    const [event] = await eventsAbout('user', target.id)
    expect(event).toMatchObject({
      ...by(admin),
      action: 'user.removed',
      subjectLabel: target.username,
      details: { before: { username: target.username, email: target.email }, after: null },
    })
  })

  it('records nothing for a user that does not exist', async () => {
    const before = await ctx.app.db.$count(auditEvents)
    for (const userId of ['-1', '2147483647']) {
      const response = await admin.client.post('/api/auth/admin/ban-user', { userId })
      expect(response.status, userId).toBeGreaterThanOrEqual(400)
      expect(response.status, userId).toBeLessThan(500)
    }
    expect(await ctx.app.db.$count(auditEvents)).toBe(before)
  })

  it("records nothing when Better Auth refuses a non-admin's ban", async () => {
    const target = await buildUser(ctx.app)
    const refused = await moderator.client.post('/api/auth/admin/ban-user', { userId: String(target.id) })
    expect(refused.status).toBe(403)
    expect(await eventsAbout('user', target.id)).toEqual([])
  })

  it('records impersonation: started by the admin, and what the impersonated session does names the admin', async () => {
    const target = await buildUser(ctx.app)
    const acting = await impersonate(target)
    const stopped = await acting.post('/api/auth/admin/stop-impersonating')
    expect(stopped.status).toBe(200)
    const events = await eventsAbout('user', target.id)
    expect(events.map((event) => event.action)).toEqual(['impersonation.started', 'impersonation.stopped'])
    expect(events[0]).toMatchObject({ ...by(admin), subjectLabel: target.username })
    expect(events[1]).toMatchObject({
      actorId: target.id,
      actorUsername: target.username,
      impersonatorId: admin.id,
      impersonatorUsername: admin.username,
    })
    const listed = await admin.client.get(`/api/v1/admin/audit?action=impersonation.stopped&actor=${target.username}`)
    expect(listed.body.events[0].impersonator).toEqual({ id: admin.id, username: admin.username })
  })

  it("records a company's verification and a dismissal", async () => {
    const verified = await buildCompany(ctx.app.db, {
      verificationMethod: 'review',
      verificationRequestedAt: new Date(),
    })
    const dismissed = await buildCompany(ctx.app.db, {
      verificationMethod: 'review',
      verificationRequestedAt: new Date(),
    })
    expect((await admin.client.post(`/api/v1/admin/companies/${verified.id}/verify`)).status).toBe(200)
    expect((await admin.client.post(`/api/v1/admin/companies/${dismissed.id}/decline_verification`)).status).toBe(200)
    expect((await eventsAbout('company', verified.id))[0]).toMatchObject({
      ...by(admin),
      action: 'company.verified',
      subjectLabel: verified.name,
    })
    expect((await eventsAbout('company', dismissed.id))[0]).toMatchObject({
      ...by(admin),
      action: 'company.verification_declined',
      subjectLabel: dismissed.name,
    })
  })
})

describe('moderators', () => {
  let sequence = 0
  async function pendingTool(submitter: TestUser) {
    const name = `Audited ${process.pid}x${++sequence}`
    const created = await submitter.client.post('/api/v1/services/create', {
      service: { name, website_url: `${name.toLowerCase().replace(/\W+/g, '')}.example` },
    })
    const id = created.body.tool.id as number
    const submitted = await submitter.client.post('/api/v1/services/submit_soft_approval', {
      id,
      service: { name, title: 'Queued for review', description: 'Waiting for a moderator.', features: 'One; Two' },
    })
    expect(submitted.status).toBe(200)
    return { id, name }
  }

  async function flaggedComment(author: TestUser) {
    const tool = await buildTool(ctx.app.db)
    const created = await author.client.post('/api/v1/comments', {
      comment: { body: 'A comment worth a look', commentable_id: tool.id, commentable_type: 'tool' },
    })
    const flagged = await moderator.client.post(`/api/v1/comments/${created.body.id}/toggle_flagged`)
    expect(flagged.body.flagged).toBe(true)
    return created.body.id as number
  }

  it('records approvals, rejections with their reason, and edits of tools', async () => {
    const submitter = await buildUser(ctx.app)
    const approved = await pendingTool(submitter)
    const rejected = await pendingTool(submitter)
    expect((await moderator.client.post(`/api/v1/moderation/tools/${approved.id}/approve`)).status).toBe(200)
    const reject = await moderator.client.post(`/api/v1/moderation/tools/${rejected.id}/reject`, {
      reason: 'Too vague',
    })
    expect(reject.status).toBe(200)
    const approval = await eventsAbout('tool', approved.id)
    expect(approval[0]).toMatchObject({
      ...by(moderator),
      action: 'tool.approved',
      subjectLabel: approved.name,
      details: { before: { is_approved: false }, after: { is_approved: true } },
    })
    const rejection = await eventsAbout('tool', rejected.id)
    expect(rejection[0]).toMatchObject({ action: 'tool.rejected', details: { reason: 'Too vague' } })
    const edit = await moderator.client.put(`/api/v1/moderation/tools/${approved.id}`, {
      service: {
        name: approved.name,
        title: 'A clearer title',
        description: 'Waiting for a moderator.',
        website_url: 'https://audited.example',
      },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect((await eventsAbout('tool', approved.id))[1]).toMatchObject({
      action: 'tool.edited',
      details: { before: { title: 'Queued for review' }, after: { title: 'A clearer title' } },
    })
  })

  it('records restored and removed comments, keeping what a removed one said', async () => {
    const author = await buildUser(ctx.app)
    const restored = await flaggedComment(author)
    const removed = await flaggedComment(author)
    expect((await moderator.client.post(`/api/v1/moderation/comments/${restored}/restore`)).status).toBe(200)
    const removal = await moderator.client.post(`/api/v1/moderation/comments/${removed}/remove`, { reason: 'Abuse' })
    expect(removal.status).toBe(200)
    expect((await eventsAbout('comment', restored))[0]).toMatchObject({
      ...by(moderator),
      action: 'comment.restored',
      details: { before: { flagged: true }, after: { flagged: false } },
    })
    expect((await eventsAbout('comment', removed))[0]).toMatchObject({
      action: 'comment.removed',
      subjectLabel: 'A comment worth a look',
      details: { before: { body: 'A comment worth a look' }, after: null, reason: 'Abuse' },
    })
  })
})

describe('company admins', () => {
  async function team() {
    const owner = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await buildCompany(ctx.app.db, {
      members: [
        { userId: owner.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    })
    const [row] = await ctx.app.db
      .select({ id: companyMembers.id })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, member.id)))
    return { owner, member, company, memberId: row!.id }
  }

  it("records a member's role change and removal, naming the company", async () => {
    const { owner, member, company, memberId } = await team()
    const changed = await owner.client.patch(`/api/v1/company_owners/${memberId}`, {
      company_id: company.id,
      company_owner: { role: 'admin' },
    })
    expect(changed.status).toBe(200)
    expect((await owner.client.delete(`/api/v1/company_owners/${memberId}`, { company_id: company.id })).status).toBe(
      200,
    )
    const events = await eventsAbout('company_member', memberId)
    expect(events.map((event) => event.action)).toEqual(['company.member_role_changed', 'company.member_removed'])
    expect(events[0]).toMatchObject({
      ...by(owner),
      subjectLabel: `@${member.username} in ${company.name}`,
      details: {
        company_id: company.id,
        user_id: member.id,
        before: { role: 'member' },
        after: { role: 'admin' },
      },
    })
    expect(events[1]?.details).toMatchObject({ before: { role: 'admin' }, after: null })
  })

  it('records a member leaving, and nothing when a member who is not admin tries to remove someone', async () => {
    const { owner, member, company, memberId } = await team()
    const [ownerRow] = await ctx.app.db
      .select({ id: companyMembers.id })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, owner.id)))
    const refused = await member.client.delete(`/api/v1/company_owners/${ownerRow!.id}`, { company_id: company.id })
    expect(refused.status).toBe(403)
    expect(await eventsAbout('company_member', ownerRow!.id)).toEqual([])
    const left = await member.client.delete(`/api/v1/company_owners/leave_team/${memberId}`, { company_id: company.id })
    expect(left.status).toBe(200)
    expect((await eventsAbout('company_member', memberId))[0]).toMatchObject({
      ...by(member),
      action: 'company.member_left',
    })
  })

  it("records a company's deletion by its admin", async () => {
    const { owner, company } = await team()
    const deleted = await owner.client.post('/companies/delete', { companyId: company.id, confirmation: company.name })
    expect(deleted.status).toBe(200)
    expect((await eventsAbout('company', company.id))[0]).toMatchObject({
      ...by(owner),
      action: 'company.deleted',
      subjectLabel: company.name,
      details: { before: { name: company.name, slug: company.slug }, after: null },
    })
  })
})

describe('account deletion', () => {
  it("never blocks deleting an account that acted, and the log keeps the actor's name and address", async () => {
    const former = await buildUser(ctx.app, { role: 'admin' })
    const target = await buildUser(ctx.app)
    await former.client.post(`/api/v1/admin/users/${target.id}/role`, { role: 'moderator' })
    const solo = await buildCompany(ctx.app.db, { members: [{ userId: former.id, role: 'admin' }] })
    const deleted = await former.client.post('/users/delete', { confirmation: former.username })
    expect(deleted.status).toBe(200)
    expect(await ctx.app.db.select().from(users).where(eq(users.id, former.id))).toEqual([])
    expect((await eventsAbout('user', target.id))[0]).toMatchObject(by(former))
    expect((await eventsAbout('user', former.id))[0]).toMatchObject({
      ...by(former),
      action: 'user.deleted',
      details: { before: { username: former.username, email: former.email }, after: null },
    })
    // the company that went with the account, as its only member
    expect((await eventsAbout('company', solo.id))[0]).toMatchObject({
      action: 'company.deleted',
      details: { with_account_of: former.username },
    })
    const listed = await admin.client.get(`/api/v1/admin/audit?actor=${former.username}`)
    expect(listed.body.events.map((event: any) => event.actor.username)).toContain(former.username)
  })
})

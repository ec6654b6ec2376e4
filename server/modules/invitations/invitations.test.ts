// SIGNUP_MODE=invite (issue 17, decision 052): who may create an account, the admins' invitations (send, list, revoke)
// and the refusals for everyone else.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITE_ONLY } from '#contracts/site-invitations.ts'
import { auditEvents, mailOutbox, siteInvitations, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildUser, type TestUser } from '../../test/factories.ts'
import { FAKE_GITHUB_CLIENT, type FakeGithub, signInWithGithub, startFakeGithub } from '../../test/fake-github.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
let admin: TestUser
let github: FakeGithub
beforeAll(async () => {
  github = await startFakeGithub()
  ctx = await createTestApp({
    github: FAKE_GITHUB_CLIENT,
    signup: { mode: 'invite', emailDomains: [] },
    adminEmails: ['operator@example.test'],
  })
  // the operator named in ADMIN_EMAILS needs no invitation: the first admin of an invite-only site
  admin = await buildUser(ctx.app, { email: 'operator@example.test', role: 'admin' })
})
afterAll(async () => {
  await ctx.close()
  await github.close()
})

let n = 0
const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  new TestClient(ctx.app).post('/api/auth/sign-up/email', {
    email,
    password: 'correct-horse-battery',
    name: 'Invited Person',
    username: `invited${process.pid}${++n}`,
    ...extra,
  })

/** The token of the newest invitation e-mail to `to`. */
async function invitationToken(to: string) {
  const [mail] = await ctx.app.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'site.invitation')))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  return /\/join\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? ''
}

async function invite(email: string) {
  const response = await admin.client.post('/api/v1/admin/invitations', { email })
  expect(response.status).toBe(200)
  return response.body.invitation as { id: number; email: string }
}

describe('sign-up by invitation only', () => {
  it('refuses a sign-up without an invitation with a message naming the rule', async () => {
    const response = await signUp('stranger@example.test')
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({ code: 'forbidden', message: INVITE_ONLY })
    expect(await ctx.app.db.select().from(users).where(eq(users.email, 'stranger@example.test'))).toEqual([])
  })

  it('lets an invited person sign up through the link: the account starts verified and the invitation is used', async () => {
    const email = 'invited-link@example.test'
    await invite(email)
    const token = await invitationToken(email)
    const preview = await new TestClient(ctx.app).get(`/api/v1/invitations/site?token=${token}`)
    expect(preview.status).toBe(200)
    expect(preview.body.email).toBe(email)
    const response = await signUp(email, { invitation: token })
    expect(response.status).toBe(200)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email))
    expect(row).toMatchObject({ emailVerified: true })
    const [invitation] = await ctx.app.db.select().from(siteInvitations).where(eq(siteInvitations.email, email))
    expect(invitation!.acceptedById).toBe(row!.id)
    const used = await new TestClient(ctx.app).get(`/api/v1/invitations/site?token=${token}`)
    expect(used.status).toBe(410)
    const list = await admin.client.get('/api/v1/admin/invitations')
    expect(list.body.invitations.map((item: { email: string }) => item.email)).not.toContain(email)
  })

  it('lets an invited address sign up without the link, unverified until its own link is followed', async () => {
    const email = 'invited-typed@example.test'
    await invite(email)
    const response = await signUp(email)
    expect(response.status).toBe(200)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email))
    expect(row).toMatchObject({ emailVerified: false })
  })

  it("does not let one address's invitation token open sign-up for another", async () => {
    await invite('invited-a@example.test')
    const token = await invitationToken('invited-a@example.test')
    const response = await signUp('not-invited-b@example.test', { invitation: token })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe(INVITE_ONLY)
  })

  it('refuses a sign-up after the invitation was revoked', async () => {
    const email = 'revoked@example.test'
    const invitation = await invite(email)
    const token = await invitationToken(email)
    const revoked = await admin.client.post(`/api/v1/admin/invitations/${invitation.id}/revoke`)
    expect(revoked.status).toBe(200)
    expect((await new TestClient(ctx.app).get(`/api/v1/invitations/site?token=${token}`)).status).toBe(410)
    const response = await signUp(email, { invitation: token })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe(INVITE_ONLY)
    expect((await admin.client.post(`/api/v1/admin/invitations/${invitation.id}/revoke`)).status).toBe(404)
    // both acts are the admin's, in the audit log (decision 050)
    const events = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'invitation'), eq(auditEvents.subjectId, String(invitation.id))))
      .orderBy(auditEvents.id)
    expect(events.map((event) => [event.action, event.actorId, event.subjectLabel])).toEqual([
      ['invitation.sent', admin.id, email],
      ['invitation.revoked', admin.id, email],
    ])
  })

  it('lets an address a company admin invited to the team sign up', async () => {
    await invite('owner@example.test')
    const owner = await buildUser(ctx.app, { email: 'owner@example.test' })
    const company = await buildCompany(ctx.app.db, { members: [{ userId: owner.id, role: 'admin' }] })
    const email = 'teammate@example.test'
    const invited = await owner.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email,
      role: 'member',
    })
    expect(invited.status).toBe(200)
    expect((await signUp(email)).status).toBe(200)
  })

  it("starts an account verified when it signs up with the team invitation's token (the link reached the mailbox)", async () => {
    await invite('owner2@example.test')
    const owner = await buildUser(ctx.app, { email: 'owner2@example.test' })
    const company = await buildCompany(ctx.app.db, { members: [{ userId: owner.id, role: 'admin' }] })
    const email = 'teammate2@example.test'
    await owner.client.post('/api/v1/company_owner_invites', { company_id: company.id, email, role: 'member' })
    const [mail] = await ctx.app.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'team.invitation')))
    const token = /\/invitations\/accept\?token=(\S+)/.exec(mail!.text)![1]
    expect((await signUp(email, { invitation: token })).status).toBe(200)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email))
    expect(row).toMatchObject({ emailVerified: true })
  })
})

describe('sign-up through GitHub by invitation only', () => {
  it('refuses an address without an invitation, and lets an invited one in', async () => {
    const refused = await signInWithGithub(ctx.app, github, {
      id: 9_100_001,
      login: 'uninvited',
      name: 'Uninvited',
      email: 'uninvited-hub@example.test',
    })
    expect(await ctx.app.db.select().from(users).where(eq(users.email, 'uninvited-hub@example.test'))).toEqual([])
    expect((await refused.client.get('/api/v1/users/current')).body.user).toBeNull()
    await invite('invited-hub@example.test')
    const admitted = await signInWithGithub(ctx.app, github, {
      id: 9_100_002,
      login: 'invitedhub',
      name: 'Invited',
      email: 'invited-hub@example.test',
    })
    expect((await admitted.client.get('/api/v1/users/current')).body.user).toMatchObject({
      email: 'invited-hub@example.test',
      email_verified: true,
    })
  })
})

describe('the admins’ invitations', () => {
  it('lists pending invitations, and inviting an address again sends a new link that replaces the old', async () => {
    const email = 'twice@example.test'
    await invite(email)
    const first = await invitationToken(email)
    await invite(email)
    const second = await invitationToken(email)
    expect(second).not.toBe(first)
    expect((await new TestClient(ctx.app).get(`/api/v1/invitations/site?token=${first}`)).status).toBe(410)
    const list = await admin.client.get('/api/v1/admin/invitations')
    const mine = list.body.invitations.filter((item: { email: string }) => item.email === email)
    expect(mine).toHaveLength(1)
    expect(mine[0].invited_by).toBe(admin.username)
  })

  it('answers 409 for an address that has an account already', async () => {
    const response = await admin.client.post('/api/v1/admin/invitations', { email: admin.email })
    expect(response.status).toBe(409)
  })

  it('answers 400 with a field error for an invalid address', async () => {
    const response = await admin.client.post('/api/v1/admin/invitations', { email: 'not an address' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.email).toEqual(['is invalid'])
  })

  it('answers 403 to users and moderators, and 401 signed out; nothing is sent', async () => {
    await invite('user@example.test')
    await invite('moderator@example.test')
    const user = await buildUser(ctx.app, { email: 'user@example.test' })
    await ctx.app.db.insert(siteInvitations).values({
      email: 'seed-for-refusal@example.test',
      nonce: 'x',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    const moderator = await buildUser(ctx.app, { email: 'moderator@example.test', role: 'moderator' })
    const [pending] = await ctx.app.db
      .select()
      .from(siteInvitations)
      .where(eq(siteInvitations.email, 'seed-for-refusal@example.test'))
    for (const client of [user.client, moderator.client]) {
      expect((await client.post('/api/v1/admin/invitations', { email: 'sneaky@example.test' })).status).toBe(403)
      expect((await client.get('/api/v1/admin/invitations')).status).toBe(403)
      expect((await client.post(`/api/v1/admin/invitations/${pending!.id}/revoke`)).status).toBe(403)
    }
    expect((await new TestClient(ctx.app).post('/api/v1/admin/invitations', { email: 'x@example.test' })).status).toBe(
      401,
    )
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sneaky@example.test'))).toEqual(
      [],
    )
    const [still] = await ctx.app.db.select().from(siteInvitations).where(eq(siteInvitations.id, pending!.id))
    expect(still!.revokedAt).toBeNull()
  })
})

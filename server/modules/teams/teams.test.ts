// Team management (spec §6-§8): every call, every rule and every refusal, whatever a UI would have shown.
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALREADY_INVITED,
  ALREADY_ON_TEAM,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_LEAVE_FOR_SOMEONE_ELSE,
  CANNOT_REMOVE_YOURSELF,
  INVITATION_EXPIRED,
  INVITATION_FOR_ANOTHER_ACCOUNT,
  INVITATION_INVALID,
  INVITATION_SUPERSEDED,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  INVITE_ALREADY_ACCEPTED,
  MAKE_SOMEONE_ELSE_ADMIN,
  NEW_ADMIN_NOT_A_MEMBER,
  ONLY_ADMINS_SEARCH,
  ONLY_TEAM_ADMINS,
  ONLY_TEAM_MEMBERS,
  RESEND_TOO_SOON,
  SOLE_MEMBER_CANNOT_LEAVE,
} from '#contracts/teams.ts'
import { companies, companyInvitations, companyMembers, mailOutbox, notifications } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'
import { signInvitationToken, verifyInvitationToken } from './invitation-token.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const secret = testConfig().authSecret

/** A company whose team is `admins` (role admin) and `members`. */
async function team(options: { admins?: TestUser[]; members?: TestUser[]; name?: string } = {}) {
  return buildCompany(ctx.app.db, {
    ...(options.name ? { name: options.name } : {}),
    members: [
      ...(options.admins ?? []).map((user) => ({ userId: user.id, role: 'admin' as const })),
      ...(options.members ?? []).map((user) => ({ userId: user.id, role: 'member' as const })),
    ],
  })
}

async function membershipOf(companyId: number, userId: number) {
  const [row] = await ctx.app.db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
  return row ?? null
}

/** The newest e-mail to an address, and the invitation token in its link. */
async function lastMailTo(email: string) {
  const [row] = await ctx.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  if (!row) throw new Error(`no mail to ${email}`)
  const token = /\/invitations\/accept\?token=([A-Za-z0-9_.-]+)/.exec(row.textBody)?.[1] ?? null
  return { ...row, token }
}

let sequence = 0
const address = (prefix = 'invitee') => `${prefix}${process.pid}x${++sequence}@example.test`

async function invite(admin: TestUser, companyId: number, email: string, role: 'member' | 'admin' = 'member') {
  const response = await admin.client.post('/api/v1/company_owner_invites', { company_id: companyId, email, role })
  if (response.status !== 200) throw new Error(`invite failed: ${response.status} ${JSON.stringify(response.body)}`)
  return { invite: response.body, ...(await lastMailTo(email.toLowerCase())) }
}

describe('GET /api/v1/company_owners', () => {
  it('shows a member the team: members with roles, pending invitations, and their own membership', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const email = address()
    const { invite: pending } = await invite(admin, company.id, email)
    const response = await member.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const mine = await membershipOf(company.id, member.id)
    const theirs = await membershipOf(company.id, admin.id)
    expect(response.body).toEqual({
      company: {
        id: company.id,
        name: company.name,
        slug: company.slug,
        image_url: null,
        path: `/companies/${company.slug}`,
      },
      current_user: { company_owner_id: mine!.id, user_id: member.id, role: 'member' },
      members: [
        {
          id: theirs!.id,
          user_id: admin.id,
          username: admin.username,
          name: expect.any(String),
          image_url: null,
          role: 'admin',
        },
        {
          id: mine!.id,
          user_id: member.id,
          username: member.username,
          name: expect.any(String),
          image_url: null,
          role: 'member',
        },
      ],
      invites: [
        {
          id: pending.id,
          email,
          user: null,
          role: 'member',
          accepted: false,
          sent_at: expect.any(String),
          expires_at: expect.any(String),
        },
      ],
    })
  })

  it('answers 403 to someone not on the team, 404 for no such company, 400 without company_id, 401 signed out', async () => {
    const admin = await buildUser(ctx.app)
    const outsider = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const refused = await outsider.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(ONLY_TEAM_MEMBERS)
    expect((await admin.client.get('/api/v1/company_owners?company_id=999999')).status).toBe(404)
    const missing = await admin.client.get('/api/v1/company_owners')
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.error.fields)).toEqual(['company_id'])
    expect((await new TestClient(ctx.app).get(`/api/v1/company_owners?company_id=${company.id}`)).status).toBe(401)
  })
})

describe('GET /api/v1/company_owners/search', () => {
  it("answers the team's admin at most 10 people by username, the closest first, leaving out the team", async () => {
    const stem = `srch${process.pid}`
    const admin = await buildUser(ctx.app, { username: stem })
    for (let index = 0; index < 11; index++) await buildUser(ctx.app, { username: `${stem}${index}x` })
    const elsewhere = await buildUser(ctx.app, { username: `zz${stem}` })
    const company = await team({ admins: [admin] })
    const search = (term: string) =>
      admin.client.get(`/api/v1/company_owners/search?term=${term}&company_id=${company.id}`)
    const response = await search(stem.toUpperCase())
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.body.users).toHaveLength(10)
    expect(response.body.users[0]).toEqual({ id: expect.any(Number), username: `${stem}0x`, image_url: null })
    const ids = response.body.users.map((user: { id: number }) => user.id)
    expect(ids).not.toContain(admin.id)
    expect(ids).not.toContain(elsewhere.id)
    expect((await search(`z${stem}`)).body.users.map((user: { id: number }) => user.id)).toEqual([elsewhere.id])
    expect((await search('%25')).body.users).toEqual([])
  })

  it("answers 403 to anyone but the team's admins, so nobody learns who is on someone else's team", async () => {
    const stem = `leak${process.pid}`
    const admin = await buildUser(ctx.app)
    const insider = await buildUser(ctx.app, { username: `${stem}in` })
    const outsider = await buildUser(ctx.app, { username: `${stem}out` })
    const company = await team({ admins: [admin], members: [insider] })
    const stranger = await buildUser(ctx.app)
    const strangersOwn = await team({ admins: [stranger] })
    const term = `term=${stem}&company_id=${company.id}`

    for (const viewer of [stranger, insider]) {
      const refused = await viewer.client.get(`/api/v1/company_owners/search?${term}`)
      expect(refused.status).toBe(403)
      expect(refused.body.error).toMatchObject({ code: 'forbidden', message: ONLY_ADMINS_SEARCH })
      expect(refused.body).not.toHaveProperty('users')
    }
    const withoutCompany = await stranger.client.get(`/api/v1/company_owners/search?term=${stem}`)
    expect(withoutCompany.status).toBe(400)
    expect(Object.keys(withoutCompany.body.error.fields)).toEqual(['company_id'])
    expect((await stranger.client.get(`/api/v1/company_owners/search?term=${stem}&company_id=999999`)).status).toBe(404)

    // the stranger's own search is the same whoever is on the other team: its membership changes nothing
    const own = () => stranger.client.get(`/api/v1/company_owners/search?term=${stem}&company_id=${strangersOwn.id}`)
    const before = (await own()).body.users
    expect(before.map((user: { id: number }) => user.id).sort()).toEqual([insider.id, outsider.id].sort())
    await ctx.app.db.insert(companyMembers).values({ companyId: company.id, userId: outsider.id, role: 'member' })
    expect((await own()).body.users).toEqual(before)
    await ctx.app.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, insider.id)))
    expect((await own()).body.users).toEqual(before)
    // while the admin's own search does leave their team out
    const adminView = await admin.client.get(`/api/v1/company_owners/search?${term}`)
    expect(adminView.body.users.map((user: { id: number }) => user.id)).toEqual([insider.id])
  })

  it('answers 400 for an empty term and 401 signed out', async () => {
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [user] })
    const empty = await user.client.get(`/api/v1/company_owners/search?term=%20&company_id=${company.id}`)
    expect(empty.status).toBe(400)
    expect(empty.body.error.fields).toEqual({ term: ["can't be blank"] })
    const signedOut = new TestClient(ctx.app)
    expect((await signedOut.get(`/api/v1/company_owners/search?term=abc&company_id=${company.id}`)).status).toBe(401)
  })
})

describe('POST /api/v1/company_owner_invites', () => {
  it('records a pending invitation and queues an e-mail with a signed link that expires in 7 days', async () => {
    const admin = await buildUser(ctx.app, { name: 'Grace Hopper' })
    const company = await team({ admins: [admin], name: `Initech ${process.pid}` })
    const email = address()
    const response = await admin.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: `  ${email.toUpperCase()} `,
      role: 'admin',
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ email, role: 'admin', accepted: false })
    const mail = await lastMailTo(email)
    expect(mail).toMatchObject({
      kind: 'team.invitation',
      subject: `Grace Hopper invited you to join Initech ${process.pid}'s team on Stackatlas`,
      status: 'pending',
    })
    expect(mail.textBody).toContain(`as an admin`)
    expect(mail.textBody).toContain(`http://localhost:3000/invitations/accept?token=${mail.token}`)
    expect(mail.htmlBody).toContain(`href="http://localhost:3000/invitations/accept?token=${mail.token}"`)
    const claims = verifyInvitationToken(secret, mail.token!)
    expect(claims?.id).toBe(response.body.id)
    const days = (claims!.expiresAt * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
  })

  it('notifies the account registered with the invited address, in the same transaction, without the link', async () => {
    const admin = await buildUser(ctx.app)
    const invitee = await buildUser(ctx.app)
    const company = await team({ admins: [admin], name: `Hooli ${process.pid}` })
    const { invite: pending } = await invite(admin, company.id, invitee.email.toUpperCase())
    const rows = await ctx.app.db.select().from(notifications).where(eq(notifications.recipientId, invitee.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      type: 'team_invite',
      actorId: admin.id,
      groupKey: `team_invite:team_invitation:${pending.id}`,
      targetPath: `/companies/${company.slug}`,
    })
    const bell = await invitee.client.get('/api/v1/notifications/index?page=1')
    expect(bell.body.notifications[0].content).toBe(
      `${admin.username} invited you to join the ${company.name} team: the link is in your e-mail`,
    )
    // the signed link is a credential for the mailbox; an account with the address (unverified) never sees it
    expect(JSON.stringify(bell.body)).not.toContain('token=')
    // an address nobody registered notifies nobody, and a refused invite (already on the team) notifies nobody
    const stranger = address()
    await invite(admin, company.id, stranger)
    const member = await buildUser(ctx.app)
    await ctx.app.db.insert(companyMembers).values({ companyId: company.id, userId: member.id, role: 'member' })
    const refused = await admin.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: member.email,
      role: 'member',
    })
    expect(refused.status).toBe(409)
    expect(await ctx.app.db.select().from(notifications).where(eq(notifications.recipientId, member.id))).toEqual([])
  })

  it('answers 409 already_invited for an address whose invitation still works, and sends nothing (decision 083)', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const email = address()
    const first = await invite(admin, company.id, email, 'member')
    const again = await admin.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: email.toUpperCase(),
      role: 'admin',
    })
    expect(again.status).toBe(409)
    expect(again.body.error).toMatchObject({ error_msg: 'already_invited', message: ALREADY_INVITED })
    expect(ALREADY_INVITED).toMatch(/^Sorry - It looks like that user /)
    expect((await lastMailTo(email)).id).toBe(first.id)
    const [row] = await ctx.app.db.select().from(companyInvitations).where(eq(companyInvitations.id, first.invite.id))
    expect(row).toMatchObject({ role: 'member', nonce: expect.any(String) })
    const stillWorks = await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${first.token}`)
    expect(stillWorks.status).toBe(200)
  })

  it('invites an address whose invitation expired afresh: same entry, new role, and only the new link works', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const email = address()
    const first = await invite(admin, company.id, email, 'member')
    await ctx.app.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, first.invite.id))
    const second = await invite(admin, company.id, email, 'admin')
    expect(second.invite).toMatchObject({ id: first.invite.id, role: 'admin' })
    const old = await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${first.token}`)
    expect(old.status).toBe(410)
    expect(old.body.error).toMatchObject({ message: INVITATION_SUPERSEDED, error_msg: 'superseded' })
    const fresh = await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${second.token}`)
    expect(fresh.body.invitation.role).toBe('admin')
  })

  it('answers 409 with the spec message when the address belongs to someone on the team', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const response = await admin.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: member.email.toUpperCase(),
      role: 'member',
    })
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe(ALREADY_ON_TEAM)
    expect(response.body.error.message).toBe('Sorry - It looks like that user is already part of the team.')
  })

  it.each([
    [{ email: '' }, 'email', "can't be blank"],
    [{ email: 'someone@example' }, 'email', 'is invalid'],
    [{ role: 'owner' }, 'role', 'must be member or admin'],
  ])('answers 400 with a field error for %j', async (overrides, field, message) => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const response = await admin.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: address(),
      role: 'member',
      ...overrides,
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ [field]: [message] })
  })

  it('answers 403 to a member who is not admin and to an outsider, 404 for no such company, 401 signed out', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const outsider = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const body = { company_id: company.id, email: address(), role: 'member' }
    for (const user of [member, outsider]) {
      const refused = await user.client.post('/api/v1/company_owner_invites', body)
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe(ONLY_TEAM_ADMINS)
    }
    expect((await admin.client.post('/api/v1/company_owner_invites', { ...body, company_id: 999999 })).status).toBe(404)
    expect((await new TestClient(ctx.app).post('/api/v1/company_owner_invites', body)).status).toBe(401)
    const invitations = await ctx.app.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, company.id))
    expect(invitations).toEqual([])
  })

  it('answers 403 to an impersonated admin', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const client = await impersonate(ctx.app, admin)
    const response = await client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: address(),
      role: 'member',
    })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to manage teams')
  })
})

describe('POST /api/v1/company_owner_invites/resend', () => {
  async function sentAMinuteAgo(id: number) {
    await ctx.app.db
      .update(companyInvitations)
      .set({ sentAt: sql`now() - interval '61 seconds'` })
      .where(eq(companyInvitations.id, id))
  }

  it('queues the e-mail again with a new link, and the old link stops working', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const email = address()
    const first = await invite(admin, company.id, email)
    await sentAMinuteAgo(first.invite.id)
    const response = await admin.client.post('/api/v1/company_owner_invites/resend', {
      id: first.invite.id,
      company_id: company.id,
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ message: 'Your invite has been sent.', invite: { id: first.invite.id } })
    const again = await lastMailTo(email)
    expect(again.id).toBeGreaterThan(first.id)
    expect(again.token).not.toBe(first.token)
    expect((await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${first.token}`)).status).toBe(
      410,
    )
    expect((await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${again.token}`)).status).toBe(
      200,
    )
  })

  it('resends at once while rate limits are off (RATE_LIMIT_DISABLED=true), 404 for another team’s invitation, 409 once accepted', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const other = await team({ admins: [admin] })
    const email = address()
    const { invite: pending, id: firstMail } = await invite(admin, company.id, email)
    const atOnce = await admin.client.post('/api/v1/company_owner_invites/resend', {
      id: pending.id,
      company_id: company.id,
    })
    expect(atOnce.status).toBe(200)
    const { id: secondMail, token } = await lastMailTo(email)
    expect(secondMail).toBeGreaterThan(firstMail)
    const wrongTeam = await admin.client.post('/api/v1/company_owner_invites/resend', {
      id: pending.id,
      company_id: other.id,
    })
    expect(wrongTeam.status).toBe(404)
    const joiner = await buildUser(ctx.app)
    expect((await joiner.client.post('/api/v1/company_owner_invites/accept', { token })).status).toBe(200)
    const accepted = await admin.client.post('/api/v1/company_owner_invites/resend', {
      id: pending.id,
      company_id: company.id,
    })
    expect(accepted.status).toBe(409)
    expect(accepted.body.error.message).toBe(INVITE_ALREADY_ACCEPTED)
  })

  it('answers 403 to a member who is not admin and 401 signed out', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const { invite: pending } = await invite(admin, company.id, address())
    await sentAMinuteAgo(pending.id)
    const body = { id: pending.id, company_id: company.id }
    expect((await member.client.post('/api/v1/company_owner_invites/resend', body)).status).toBe(403)
    expect((await new TestClient(ctx.app).post('/api/v1/company_owner_invites/resend', body)).status).toBe(401)
  })
})

describe('GET /api/v1/company_owner_invites/show and POST /api/v1/company_owner_invites/accept', () => {
  it('shows what the link invites to, and joins the signed-in user with the invited role, once', async () => {
    const admin = await buildUser(ctx.app, { name: 'Ada Admin' })
    const company = await team({ admins: [admin] })
    const email = address()
    const { token } = await invite(admin, company.id, email, 'admin')
    const preview = await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${token}`)
    expect(preview.status).toBe(200)
    expect(preview.body.invitation).toMatchObject({
      company: { id: company.id, name: company.name, slug: company.slug },
      email,
      role: 'admin',
      invited_by: { username: admin.username, name: 'Ada Admin' },
    })

    const joiner = await buildUser(ctx.app)
    const accepted = await joiner.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({ company: { id: company.id }, role: 'admin', already_member: false })
    expect(await membershipOf(company.id, joiner.id)).toMatchObject({ role: 'admin' })
    const teamView = await joiner.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites).toEqual([])

    const again = await joiner.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(again.status).toBe(409)
    expect(again.body.error).toMatchObject({ message: INVITATION_USED, error_msg: 'used' })
    const shownAgain = await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${token}`)
    expect(shownAgain.status).toBe(409)
  })

  it('joins someone who signs up with the invited address after receiving the e-mail', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const email = address('newcomer')
    const { token } = await invite(admin, company.id, email, 'member')
    const newcomer = await buildUser(ctx.app, { email })
    const response = await newcomer.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(response.status).toBe(200)
    expect(await membershipOf(company.id, newcomer.id)).toMatchObject({ role: 'member' })
  })

  it('uses the invitation up without changing the role of someone already on the team', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const { token } = await invite(admin, company.id, address(), 'admin')
    const response = await member.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ role: 'member', already_member: true })
    expect(await membershipOf(company.id, member.id)).toMatchObject({ role: 'member' })
  })

  it('refuses a tampered link (400), an expired one (410), and one whose company is gone (404)', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const { token } = await invite(admin, company.id, address())
    const joiner = await buildUser(ctx.app)
    const claims = verifyInvitationToken(secret, token!)!

    // another invitation id, or a later expiry, under the old signature
    const [, nonce, expiry, signature] = token!.split('.')
    for (const forged of [
      `${claims.id + 1}.${nonce}.${expiry}.${signature}`,
      `${claims.id}.${nonce}.${Number(expiry) + 86_400}.${signature}`,
      `${token}x`,
      'not-a-token',
      signInvitationToken('another-secret-another-secret-0123456789', claims),
    ]) {
      const refused = await joiner.client.post('/api/v1/company_owner_invites/accept', { token: forged })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invitation_invalid', message: INVITATION_INVALID })
    }

    const expired = signInvitationToken(secret, { ...claims, expiresAt: Math.floor(Date.now() / 1000) - 1 })
    const late = await joiner.client.post('/api/v1/company_owner_invites/accept', { token: expired })
    expect(late.status).toBe(410)
    expect(late.body.error).toMatchObject({ message: INVITATION_EXPIRED, error_msg: 'expired' })
    expect((await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${expired}`)).status).toBe(410)
    expect(await membershipOf(company.id, joiner.id)).toBeNull()

    // another helper deletes companies: the invitation goes with it (ON DELETE CASCADE)
    await ctx.app.db.delete(companies).where(eq(companies.id, company.id))
    expect(
      await ctx.app.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id)),
    ).toEqual([])
    const gone = await joiner.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(gone.status).toBe(404)
    expect(gone.body.error.message).toBe(INVITATION_WITHDRAWN)
  })

  it('answers 401 to accept signed out, 403 impersonated, and 400 without a token', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const { token } = await invite(admin, company.id, address())
    expect((await new TestClient(ctx.app).post('/api/v1/company_owner_invites/accept', { token })).status).toBe(401)
    const someone = await buildUser(ctx.app)
    const impersonated = await (await impersonate(ctx.app, someone)).post('/api/v1/company_owner_invites/accept', {
      token,
    })
    expect(impersonated.status).toBe(403)
    expect((await someone.client.post('/api/v1/company_owner_invites/accept', {})).status).toBe(400)
    expect((await someone.client.get('/api/v1/company_owner_invites/show')).status).toBe(400)
  })
})

/** Invites an account by username and answers the pending invitation. */
async function inviteUser(admin: TestUser, companyId: number, user: TestUser, role: 'member' | 'admin' = 'member') {
  const response = await admin.client.post('/api/v1/company_owners/invite', {
    company_id: companyId,
    user_id: user.id,
    role,
  })
  if (response.status !== 200) throw new Error(`invite failed: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body as { id: number; email: string | null; user: { id: number } | null; role: string }
}

describe('POST /api/v1/company_owners/invite', () => {
  it('does not add the user: it records a pending invitation to the account, e-mails a link and notifies them', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app, { name: 'Una User' })
    const company = await team({ admins: [admin] })
    const response = await admin.client.post('/api/v1/company_owners/invite', {
      company_id: company.id,
      user_id: user.id,
      role: 'admin',
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      id: expect.any(Number),
      email: null,
      user: { id: user.id, username: user.username, name: 'Una User', image_url: null },
      role: 'admin',
      accepted: false,
      sent_at: expect.any(String),
      expires_at: expect.any(String),
    })
    expect(await membershipOf(company.id, user.id)).toBeNull()

    // the team shows the account as pending, without its address
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.members.map((member: { user_id: number }) => member.user_id)).toEqual([admin.id])
    expect(teamView.body.invites).toEqual([response.body])
    expect(JSON.stringify(teamView.body)).not.toContain(user.email)

    // the e-mail, through the outbox, carries a signed link that only this account can use
    const mail = await lastMailTo(user.email)
    expect(mail).toMatchObject({ kind: 'team.invitation' })
    expect(mail.textBody).toContain(`Sign in as @${user.username} to accept or decline it.`)
    expect(verifyInvitationToken(secret, mail.token!)).toMatchObject({ id: response.body.id })

    // the notification opens the accept page for this invitation
    const bell = await user.client.get('/api/v1/notifications/index?page=1')
    expect(bell.body.notifications[0].content).toMatch(
      new RegExp(`invited you to join the ${company.name} team: accept or decline$`),
    )
    const [notification] = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, user.id))
      .orderBy(desc(notifications.id))
      .limit(1)
    expect(notification).toMatchObject({
      type: 'team_invite',
      targetPath: `/invitations/accept?invitation=${response.body.id}`,
    })
  })

  it('answers 409 already_invited for an account whose invitation still works (decision 083)', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const first = await inviteUser(admin, company.id, user, 'member')
    const again = await admin.client.post('/api/v1/company_owners/invite', {
      company_id: company.id,
      user_id: user.id,
      role: 'admin',
    })
    expect(again.status).toBe(409)
    expect(again.body.error).toMatchObject({ error_msg: 'already_invited', message: ALREADY_INVITED })
    const [row] = await ctx.app.db.select().from(companyInvitations).where(eq(companyInvitations.id, first.id))
    expect(row!.role).toBe('member')
  })

  it('invites an account whose invitation expired afresh: same entry, the new role, only the new link works', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const first = await inviteUser(admin, company.id, user, 'member')
    const firstToken = (await lastMailTo(user.email)).token
    await ctx.app.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, first.id))
    const second = await inviteUser(admin, company.id, user, 'admin')
    expect(second).toMatchObject({ id: first.id, role: 'admin' })
    const old = await user.client.post('/api/v1/company_owner_invites/accept', { token: firstToken })
    expect(old.status).toBe(410)
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites).toHaveLength(1)
  })

  it('answers 403 to an impersonated admin, and nothing is written', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const client = await impersonate(ctx.app, admin)
    const refused = await client.post('/api/v1/company_owners/invite', {
      company_id: company.id,
      user_id: user.id,
      role: 'member',
    })
    expect(refused.status).toBe(403)
    expect(
      await ctx.app.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id)),
    ).toEqual([])
  })

  it('answers 409 with the spec message for someone already on the team, 404 for no such user', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const twice = await admin.client.post('/api/v1/company_owners/invite', {
      company_id: company.id,
      user_id: member.id,
      role: 'admin',
    })
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toBe(ALREADY_ON_TEAM)
    expect(await membershipOf(company.id, member.id)).toMatchObject({ role: 'member' })
    expect(
      await ctx.app.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id)),
    ).toEqual([])
    const nobody = await admin.client.post('/api/v1/company_owners/invite', {
      company_id: company.id,
      user_id: 999999,
      role: 'member',
    })
    expect(nobody.status).toBe(404)
  })

  it('answers 403 to a member who is not admin, 401 signed out', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const body = { company_id: company.id, user_id: user.id, role: 'admin' }
    const refused = await member.client.post('/api/v1/company_owners/invite', body)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(ONLY_TEAM_ADMINS)
    expect((await new TestClient(ctx.app).post('/api/v1/company_owners/invite', body)).status).toBe(401)
    expect(await membershipOf(company.id, user.id)).toBeNull()
    expect(
      await ctx.app.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id)),
    ).toEqual([])
  })
})

describe('accepting and declining an invitation to an account', () => {
  it('lets the invited account see and accept it by id: it joins with the invited role, once', async () => {
    const admin = await buildUser(ctx.app, { name: 'Ada Admin' })
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const pending = await inviteUser(admin, company.id, user, 'admin')
    const preview = await user.client.get(`/api/v1/company_owner_invites/show?id=${pending.id}`)
    expect(preview.status).toBe(200)
    expect(preview.body.invitation).toMatchObject({
      company: { id: company.id },
      email: null,
      username: user.username,
      role: 'admin',
      invited_by: { username: admin.username, name: 'Ada Admin' },
    })
    const accepted = await user.client.post('/api/v1/company_owner_invites/accept', { id: pending.id })
    expect(accepted.status).toBe(200)
    const membership = await membershipOf(company.id, user.id)
    expect(accepted.body).toMatchObject({ role: 'admin', company_owner_id: membership!.id, already_member: false })
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites).toEqual([])
    const again = await user.client.post('/api/v1/company_owner_invites/accept', { id: pending.id })
    expect(again.status).toBe(409)
  })

  it('accepts through the e-mailed link too, and uses up an open invitation to the same address', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    await invite(admin, company.id, user.email)
    await inviteUser(admin, company.id, user)
    const { token } = await lastMailTo(user.email)
    expect((await user.client.post('/api/v1/company_owner_invites/accept', { token })).status).toBe(200)
    expect(await membershipOf(company.id, user.id)).toMatchObject({ role: 'member' })
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites).toEqual([])
  })

  it("refuses anyone but the invited account: 404 by id, 403 with the account's link, 401 signed out", async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const pending = await inviteUser(admin, company.id, user)
    const { token } = await lastMailTo(user.email)

    for (const viewer of [other, admin]) {
      const byId = await viewer.client.post('/api/v1/company_owner_invites/accept', { id: pending.id })
      expect(byId.status).toBe(404)
      expect(byId.body.error.message).toBe(INVITATION_WITHDRAWN)
      expect((await viewer.client.get(`/api/v1/company_owner_invites/show?id=${pending.id}`)).status).toBe(404)
      const declined = await viewer.client.post('/api/v1/company_owner_invites/decline', { id: pending.id })
      expect(declined.status).toBe(404)
    }
    const byLink = await other.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(byLink.status).toBe(403)
    expect(byLink.body.error.message).toBe(INVITATION_FOR_ANOTHER_ACCOUNT)
    expect((await other.client.post('/api/v1/company_owner_invites/decline', { token })).status).toBe(403)
    const signedOut = new TestClient(ctx.app)
    expect((await signedOut.get(`/api/v1/company_owner_invites/show?id=${pending.id}`)).status).toBe(401)
    expect((await signedOut.post('/api/v1/company_owner_invites/accept', { id: pending.id })).status).toBe(401)
    expect((await signedOut.post('/api/v1/company_owner_invites/decline', { token })).status).toBe(401)
    const impersonated = await (await impersonate(ctx.app, user)).post('/api/v1/company_owner_invites/decline', {
      id: pending.id,
    })
    expect(impersonated.status).toBe(403)

    expect(await membershipOf(company.id, other.id)).toBeNull()
    expect(await membershipOf(company.id, user.id)).toBeNull()
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites.map((invite: { id: number }) => invite.id)).toEqual([pending.id])
  })

  it('withdraws a declined invitation: the team no longer shows it and its link stops working', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const pending = await inviteUser(admin, company.id, user)
    const { token } = await lastMailTo(user.email)
    const declined = await user.client.post('/api/v1/company_owner_invites/decline', { id: pending.id })
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({ company: { id: company.id, slug: company.slug } })
    expect(await membershipOf(company.id, user.id)).toBeNull()
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites).toEqual([])
    const late = await user.client.post('/api/v1/company_owner_invites/accept', { token })
    expect(late.status).toBe(404)
    expect(late.body.error.message).toBe(INVITATION_WITHDRAWN)
    // the admin may invite again
    expect((await inviteUser(admin, company.id, user)).id).not.toBe(pending.id)
  })

  it('lets whoever holds an e-mailed link to an address decline it', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const { token } = await invite(admin, company.id, address())
    const holder = await buildUser(ctx.app)
    expect((await holder.client.post('/api/v1/company_owner_invites/decline', { token })).status).toBe(200)
    const teamView = await admin.client.get(`/api/v1/company_owners?company_id=${company.id}`)
    expect(teamView.body.invites).toEqual([])
    expect((await holder.client.post('/api/v1/company_owner_invites/decline', {})).status).toBe(400)
  })

  it('resends an invitation to an account: a new link to its address and the notification again', async () => {
    const admin = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const pending = await inviteUser(admin, company.id, user)
    await ctx.app.db
      .update(companyInvitations)
      .set({ sentAt: sql`now() - interval '2 minutes'` })
      .where(eq(companyInvitations.id, pending.id))
    const before = (await lastMailTo(user.email)).token
    const resent = await admin.client.post('/api/v1/company_owner_invites/resend', {
      id: pending.id,
      company_id: company.id,
    })
    expect(resent.status).toBe(200)
    expect(resent.body.invite).toMatchObject({ id: pending.id, email: null, user: { id: user.id } })
    const after = (await lastMailTo(user.email)).token
    expect(after).not.toBe(before)
    expect((await user.client.post('/api/v1/company_owner_invites/accept', { token: after })).status).toBe(200)
  })
})

describe('PATCH /api/v1/company_owners/{id}', () => {
  it("changes another member's role and answers its id and role", async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const target = await membershipOf(company.id, member.id)
    const response = await admin.client.patch(`/api/v1/company_owners/${target!.id}`, {
      id: target!.id,
      company_id: company.id,
      company_owner: { role: 'admin' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: target!.id, role: 'admin' })
    expect(await membershipOf(company.id, member.id)).toMatchObject({ role: 'admin' })
  })

  it('answers 403 to an admin changing their own role and to a member, 404 for a member of another team', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const other = await team({ admins: [await buildUser(ctx.app)], members: [await buildUser(ctx.app)] })
    const mine = await membershipOf(company.id, admin.id)
    const own = await admin.client.patch(`/api/v1/company_owners/${mine!.id}`, {
      company_id: company.id,
      company_owner: { role: 'member' },
    })
    expect(own.status).toBe(403)
    expect(own.body.error.message).toBe(CANNOT_CHANGE_OWN_ROLE)
    const byMember = await member.client.patch(`/api/v1/company_owners/${mine!.id}`, {
      company_id: company.id,
      company_owner: { role: 'member' },
    })
    expect(byMember.status).toBe(403)
    expect(byMember.body.error.message).toBe(ONLY_TEAM_ADMINS)
    const [foreign] = await ctx.app.db.select().from(companyMembers).where(eq(companyMembers.companyId, other.id))
    const elsewhere = await admin.client.patch(`/api/v1/company_owners/${foreign!.id}`, {
      company_id: company.id,
      company_owner: { role: 'member' },
    })
    expect(elsewhere.status).toBe(404)
    const badRole = await admin.client.patch(`/api/v1/company_owners/${mine!.id}`, {
      company_id: company.id,
      company_owner: { role: 'owner' },
    })
    expect(badRole.status).toBe(400)
    expect(await membershipOf(company.id, admin.id)).toMatchObject({ role: 'admin' })
    expect(
      (
        await new TestClient(ctx.app).patch(`/api/v1/company_owners/${mine!.id}`, {
          company_id: company.id,
          company_owner: { role: 'member' },
        })
      ).status,
    ).toBe(401)
  })

  it('never leaves a team without an admin when two admins demote each other at the same time', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const company = await team({ admins: [first, second] })
    const firstMembership = await membershipOf(company.id, first.id)
    const secondMembership = await membershipOf(company.id, second.id)
    const results = await Promise.all([
      first.client.patch(`/api/v1/company_owners/${secondMembership!.id}`, {
        company_id: company.id,
        company_owner: { role: 'member' },
      }),
      second.client.patch(`/api/v1/company_owners/${firstMembership!.id}`, {
        company_id: company.id,
        company_owner: { role: 'member' },
      }),
    ])
    expect(results.map((result) => result.status).sort()).toEqual([200, 403])
    const roles = await ctx.app.db.select().from(companyMembers).where(eq(companyMembers.companyId, company.id))
    expect(roles.filter((row) => row.role === 'admin')).toHaveLength(1)
  })
})

describe('DELETE /api/v1/company_owners/{id}', () => {
  it('lets an admin remove another member', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const target = await membershipOf(company.id, member.id)
    const response = await admin.client.delete(`/api/v1/company_owners/${target!.id}`, {
      id: target!.id,
      company_id: company.id,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: target!.id })
    expect(await membershipOf(company.id, member.id)).toBeNull()
  })

  it('answers 403 with the spec message to anyone removing themselves, and 403 to a member removing another', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const adminMembership = await membershipOf(company.id, admin.id)
    const memberMembership = await membershipOf(company.id, member.id)
    for (const [user, membership] of [
      [admin, adminMembership],
      [member, memberMembership],
    ] as const) {
      const refused = await user.client.delete(`/api/v1/company_owners/${membership!.id}`, { company_id: company.id })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe(CANNOT_REMOVE_YOURSELF)
      expect(refused.body.error.message).toBe(
        'You cannot delete yourself from a team. If you want to leave your team, click Leave My Team.',
      )
    }
    const byMember = await member.client.delete(`/api/v1/company_owners/${adminMembership!.id}`, {
      company_id: company.id,
    })
    expect(byMember.status).toBe(403)
    expect(byMember.body.error.message).toBe(ONLY_TEAM_ADMINS)
    expect((await admin.client.delete('/api/v1/company_owners/999999', { company_id: company.id })).status).toBe(404)
    expect(
      (
        await new TestClient(ctx.app).delete(`/api/v1/company_owners/${memberMembership!.id}`, {
          company_id: company.id,
        })
      ).status,
    ).toBe(401)
    expect(await membershipOf(company.id, admin.id)).not.toBeNull()
    expect(await membershipOf(company.id, member.id)).not.toBeNull()
  })
})

describe('DELETE /api/v1/company_owners/leave_team/{id}', () => {
  it('lets a member leave and answers the redirect home', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const mine = await membershipOf(company.id, member.id)
    const response = await member.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, {
      id: mine!.id,
      company_id: company.id,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: mine!.id, redirect_to: '/' })
    expect(await membershipOf(company.id, member.id)).toBeNull()
  })

  it('refuses the only admin of a team of more than one with the spec message, until someone else is admin', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const mine = await membershipOf(company.id, admin.id)
    const refused = await admin.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, {
      company_id: company.id,
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(MAKE_SOMEONE_ELSE_ADMIN)
    expect(refused.body.error.message).toBe(
      'Sorry - Before you can leave this team, you need to make someone else an admin.',
    )
    const theirs = await membershipOf(company.id, member.id)
    await admin.client.patch(`/api/v1/company_owners/${theirs!.id}`, {
      company_id: company.id,
      company_owner: { role: 'admin' },
    })
    const left = await admin.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, { company_id: company.id })
    expect(left.status).toBe(200)
  })

  it('lets the only admin leave by naming another member the new admin, in one step (decision 084)', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member, other] })
    const mine = await membershipOf(company.id, admin.id)
    const theirs = await membershipOf(company.id, member.id)
    const left = await admin.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, {
      company_id: company.id,
      new_admin_id: theirs!.id,
    })
    expect(left.status).toBe(200)
    expect(await membershipOf(company.id, admin.id)).toBeNull()
    expect(await membershipOf(company.id, member.id)).toMatchObject({ role: 'admin' })
    expect(await membershipOf(company.id, other.id)).toMatchObject({ role: 'member' })
  })

  it('answers 409 when the named new admin is not another member, and nothing changes', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const stranger = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const elsewhere = await team({ admins: [stranger] })
    const mine = await membershipOf(company.id, admin.id)
    const foreign = await membershipOf(elsewhere.id, stranger.id)
    for (const newAdminId of [foreign!.id, mine!.id, 999_999]) {
      const refused = await admin.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, {
        company_id: company.id,
        new_admin_id: newAdminId,
      })
      expect(refused.status).toBe(409)
      expect(refused.body.error).toMatchObject({ error_msg: 'new_admin_not_a_member', message: NEW_ADMIN_NOT_A_MEMBER })
    }
    expect(await membershipOf(company.id, admin.id)).toMatchObject({ role: 'admin' })
    expect(await membershipOf(company.id, member.id)).toMatchObject({ role: 'member' })
    expect(await membershipOf(elsewhere.id, stranger.id)).toMatchObject({ role: 'admin' })
  })

  it('refuses the only member, an admin, so the company is never left with nobody to manage it (decision 084)', async () => {
    const admin = await buildUser(ctx.app)
    const company = await team({ admins: [admin] })
    const { token } = await invite(admin, company.id, address())
    const mine = await membershipOf(company.id, admin.id)
    const refused = await admin.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, {
      company_id: company.id,
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ error_msg: 'sole_member', message: SOLE_MEMBER_CANNOT_LEAVE })
    expect(await membershipOf(company.id, admin.id)).toMatchObject({ role: 'admin' })
    const [stillThere] = await ctx.app.db.select().from(companies).where(eq(companies.id, company.id))
    expect(stillThere).toBeDefined()
    const pending = await new TestClient(ctx.app).get(`/api/v1/company_owner_invites/show?token=${token}`)
    expect(pending.status).toBe(200)
  })

  it('lets a member leave a team that has no admin left (data from before decision 084)', async () => {
    const member = await buildUser(ctx.app)
    const company = await team({ members: [member] })
    const mine = await membershipOf(company.id, member.id)
    const left = await member.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, { company_id: company.id })
    expect(left.status).toBe(200)
  })

  it('keeps one admin when the last two admins leave at the same time', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await team({ admins: [first, second], members: [member] })
    const results = await Promise.all(
      [first, second].map(async (user) => {
        const mine = await membershipOf(company.id, user.id)
        return user.client.delete(`/api/v1/company_owners/leave_team/${mine!.id}`, { company_id: company.id })
      }),
    )
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
    const rows = await ctx.app.db.select().from(companyMembers).where(eq(companyMembers.companyId, company.id))
    expect(rows.filter((row) => row.role === 'admin')).toHaveLength(1)
  })

  it("answers 403 for someone else's membership, 404 to someone not on the team, 401 signed out", async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const outsider = await buildUser(ctx.app)
    const company = await team({ admins: [admin], members: [member] })
    const theirs = await membershipOf(company.id, admin.id)
    const forSomeoneElse = await member.client.delete(`/api/v1/company_owners/leave_team/${theirs!.id}`, {
      company_id: company.id,
    })
    expect(forSomeoneElse.status).toBe(403)
    expect(forSomeoneElse.body.error.message).toBe(CANNOT_LEAVE_FOR_SOMEONE_ELSE)
    expect(
      (await outsider.client.delete(`/api/v1/company_owners/leave_team/${theirs!.id}`, { company_id: company.id }))
        .status,
    ).toBe(404)
    expect(
      (
        await new TestClient(ctx.app).delete(`/api/v1/company_owners/leave_team/${theirs!.id}`, {
          company_id: company.id,
        })
      ).status,
    ).toBe(401)
    expect(await membershipOf(company.id, admin.id)).not.toBeNull()
  })
})

describe('POST /api/v1/company_owner_invites/resend with rate limits on', () => {
  let limited: TestContext
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitEnabled: true })
  })
  afterAll(() => limited.close())

  it('answers 429 within a minute of the last e-mail, and resends once the minute is over', async () => {
    const admin = await buildUser(limited.app)
    const company = await buildCompany(limited.app.db, { members: [{ userId: admin.id, role: 'admin' }] })
    const created = await admin.client.post('/api/v1/company_owner_invites', {
      company_id: company.id,
      email: address(),
      role: 'member',
    })
    expect(created.status).toBe(200)
    const body = { id: created.body.id, company_id: company.id }
    const tooSoon = await admin.client.post('/api/v1/company_owner_invites/resend', body)
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.error.message).toBe(RESEND_TOO_SOON)
    await limited.app.db
      .update(companyInvitations)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(companyInvitations.id, created.body.id))
    expect((await admin.client.post('/api/v1/company_owner_invites/resend', body)).status).toBe(200)
  })
})

// An address grants nothing until it is proved (issue 31 F-1, F-2; docs/decisions/074): each way into an account
// (sign-up by password, an invitation's link, GitHub, single sign-on, a change of address, the console's
// admin:create) walked against each rule (ADMIN_EMAILS, SIGNUP_EMAIL_DOMAINS, SIGNUP_MODE=invite). The security
// report's reproductions are the first tests of their groups.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_ERROR_PATH, SIGN_UP_REFUSALS } from '#contracts/auth.ts'
import { INVITE_ONLY } from '#contracts/site-invitations.ts'
import { type App, buildApp } from '../app.ts'
import { auditEvents, emailVerifications, mailOutbox, siteInvitations, users } from '../db/schema/index.ts'
import { makeAdminByEmail } from '../modules/users/admin-create.ts'
import { sendEmailLink } from '../modules/users/email-verification.service.ts'
import { TestClient } from '../test/client.ts'
import { buildUser, emailLinkToken } from '../test/factories.ts'
import { FAKE_GITHUB_CLIENT, type FakeGithub, signInWithGithub, startFakeGithub } from '../test/fake-github.ts'
import { createTestApp, TEST_ORIGIN, type TestContext, testConfig } from '../test/harness.ts'
import { OIDC_TEST_CLIENT, type OidcTestProvider, startOidcProvider } from '../test/oidc-provider.ts'
import { signInWithSso } from '../test/sso-sign-in.ts'

const ADMIN_EMAILS = [
  'first-boss@acme.test',
  'boss@acme.test',
  'chief@acme.test',
  'hub-boss@acme.test',
  'sso-boss@acme.test',
  'top@acme.test',
]
const DOMAIN_MESSAGE = 'Sign-up is limited to addresses at acme.test.'

// One database, three sites over it: `open` (ADMIN_EMAILS only), `domains` (SIGNUP_EMAIL_DOMAINS=acme.test) and
// `invite` (SIGNUP_MODE=invite), each with the same ADMIN_EMAILS, GitHub and single sign-on.
let ctx: TestContext
let domains: App
let invite: App
let provider: OidcTestProvider
let github: FakeGithub
let siteAdmin: Awaited<ReturnType<typeof buildUser>>

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${TEST_ORIGIN}/api/auth/callback/oidc`] })
  github = await startFakeGithub()
  const shared = {
    oidc: { issuer: provider.issuer, ...OIDC_TEST_CLIENT, name: 'Acme SSO' },
    github: FAKE_GITHUB_CLIENT,
    adminEmails: ADMIN_EMAILS,
  }
  ctx = await createTestApp(shared)
  const site = (overrides: Parameters<typeof testConfig>[0]) =>
    buildApp({ database: ctx.database, config: testConfig({ ...shared, ...overrides }), logger: false })
  domains = await site({ signup: { mode: 'domains', emailDomains: ['acme.test'] } })
  invite = await site({ signup: { mode: 'invite', emailDomains: [] } })
  await Promise.all([domains.ready(), invite.ready()])
  siteAdmin = await buildUser(ctx.app, { role: 'admin' })
})
afterAll(async () => {
  await domains?.close()
  await invite?.close()
  await ctx?.close()
  await github?.close()
  await provider?.close()
})

let n = 0
const PASSWORD = 'correct-horse-battery'
/** A password sign-up on `app`, as the form sends it: answers the response and a client holding its session. */
async function signUp(app: App, email: string, extra: Record<string, unknown> = {}) {
  const anonymous = new TestClient(app)
  const response = await anonymous.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: 'Someone',
    username: `addr${process.pid % 1000}x${++n}`,
    ...extra,
  })
  const cookie = [response.headers['set-cookie']].flat().find((value) => String(value).startsWith('stackatlas'))
  return { response, client: new TestClient(app, String(cookie ?? '').split(';')[0]) }
}
const follow = (app: App, token: string) => new TestClient(app).post('/api/v1/users/email/verify', { token })
const changeAddress = (client: TestClient, email: string) =>
  client.post('/api/v1/users/email', { email, current_password: PASSWORD })
const userRow = async (email: string) =>
  (await ctx.app.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0]
const current = async (client: TestClient) => (await client.get('/api/v1/users/current')).body.user

async function inviteToSite(email: string) {
  const response = await new TestClient(invite, siteAdmin.client.cookie).post('/api/v1/admin/invitations', { email })
  expect(response.status).toBe(200)
}
const openInvitation = async (email: string) =>
  (await ctx.app.db.select().from(siteInvitations).where(eq(siteInvitations.email, email)))[0]

describe('ADMIN_EMAILS: the role comes with the proved address, never before', () => {
  it("F-1: signing up with a listed address, moving to one's own and verifying it gives no admin", async () => {
    const { response, client } = await signUp(ctx.app, 'boss@acme.test')
    expect(response.status).toBe(200)
    expect((await userRow('boss@acme.test'))?.role).toBe('user')
    expect((await changeAddress(client, 'attacker2@evil.test')).status).toBe(200)
    expect((await follow(ctx.app, await emailLinkToken(ctx.app.db, 'attacker2@evil.test'))).status).toBe(200)
    const me = await current(client)
    expect(me).toMatchObject({ email: 'attacker2@evil.test', email_verified: true, is_admin: false })
    expect((await userRow('attacker2@evil.test'))?.role).toBe('user')
    expect((await client.get('/api/v1/admin/mail')).status).toBe(403)
    expect((await client.get('/api/auth/admin/list-users')).status).toBe(403)
    // and the real owner can still sign up with the address, and become the admin by proving it
    const owner = await signUp(ctx.app, 'boss@acme.test')
    expect(owner.response.status).toBe(200)
    expect((await follow(ctx.app, await emailLinkToken(ctx.app.db, 'boss@acme.test'))).status).toBe(200)
    expect(await current(owner.client)).toMatchObject({ is_admin: true })
  })

  it('gives the role once the listed address is proved by its link, and records it in the audit log', async () => {
    const { client } = await signUp(ctx.app, 'chief@acme.test')
    expect(await current(client)).toMatchObject({ is_admin: false, email_verified: false })
    expect((await follow(ctx.app, await emailLinkToken(ctx.app.db, 'chief@acme.test'))).status).toBe(200)
    expect(await current(client)).toMatchObject({ is_admin: true })
    const row = await userRow('chief@acme.test')
    const [event] = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.role_changed'), eq(auditEvents.subjectId, String(row!.id))))
    expect(event).toMatchObject({ actorId: null, details: { after: { role: 'admin' }, reason: 'ADMIN_EMAILS' } })
  })

  it('gives the role to an account that proves a listed address it changed to (the mailbox is the proof)', async () => {
    const user = await buildUser(ctx.app)
    expect((await changeAddress(user.client, 'top@acme.test')).status).toBe(200)
    expect(await current(user.client)).toMatchObject({ is_admin: false })
    expect((await follow(ctx.app, await emailLinkToken(ctx.app.db, 'top@acme.test'))).status).toBe(200)
    expect(await current(user.client)).toMatchObject({ email: 'top@acme.test', is_admin: true })
  })

  it('GitHub, which vouches for the address, makes the listed account an admin at once', async () => {
    const profile = { id: 7_400_001, login: 'hubboss', name: 'Hub Boss', email: 'hub-boss@acme.test' }
    const result = await signInWithGithub(ctx.app, github, profile)
    expect(result.status).toBe(302)
    expect(await current(result.client)).toMatchObject({ email_verified: true, is_admin: true })
  })

  it('single sign-on that vouches for the listed address makes it an admin; one that does not makes no account', async () => {
    provider.addPerson({
      login: 'ssoboss',
      sub: 'sub-sso-boss',
      email: 'sso-boss@acme.test',
      emailVerified: true,
      name: 'S',
    })
    const result = await signInWithSso(ctx.app, provider, 'ssoboss')
    expect(await current(result.client)).toMatchObject({ email_verified: true, is_admin: true })
    const unvouched = await signInWithSso(ctx.app, provider, 'unverified')
    expect(new URL(unvouched.location ?? '', TEST_ORIGIN).pathname).toBe(SIGN_IN_ERROR_PATH)
    expect(await current(unvouched.client)).toBeNull()
  })

  it('a provider never joins an account whose address nobody proved (the one who typed it holds its password)', async () => {
    const squatted = 'victim-hub@acme.test'
    await signUp(ctx.app, squatted)
    const result = await signInWithGithub(ctx.app, github, {
      id: 7_400_002,
      login: 'victimhub',
      name: 'V',
      email: squatted,
    })
    expect(new URL(String(result.location ?? ''), TEST_ORIGIN).pathname).toBe(SIGN_IN_ERROR_PATH)
    expect(await current(result.client)).toBeNull()
    expect((await userRow(squatted))?.emailVerified).toBe(false)
  })

  it('admin:create (the operator at the console vouches) makes an admin, verified, and says what changed', async () => {
    const { client } = await signUp(ctx.app, 'console-admin@acme.test')
    expect(await makeAdminByEmail(ctx.app.db, 'console-admin@acme.test')).toMatchObject({ outcome: 'promoted' })
    expect(await current(client)).toMatchObject({ is_admin: true, email_verified: true })
    expect(await makeAdminByEmail(ctx.app.db, 'console-admin@acme.test')).toMatchObject({ outcome: 'already-admin' })
    // an admin whose address was never proved (an install before decision 074): verified now, and it says so
    const legacy = await signUp(ctx.app, 'legacy-admin@acme.test')
    await ctx.app.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'legacy-admin@acme.test'))
    expect(await makeAdminByEmail(ctx.app.db, 'legacy-admin@acme.test')).toMatchObject({ outcome: 'verified' })
    expect(await current(legacy.client)).toMatchObject({ is_admin: true })
    const row = await userRow('legacy-admin@acme.test')
    const events = await ctx.app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.role_changed'), eq(auditEvents.subjectId, String(row!.id))))
    expect(events).toEqual([{ details: expect.objectContaining({ reason: 'admin:create' }) }])
  })
})

describe('SIGNUP_EMAIL_DOMAINS: asked again on every change of address', () => {
  it('F-2: an unproved account at the domain cannot move to an address elsewhere', async () => {
    const { response, client } = await signUp(domains, 'ceo-typo-xyz@acme.test')
    expect(response.status).toBe(200)
    const moved = await changeAddress(client, 'attacker@evil.test')
    expect(moved.status).toBe(400)
    expect(moved.body.error.fields).toEqual({ email: [DOMAIN_MESSAGE] })
    expect(await ctx.app.db.$count(mailOutbox, eq(mailOutbox.toAddress, 'attacker@evil.test'))).toBe(0)
    expect(await current(client)).toMatchObject({ email: 'ceo-typo-xyz@acme.test', email_verified: false })
  })

  it('a verified member cannot move the account to an address elsewhere either', async () => {
    const { client } = await signUp(domains, `insider${++n}@acme.test`)
    const me = await current(client)
    await follow(domains, await emailLinkToken(ctx.app.db, me.email))
    const moved = await changeAddress(client, 'insider@elsewhere.test')
    expect(moved.status).toBe(400)
    expect(moved.body.error.fields).toEqual({ email: [DOMAIN_MESSAGE] })
    expect((await changeAddress(client, `renamed${++n}@acme.test`)).status).toBe(200)
  })

  it('a change link sent before the rule is refused when followed after it, and nothing changes', async () => {
    const user = await buildUser(ctx.app, { email: `before-rule${++n}@acme.test` })
    expect((await changeAddress(user.client, 'later@elsewhere.test')).status).toBe(200)
    const answer = await follow(domains, await emailLinkToken(ctx.app.db, 'later@elsewhere.test'))
    expect(answer.status).toBe(422)
    expect(answer.body.error).toMatchObject({ message: DOMAIN_MESSAGE, error_msg: SIGN_UP_REFUSALS.domain })
    expect(await current(user.client)).toMatchObject({ email: user.email })
  })

  it('GitHub and single sign-on sign-ups at another domain are refused (the create hook asks the same rule)', async () => {
    const hub = await signInWithGithub(domains, github, {
      id: 7_400_003,
      login: 'hubout',
      name: 'O',
      email: 'o@out.test',
    })
    expect(new URL(String(hub.location ?? ''), TEST_ORIGIN).searchParams.get('error')).toBe(SIGN_UP_REFUSALS.domain)
    const sso = await signInWithSso(domains, provider, 'outsider')
    expect(new URL(sso.location ?? '', TEST_ORIGIN).searchParams.get('error')).toBe(SIGN_UP_REFUSALS.domain)
  })
})

describe('SIGNUP_MODE=invite: the invitation is used by the proved address, and an unproved account is asked again', () => {
  it("F-2: the invitee's address without the token cannot be moved to an uninvited one, and the invitation stays open", async () => {
    await inviteToSite('newhire@acme.test')
    const { response, client } = await signUp(invite, 'newhire@acme.test')
    expect(response.status).toBe(200)
    expect((await openInvitation('newhire@acme.test'))?.acceptedAt).toBeNull()
    const moved = await changeAddress(client, 'attacker@evil.test')
    expect(moved.status).toBe(403)
    expect(moved.body.error.message).toBe(INVITE_ONLY)
    expect((await openInvitation('newhire@acme.test'))?.acceptedAt).toBeNull()
    // the invitee proves the address: the invitation is used by that account
    expect((await follow(invite, await emailLinkToken(ctx.app.db, 'newhire@acme.test'))).status).toBe(200)
    expect((await openInvitation('newhire@acme.test'))?.acceptedById).toBe((await userRow('newhire@acme.test'))?.id)
  })

  it("an unproved account may move to another invited address: it starts over there, and the old one's link dies", async () => {
    await inviteToSite('typo-invitee@acme.test')
    await inviteToSite('right-invitee@acme.test')
    const { client } = await signUp(invite, 'typo-invitee@acme.test')
    const oldLink = await emailLinkToken(ctx.app.db, 'typo-invitee@acme.test')
    expect((await changeAddress(client, 'right-invitee@acme.test')).status).toBe(200)
    // the address changed at once, unproved, and the sign-up link went to the new one
    expect(await current(client)).toMatchObject({ email: 'right-invitee@acme.test', email_verified: false })
    expect((await follow(invite, oldLink)).status).toBe(410)
    const [link] = await ctx.app.db
      .select({ purpose: emailVerifications.purpose })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(eq(users.email, 'right-invitee@acme.test'))
      .orderBy(desc(emailVerifications.id))
    expect(link?.purpose).toBe('sign_up')
    expect((await follow(invite, await emailLinkToken(ctx.app.db, 'right-invitee@acme.test'))).status).toBe(200)
    expect((await openInvitation('right-invitee@acme.test'))?.acceptedAt).not.toBeNull()
    expect((await openInvitation('typo-invitee@acme.test'))?.acceptedAt).toBeNull()
  })

  it('GitHub and single sign-on cannot make an uninvited account', async () => {
    const hub = await signInWithGithub(invite, github, {
      id: 7_400_004,
      login: 'hubstranger',
      name: 'S',
      email: 'hs@acme.test',
    })
    expect(new URL(String(hub.location ?? ''), TEST_ORIGIN).searchParams.get('error')).toBe(
      'SIGN_UP_BY_INVITATION_ONLY',
    )
    provider.addPerson({
      login: 'ssostranger',
      sub: 'sub-sso-stranger',
      email: 'ss@acme.test',
      emailVerified: true,
      name: 'S',
    })
    const sso = await signInWithSso(invite, provider, 'ssostranger')
    expect(new URL(sso.location ?? '', TEST_ORIGIN).searchParams.get('error')).toBe('SIGN_UP_BY_INVITATION_ONLY')
    expect(await ctx.app.db.$count(users, eq(users.email, 'ss@acme.test'))).toBe(0)
  })

  it("an invitation's link proves the address: the account starts verified and the invitation is used", async () => {
    await inviteToSite('linked-invitee@acme.test')
    const [mail] = await ctx.app.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'linked-invitee@acme.test'))
      .orderBy(desc(mailOutbox.id))
    const token = /\/join\?token=(\S+)/.exec(mail?.text ?? '')?.[1]
    const { client } = await signUp(invite, 'linked-invitee@acme.test', { invitation: token })
    expect(await current(client)).toMatchObject({ email_verified: true })
    expect((await openInvitation('linked-invitee@acme.test'))?.acceptedAt).not.toBeNull()
  })
})

describe('a private site tells a signed-out visitor nothing about who has an account', () => {
  it("Better Auth's username availability check is gone (F-10)", async () => {
    const user = await buildUser(ctx.app)
    const answer = await new TestClient(ctx.app).post('/api/auth/is-username-available', { username: user.username })
    expect(answer.status).toBe(404)
  })
})

describe('the first admin of a site that sends no e-mail', () => {
  it("finds the link that proves an ADMIN_EMAILS address in the server's log, and only that link", async () => {
    const logged: Array<{ link?: string; email?: string }> = []
    const log = { warn: (fields: object) => logged.push(fields) }
    const { response } = await signUp(ctx.app, 'first-boss@acme.test')
    const user = {
      id: Number(response.body.user.id),
      name: 'Boss',
      username: response.body.user.username,
      email: 'first-boss@acme.test',
    }
    const send = (settings: { smtpUrl?: string; adminEmails: string[] }) =>
      ctx.app.db.transaction((tx) =>
        sendEmailLink(tx, ctx.app.jobQueue, { ...ctx.app.config, ...settings }, user, 'sign_up', user.email, log),
      )
    await send({ smtpUrl: undefined, adminEmails: ['first-boss@acme.test'] })
    // an address not listed, or a site with a mail server: nothing in the log
    await send({ smtpUrl: undefined, adminEmails: [] })
    await send({ smtpUrl: 'smtp://127.0.0.1:1', adminEmails: ['first-boss@acme.test'] })
    expect(logged).toHaveLength(1)
    expect(logged[0]?.email).toBe('first-boss@acme.test')
    // each link supersedes the one before: the operator's way in is the newest, so ask for one more (a Resend)
    await send({ smtpUrl: undefined, adminEmails: ['first-boss@acme.test'] })
    const token = new URL(logged[1]?.link ?? '').searchParams.get('token') ?? ''
    expect((await follow(ctx.app, token)).status).toBe(200)
    expect((await userRow('first-boss@acme.test'))?.role).toBe('admin')
  })
})

// E-mail verification (issue 17, decision 052): the sign-up link, its single use and expiry, Resend, and the one rule
// that an unverified account can read but not act, walked over every write route.
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { EMAIL_UNVERIFIED, unverifiedMessage } from '#contracts/email-verification.ts'
import { emailVerifications, mailOutbox, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, emailLinkToken } from '../../test/factories.ts'
import { FAKE_GITHUB_CLIENT, type FakeGithub, signInWithGithub, startFakeGithub } from '../../test/fake-github.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { listRegisteredRoutes } from '../../test/route-list.ts'

let ctx: TestContext
let github: FakeGithub
beforeAll(async () => {
  github = await startFakeGithub()
  ctx = await createTestApp({ github: FAKE_GITHUB_CLIENT, adminEmails: ['first-admin@example.test'] })
})
afterAll(async () => {
  await ctx.close()
  await github.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const anonymous = () => new TestClient(ctx.app)
const follow = (token: string) => anonymous().post('/api/v1/users/email/verify', { token })
const current = async (client: TestClient) => (await client.get('/api/v1/users/current')).body.user
/** Moves the clock (Date only: the database and the network keep real time) by `ms`. */
function advanceClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + ms)
}

describe('signing up by password', () => {
  it('queues a verification link to the address, and the account starts unverified', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const mail = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'account.verify_email')))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.textBody).toMatch(/http:\/\/localhost:3000\/verify-email\?token=\S+/)
    expect(mail[0]!.textBody).toContain('works once, for 24 hours')
    expect(await current(user.client)).toMatchObject({ email_verified: false, pending_email: null })
  })

  it('verifies the address when the link is followed, signed in or not, and the account can act', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const response = await follow(await emailLinkToken(ctx.app.db, user.email))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ purpose: 'sign_up', email: user.email })
    expect(await current(user.client)).toMatchObject({ email_verified: true })
    const acted = await user.client.post('/api/v1/users/profile', { name: 'Verified Person', username: user.username })
    expect(acted.status).toBe(200)
  })

  it('answers 410 used when a link is followed a second time', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const token = await emailLinkToken(ctx.app.db, user.email)
    expect((await follow(token)).status).toBe(200)
    const again = await follow(token)
    expect(again.status).toBe(410)
    expect(again.body.error).toMatchObject({ code: 'email_link_used', message: 'This link was already used.' })
  })

  it('answers 410 expired for a link followed after 24 hours, and the account stays unverified', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const token = await emailLinkToken(ctx.app.db, user.email)
    advanceClock(24 * 3600_000 + 1000)
    const response = await follow(token)
    expect(response.status).toBe(410)
    expect(response.body.error.code).toBe('email_link_expired')
    expect(response.body.error.message).toContain('expired')
    vi.useRealTimers()
    expect(await current(user.client)).toMatchObject({ email_verified: false })
  })

  it('answers 400 for a tampered link', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const token = await emailLinkToken(ctx.app.db, user.email)
    const [id, nonce, expiry, signature] = token.split('.')
    const later = await follow([id, nonce, Number(expiry) + 3600, signature].join('.'))
    expect(later.status).toBe(400)
    expect(later.body.error.code).toBe('email_link_invalid')
    expect((await follow('not-a-token')).status).toBe(400)
    // Better Auth's own (JWT, reusable) verification endpoints are off: ours is the one way
    expect((await anonymous().get(`/api/auth/verify-email?token=${token}`)).status).toBe(404)
    expect((await user.client.post('/api/auth/send-verification-email', { email: user.email })).status).toBe(404)
  })
})

describe('Resend', () => {
  it('answers 429 within a minute of the last link, then sends a new one that replaces it', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const first = await emailLinkToken(ctx.app.db, user.email)
    const tooSoon = await user.client.post('/api/v1/users/email/verification/resend')
    expect(tooSoon.status).toBe(429)
    advanceClock(61_000)
    const resent = await user.client.post('/api/v1/users/email/verification/resend')
    expect(resent.status).toBe(200)
    expect(resent.body).toEqual({ email: user.email })
    vi.useRealTimers()
    const second = await emailLinkToken(ctx.app.db, user.email)
    expect(second).not.toBe(first)
    const old = await follow(first)
    expect(old.status).toBe(410)
    expect(old.body.error.code).toBe('email_link_superseded')
    expect((await follow(second)).status).toBe(200)
  })

  it('answers 409 to a verified account, and 401 signed out', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/email/verification/resend')
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe('Your e-mail address is already verified.')
    expect((await anonymous().post('/api/v1/users/email/verification/resend')).status).toBe(401)
  })
})

describe('an unverified account', () => {
  // what it needs to get out of that state: verify, resend, change the address, delete the account (and sign out,
  // which is Better Auth's, under /api/auth)
  const ALLOWED = new Set([
    'POST /api/v1/users/email/verify',
    'POST /api/v1/users/email/verification/resend',
    'POST /api/v1/users/email',
    'POST /users/delete',
    // the digest's one-click unsubscribe: its signed URL is the proof, not the session (csrf: false)
    'POST /api/v1/notifications/unsubscribe/one-click',
    // the code hosts' push webhooks: the host's signature is the proof, the session plays no part (csrf: false)
    'POST /api/v1/code-host-webhooks/:connectionId',
  ])

  it('answers 403 with the envelope on every write route but the few it needs, and the walk covers them all', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const writes = listRegisteredRoutes(ctx.app).filter(
      (route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && !route.path.startsWith('/api/auth/'),
    )
    // a GET that writes (csrf: true) counts as a write
    writes.push({ method: 'GET', path: '/api/v1/follows/toggle' })
    expect(writes.length).toBeGreaterThan(60)
    const passed: string[] = []
    for (const route of writes) {
      const url = route.path.replace(/:\w+/g, '1').replace(/\*$/, 'x')
      const response = await user.client.request(route.method as 'POST', url, route.method === 'GET' ? undefined : {})
      const key = `${route.method} ${route.path}`
      const refused =
        response.status === 403 &&
        response.body.error?.message === unverifiedMessage(user.email) &&
        response.body.error?.error_msg === EMAIL_UNVERIFIED
      if (!refused) passed.push(key)
    }
    expect(passed.sort()).toEqual([...ALLOWED].sort())
    // nothing it tried was written: still its name, still unverified
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ emailVerified: false })
  })

  it('reads as before', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    expect((await user.client.get('/api/v1/users/current')).status).toBe(200)
    expect((await user.client.get('/api/v1/notifications/settings')).status).toBe(200)
  })

  it('may delete its account', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const response = await user.client.post('/users/delete', { confirmation: user.username })
    expect(response.status).toBe(200)
    expect(await ctx.app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0)
    expect(await ctx.app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id))).toEqual([])
  })

  it('may fix a mistyped address: the link goes to the new one, which replaces the old once followed', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const fixed = `fixed-${user.username}@example.test`
    const changed = await user.client.post('/api/v1/users/email', { email: fixed, current_password: user.password })
    expect(changed.status).toBe(200)
    expect((await follow(await emailLinkToken(ctx.app.db, fixed))).status).toBe(200)
    expect(await current(user.client)).toMatchObject({ email: fixed, email_verified: true })
  })

  it('is no admin until verified, even with an ADMIN_EMAILS address (the outbox would give away links)', async () => {
    const admin = await buildUser(ctx.app, { email: 'first-admin@example.test', verified: false })
    expect(await current(admin.client)).toMatchObject({ is_admin: false, email_verified: false })
    expect((await admin.client.get('/api/v1/admin/mail')).status).toBe(403)
    // nor Better Auth's admin endpoints, which look at the role alone
    const target = await buildUser(ctx.app)
    const impersonating = await admin.client.post('/api/auth/admin/impersonate-user', { userId: String(target.id) })
    expect(impersonating.status).toBe(403)
    expect(impersonating.body.error.error_msg).toBe(EMAIL_UNVERIFIED)
    expect((await admin.client.get('/api/auth/admin/list-users')).status).toBe(403)
    expect((await follow(await emailLinkToken(ctx.app.db, admin.email))).status).toBe(200)
    expect(await current(admin.client)).toMatchObject({ is_admin: true })
    expect((await admin.client.get('/api/v1/admin/mail')).status).toBe(200)
  })
})

describe('a changed address', () => {
  it('answers 409 when another account took the address before the link was followed, and keeps the old one', async () => {
    const user = await buildUser(ctx.app)
    const wanted = `wanted-${user.username}@example.test`
    await user.client.post('/api/v1/users/email', { email: wanted, current_password: user.password })
    const token = await emailLinkToken(ctx.app.db, wanted)
    await buildUser(ctx.app, { email: wanted })
    const response = await follow(token)
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe('Another account uses that address now, so it cannot become yours.')
    expect(await current(user.client)).toMatchObject({ email: user.email })
  })

  it('makes a sign-up link to the old address stop working', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    const signUpLink = await emailLinkToken(ctx.app.db, user.email)
    const next = `next-${user.username}@example.test`
    await user.client.post('/api/v1/users/email', { email: next, current_password: user.password })
    expect((await follow(await emailLinkToken(ctx.app.db, next))).status).toBe(200)
    expect((await follow(signUpLink)).status).toBe(410)
  })
})

describe('accounts from GitHub', () => {
  it('are verified when GitHub vouches for the address, and get no link', async () => {
    const email = 'hub-verified@example.test'
    const result = await signInWithGithub(ctx.app, github, { id: 8_100_001, login: 'hubverified', name: 'Hub', email })
    expect(await current(result.client)).toMatchObject({ email_verified: true })
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([])
  })
})

// Single sign-on through a real OpenID provider (oidc-provider, in-process on a loopback port): the redirect chain
// with cookies, as a browser makes it. First sign-in creates the account, the second finds it; an identity joins an
// existing account only on verified addresses; a tampered state, a callback from another browser and a wrong nonce
// are refused; SSO_ONLY refuses every password endpoint (decision 051).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORDS_OFF, SIGN_IN_ERROR_PATH, SIGN_UP_REFUSALS } from '#contracts/auth.ts'
import { type App, buildApp } from '../app.ts'
import { accounts, sessions, users } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { createTestApp, TEST_ORIGIN, type TestContext, testConfig } from '../test/harness.ts'
import { OIDC_TEST_CLIENT, type OidcTestProvider, startOidcProvider } from '../test/oidc-provider.ts'
import { signInWithSso } from '../test/sso-sign-in.ts'
import { mapOidcProfile } from './single-sign-on.ts'

let ctx: TestContext
let ssoOnly: App
let provider: OidcTestProvider
let nextPerson = 1

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${TEST_ORIGIN}/api/auth/callback/oidc`] })
  const oidc = { issuer: provider.issuer, ...OIDC_TEST_CLIENT, name: 'Acme SSO' }
  ctx = await createTestApp({ oidc })
  // the same database behind a second instance configured SSO_ONLY
  ssoOnly = await buildApp({ database: ctx.database, config: testConfig({ oidc, ssoOnly: true }), logger: false })
  await ssoOnly.ready()
})
afterAll(async () => {
  await ssoOnly?.close()
  await ctx?.close()
  await provider?.close()
})

/** A new person at the provider, with a verified address unless told. */
function person(overrides: { email?: string; emailVerified?: boolean; preferredUsername?: string } = {}) {
  const n = nextPerson++
  const login = `person${n}`
  const added = {
    login,
    sub: `sub-${n}-${Date.now()}`,
    email: overrides.email ?? `${login}@example.test`,
    emailVerified: overrides.emailVerified ?? true,
    name: `Person ${n}`,
    preferredUsername: overrides.preferredUsername,
  }
  provider.addPerson(added)
  return added
}

async function signedInUser(client: TestClient) {
  const current = await client.get('/api/v1/users/current')
  return current.body.user as { id: number; username: string; email: string } | null
}

/** The error page's ?error= of a refused callback, or fails the test when the callback did not land there. */
function errorOf(location: string | undefined) {
  const url = new URL(location ?? '', TEST_ORIGIN)
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}${SIGN_IN_ERROR_PATH}`)
  return url.searchParams.get('error')
}

describe('single sign-on', () => {
  it('sends the browser to the provider with state, nonce, PKCE (S256) and the openid email profile scopes', async () => {
    const start = await new TestClient(ctx.app).post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' })
    expect(start.status).toBe(200)
    const url = new URL(start.body.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`)
    expect(url.searchParams.get('client_id')).toBe(OIDC_TEST_CLIENT.clientId)
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/oidc`)
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile'])
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/)
  })

  it('creates the account on the first sign-in and finds it on the second', async () => {
    const someone = person({ preferredUsername: 'Grace.Hopper' })
    const tokensBefore = provider.tokenRequests
    const first = await signInWithSso(ctx.app, provider, someone.login, { callbackURL: '/tools' })
    expect(first.status).toBe(302)
    expect(first.location).toBe('/tools')
    expect(provider.tokenRequests).toBe(tokensBefore + 1)
    const user = await signedInUser(first.client)
    expect(user?.email).toBe(someone.email)
    // like GitHub's login: the wish made into a valid free handle
    expect(user?.username).toMatch(/^grace-?hopper/)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, someone.email))
    expect(row?.emailVerified).toBe(true)
    const [account] = await ctx.app.db.select().from(accounts).where(eq(accounts.userId, row!.id))
    expect(account).toMatchObject({ providerId: 'oidc', accountId: someone.sub })

    const second = await signInWithSso(ctx.app, provider, someone.login)
    expect(second.status).toBe(302)
    expect((await signedInUser(second.client))?.id).toBe(user?.id)
    expect(await ctx.app.db.$count(users, eq(users.email, someone.email))).toBe(1)
  })

  it('refuses to make an account for an address the provider does not vouch for (email_verified false)', async () => {
    const someone = person({ emailVerified: false })
    const result = await signInWithSso(ctx.app, provider, someone.login)
    expect(result.status).toBe(302)
    expect(errorOf(result.location)).toBe(SIGN_UP_REFUSALS.unverifiedSsoEmail)
    expect(await signedInUser(result.client)).toBeNull()
    expect(await ctx.app.db.$count(users, eq(users.email, someone.email))).toBe(0)
  })

  it('joins an existing password account only once both addresses are verified', async () => {
    const existing = await buildUser(ctx.app, { email: `linked-${nextPerson}@example.test`, verified: false })
    const someone = person({ email: existing.email })
    // the account's own address was never verified: someone else may have signed it up with this address
    const refused = await signInWithSso(ctx.app, provider, someone.login)
    expect(errorOf(refused.location)).toBe('account_not_linked')
    expect(await signedInUser(refused.client)).toBeNull()

    await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id))
    const joined = await signInWithSso(ctx.app, provider, someone.login)
    expect(joined.status).toBe(302)
    expect((await signedInUser(joined.client))?.id).toBe(existing.id)
    const linked = await ctx.app.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'oidc')))
    expect(linked).toHaveLength(1)
  })

  it('does not join a verified account when the provider does not vouch for the address', async () => {
    const existing = await buildUser(ctx.app, { email: `unvouched-${nextPerson}@example.test` })
    await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id))
    const someone = person({ email: existing.email, emailVerified: false })
    const result = await signInWithSso(ctx.app, provider, someone.login)
    expect(errorOf(result.location)).toBe('account_not_linked')
    expect(await signedInUser(result.client)).toBeNull()
  })

  it('refuses a callback whose state was tampered with, before any code exchange', async () => {
    const someone = person()
    const tokensBefore = provider.tokenRequests
    const result = await signInWithSso(ctx.app, provider, someone.login, {
      tamper: (callback) => callback.searchParams.set('state', `${callback.searchParams.get('state')}x`),
    })
    expect(result.status).toBe(302)
    expect(errorOf(result.location)).toMatch(/state/)
    expect(provider.tokenRequests).toBe(tokensBefore)
    expect(await signedInUser(result.client)).toBeNull()
    expect(await ctx.app.db.$count(users, eq(users.email, someone.email))).toBe(0)
  })

  it('refuses a callback opened in a browser that did not start the sign-in (no state cookie)', async () => {
    const someone = person()
    const result = await signInWithSso(ctx.app, provider, someone.login, { cookies: 'drop' })
    expect(errorOf(result.location)).toMatch(/state/)
    expect(await signedInUser(result.client)).toBeNull()
  })

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const someone = person()
    const tokensBefore = provider.tokenRequests
    provider.wrongNonce = true
    try {
      const result = await signInWithSso(ctx.app, provider, someone.login)
      expect(result.status).toBe(302)
      // the code was exchanged, then the ID token refused
      expect(provider.tokenRequests).toBe(tokensBefore + 1)
      expect(errorOf(result.location)).toBe('unable_to_get_user_info')
      expect(await signedInUser(result.client)).toBeNull()
      expect(await ctx.app.db.$count(users, eq(users.email, someone.email))).toBe(0)
    } finally {
      provider.wrongNonce = false
    }
  })

  it('refuses an ID token handed to /sign-in/social instead of the redirect (400)', async () => {
    const response = await new TestClient(ctx.app).post('/api/auth/sign-in/social', {
      provider: 'oidc',
      idToken: { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.error_msg).toBe('ID_TOKEN_SIGN_IN_REFUSED')
  })

  it('tells the web the account signs in through single sign-on, and takes a new sign-in there as the confirmation of an address change (decision 081)', async () => {
    const someone = person()
    const first = await signInWithSso(ctx.app, provider, someone.login)
    const current = (await first.client.get('/api/v1/users/current')).body.user
    expect(current).toMatchObject({ sign_in_providers: ['oidc'], has_password: false })
    // an hour later the session proves nothing: the change asks for a new sign-in
    await ctx.app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, current.id))
    const stale = await first.client.post('/api/v1/users/email', { email: `moved-${someone.email}` })
    expect(stale.status).toBe(403)
    expect(stale.body.error.error_msg).toBe('reauthenticate')
    // "Confirm with Acme SSO": the provider's sign-in, back on the settings page, and the change goes through
    const again = await signInWithSso(ctx.app, provider, someone.login, { callbackURL: '/settings/email' })
    expect(again.location).toBe('/settings/email')
    const fresh = await again.client.post('/api/v1/users/email', { email: `moved-${someone.email}` })
    expect(fresh.status).toBe(200)
  })

  it('lists every way an account signs in: a password account joined by single sign-on has both', async () => {
    const existing = await buildUser(ctx.app, { email: `both-${nextPerson}@example.test` })
    await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id))
    const joined = await signInWithSso(ctx.app, provider, person({ email: existing.email }).login)
    expect((await joined.client.get('/api/v1/users/current')).body.user.sign_in_providers).toEqual(['password', 'oidc'])
  })

  it('tells the web its button label', async () => {
    const site = await new TestClient(ctx.app).get('/api/v1/site')
    expect(site.body).toMatchObject({ sso_name: 'Acme SSO', password_enabled: true })
  })
})

describe('SSO_ONLY', () => {
  const message = 'Passwords are turned off on this site: sign in with Acme SSO.'

  it.each([
    ['/api/auth/sign-in/email', { email: 'someone@example.test', password: 'correct-horse-battery' }],
    ['/api/auth/sign-in/username', { username: 'someone', password: 'correct-horse-battery' }],
    [
      '/api/auth/sign-up/email',
      { email: 'new@example.test', password: 'correct-horse-battery', name: 'New', username: 'newbie' },
    ],
    ['/api/auth/request-password-reset', { email: 'someone@example.test' }],
    ['/api/auth/reset-password', { newPassword: 'correct-horse-battery', token: 'whatever' }],
  ])('answers 403 to %s', async (url, body) => {
    const response = await new TestClient(ssoOnly).post(url, body)
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({ code: 'forbidden', message, error_msg: PASSWORDS_OFF })
  })

  it('refuses a password sign-in of an account that has a password', async () => {
    const existing = await buildUser(ctx.app)
    const response = await new TestClient(ssoOnly).post('/api/auth/sign-in/email', {
      email: existing.email,
      password: existing.password,
    })
    expect(response.status).toBe(403)
  })

  it('answers 403 to changing or setting a password in settings', async () => {
    const existing = await buildUser(ctx.app)
    const client = new TestClient(ssoOnly, existing.client.cookie)
    const change = await client.post('/api/v1/users/password', {
      current_password: existing.password,
      new_password: 'another-horse-battery',
    })
    expect(change.status).toBe(403)
    expect(change.body.error.message).toBe(message)
    const set = await client.post('/api/v1/users/password/set', { new_password: 'another-horse-battery' })
    expect(set.status).toBe(403)
  })

  it('answers 403 to changing the address in settings: the provider manages it (decision 081)', async () => {
    const someone = person()
    const signedIn = await signInWithSso(ssoOnly, provider, someone.login)
    const response = await signedIn.client.post('/api/v1/users/email', { email: `elsewhere-${someone.email}` })
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({
      message: 'Your address is managed by Acme SSO.',
      error_msg: 'address_managed',
    })
    expect((await signedInUser(signedIn.client))?.email).toBe(someone.email)
  })

  it('still signs people in through single sign-on, and says so to the web', async () => {
    const someone = person()
    const result = await signInWithSso(ssoOnly, provider, someone.login)
    expect(result.status).toBe(302)
    expect((await signedInUser(result.client))?.email).toBe(someone.email)
    const site = await new TestClient(ssoOnly).get('/api/v1/site')
    expect(site.body).toMatchObject({ sso_name: 'Acme SSO', password_enabled: false })
  })
})

describe('the profile a provider sends', () => {
  it('wishes the username from preferred_username, or from the address, without a domain', () => {
    expect(mapOidcProfile({ preferred_username: 'grace' })).toEqual({ displayUsername: 'grace' })
    expect(mapOidcProfile({ preferred_username: 'grace.hopper@corp.example' })).toEqual({
      displayUsername: 'grace.hopper',
    })
    expect(mapOidcProfile({ email: 'ada@example.test' })).toEqual({ displayUsername: 'ada' })
  })

  it("takes Entra ID's xms_edov as the address's verification only when email_verified is absent", () => {
    expect(mapOidcProfile({ email: 'a@corp.example', xms_edov: true })).toMatchObject({ emailVerified: true })
    expect(mapOidcProfile({ email: 'a@corp.example', xms_edov: 'true' })).toMatchObject({ emailVerified: true })
    expect(mapOidcProfile({ email: 'a@corp.example', xms_edov: false })).not.toHaveProperty('emailVerified')
    expect(mapOidcProfile({ email: 'a@corp.example', email_verified: false, xms_edov: true })).not.toHaveProperty(
      'emailVerified',
    )
  })
})

// Who may join (SIGNUP_MODE=domains, SIGNUP_EMAIL_DOMAINS): sign-up by password, GitHub and single sign-on with an
// address at none of the domains is refused with the rule's message, in the form's envelope or on the error page;
// people who already have an account still sign in; admins still create accounts (decision 051).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_ERROR_PATH, SIGN_UP_REFUSALS, signUpDomainsMessage } from '#contracts/auth.ts'
import { type App, buildApp } from '../app.ts'
import { users } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { FAKE_GITHUB_CLIENT, type FakeGithub, signInWithGithub, startFakeGithub } from '../test/fake-github.ts'
import { createTestApp, TEST_ORIGIN, type TestContext, testConfig } from '../test/harness.ts'
import { OIDC_TEST_CLIENT, type OidcTestProvider, startOidcProvider } from '../test/oidc-provider.ts'
import { signInWithSso } from '../test/sso-sign-in.ts'
import { isAddressAtDomains } from './sign-up-rules.ts'

const MESSAGE = 'Sign-up is limited to addresses at example.com.'

// One database: `open` lets anyone join (the accounts that existed before the rule), `domains` is the same site
// once SIGNUP_EMAIL_DOMAINS=example.com is set.
let ctx: TestContext
let domains: App
let provider: OidcTestProvider
let github: FakeGithub

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${TEST_ORIGIN}/api/auth/callback/oidc`] })
  github = await startFakeGithub()
  const shared = {
    oidc: { issuer: provider.issuer, ...OIDC_TEST_CLIENT, name: 'Acme SSO' },
    github: FAKE_GITHUB_CLIENT,
  }
  ctx = await createTestApp(shared)
  const rules = { signup: { mode: 'domains' as const, emailDomains: ['example.com'] } }
  domains = await buildApp({ database: ctx.database, config: testConfig({ ...shared, ...rules }), logger: false })
  await domains.ready()
})
afterAll(async () => {
  await domains?.close()
  await ctx?.close()
  await github?.close()
  await provider?.close()
})

let n = 0
const signUpBody = (email: string) => ({ email, password: 'correct-horse-battery', name: 'New', username: `new${++n}` })

async function signedInUser(client: TestClient) {
  return (await client.get('/api/v1/users/current')).body.user as { id: number; email: string } | null
}

function errorPage(location: string | undefined) {
  const url = new URL(location ?? '', TEST_ORIGIN)
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}${SIGN_IN_ERROR_PATH}`)
  return { error: url.searchParams.get('error'), description: url.searchParams.get('error_description') }
}

describe('the message', () => {
  it('names the one domain, as the issue words it', () => {
    expect(signUpDomainsMessage(['example.com'])).toBe(MESSAGE)
  })

  it('joins several domains with "or"', () => {
    expect(signUpDomainsMessage(['example.com', 'example.org'])).toBe(
      'Sign-up is limited to addresses at example.com or example.org.',
    )
    expect(signUpDomainsMessage(['a.test', 'b.test', 'c.test'])).toBe(
      'Sign-up is limited to addresses at a.test, b.test or c.test.',
    )
  })
})

describe('the domain of an address', () => {
  it('matches the domain exactly, in any case', () => {
    expect(isAddressAtDomains('ada@example.com', ['example.com'])).toBe(true)
    expect(isAddressAtDomains('Ada@EXAMPLE.com', ['example.com'])).toBe(true)
  })

  it('does not match a subdomain, a longer domain or a look-alike', () => {
    expect(isAddressAtDomains('ada@eng.example.com', ['example.com'])).toBe(false)
    expect(isAddressAtDomains('ada@notexample.com', ['example.com'])).toBe(false)
    expect(isAddressAtDomains('ada@example.com.evil.test', ['example.com'])).toBe(false)
    expect(isAddressAtDomains('example.com', ['example.com'])).toBe(false)
  })

  it('reads the domain after the last @', () => {
    expect(isAddressAtDomains('"ada@example.com"@evil.test', ['example.com'])).toBe(false)
  })
})

describe('sign-up by password', () => {
  it('answers 422 with the rule on the e-mail field for an address elsewhere, and makes no account', async () => {
    const response = await new TestClient(domains).post('/api/auth/sign-up/email', signUpBody('ada@elsewhere.test'))
    expect(response.status).toBe(422)
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      message: MESSAGE,
      fields: { email: [MESSAGE] },
      error_msg: SIGN_UP_REFUSALS.domain,
    })
    expect(await ctx.app.db.$count(users, eq(users.email, 'ada@elsewhere.test'))).toBe(0)
  })

  it('refuses a subdomain of an allowed domain', async () => {
    const response = await new TestClient(domains).post('/api/auth/sign-up/email', signUpBody('ada@eng.example.com'))
    expect(response.status).toBe(422)
    expect(response.body.error.message).toBe(MESSAGE)
  })

  it('creates the account for an address at the domain', async () => {
    const response = await new TestClient(domains).post('/api/auth/sign-up/email', signUpBody('grace@Example.com'))
    expect(response.status).toBe(200)
    expect(response.body.user.email).toBe('grace@example.com')
  })

  it('still signs in an account made before the rule, whatever its address', async () => {
    const earlier = await buildUser(ctx.app, { email: `earlier${++n}@elsewhere.test` })
    const response = await new TestClient(domains).post('/api/auth/sign-in/email', {
      email: earlier.email,
      password: earlier.password,
    })
    expect(response.status).toBe(200)
  })

  it('lets anyone sign up where no rule is set', async () => {
    const response = await new TestClient(ctx.app).post('/api/auth/sign-up/email', signUpBody(`x${++n}@elsewhere.test`))
    expect(response.status).toBe(200)
  })
})

describe('sign-up through GitHub', () => {
  it('lands on the error page with the rule for an address elsewhere, and makes no account', async () => {
    const profile = { id: 7_100_001, login: 'octo-elsewhere', name: 'Octo', email: 'octo@elsewhere.test' }
    const result = await signInWithGithub(domains, github, profile, '/tools')
    expect(result.status).toBe(302)
    expect(errorPage(result.location)).toEqual({ error: SIGN_UP_REFUSALS.domain, description: MESSAGE })
    expect(await signedInUser(result.client)).toBeNull()
    expect(await ctx.app.db.$count(users, eq(users.email, 'octo@elsewhere.test'))).toBe(0)
  })

  it('creates the account for an address at the domain', async () => {
    const profile = { id: 7_100_002, login: 'octo-inside', name: 'Octo', email: 'octo@example.com' }
    const result = await signInWithGithub(domains, github, profile, '/tools')
    expect(result.location).toBe('/tools')
    expect((await signedInUser(result.client))?.email).toBe('octo@example.com')
  })
})

describe('sign-up through single sign-on', () => {
  it('lands on the error page with the rule for an address elsewhere, and makes no account', async () => {
    const result = await signInWithSso(domains, provider, 'outsider')
    expect(result.status).toBe(302)
    expect(errorPage(result.location)).toEqual({ error: SIGN_UP_REFUSALS.domain, description: MESSAGE })
    expect(await signedInUser(result.client)).toBeNull()
    expect(await ctx.app.db.$count(users, eq(users.email, 'outsider@elsewhere.test'))).toBe(0)
  })

  it('creates the account for an address at the domain', async () => {
    provider.addPerson({
      login: 'insider',
      sub: 'sub-insider',
      email: 'insider@example.com',
      emailVerified: true,
      name: 'In',
    })
    const result = await signInWithSso(domains, provider, 'insider')
    expect(result.location).toBe('/')
    expect((await signedInUser(result.client))?.email).toBe('insider@example.com')
  })

  it('still signs in someone whose account was made before the rule', async () => {
    provider.addPerson({
      login: 'early',
      sub: 'sub-early',
      email: 'early@elsewhere.test',
      emailVerified: true,
      name: 'E',
    })
    const before = await signInWithSso(ctx.app, provider, 'early')
    const id = (await signedInUser(before.client))?.id
    expect(id).toBeTypeOf('number')
    const after = await signInWithSso(domains, provider, 'early')
    expect(after.location).toBe('/')
    expect((await signedInUser(after.client))?.id).toBe(id)
  })
})

describe('accounts an admin creates', () => {
  it('are not sign-ups: an admin may create one at any address', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const client = new TestClient(domains, admin.client.cookie)
    const response = await client.post('/api/auth/admin/create-user', {
      email: 'contractor@elsewhere.test',
      password: 'correct-horse-battery',
      name: 'Contractor',
    })
    expect(response.status).toBe(200)
  })
})

// The per-address rate limits of sign-in and sign-up (issue 2: 'rate limits on sign-in and sign-up'): 10 a minute
// each, then 429 in the one error envelope.
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'

const LIMIT = 10

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ rateLimitEnabled: true })
})
afterAll(() => ctx.close())

describe('sign-in and sign-up rate limits', () => {
  it('answers 429 to the 11th sign-in within a minute', async () => {
    const client = new TestClient(ctx.app)
    const statuses: number[] = []
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const response = await client.post('/api/auth/sign-in/email', {
        email: 'nobody@example.test',
        password: 'wrong-password',
      })
      statuses.push(response.status)
      if (attempt === LIMIT) expect(response.body.error.code).toBe('rate_limited')
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401))
    expect(statuses[LIMIT]).toBe(429)
  })

  it('answers 429 to the 11th sign-up within a minute, and creates no account for it', async () => {
    const client = new TestClient(ctx.app)
    const statuses: number[] = []
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const response = await client.post('/api/auth/sign-up/email', {
        email: `limited-${attempt}@example.test`,
        password: 'correct-horse-battery',
        name: `Limited ${attempt}`,
        username: `limited${attempt}`,
      })
      statuses.push(response.status)
      if (attempt === LIMIT) expect(response.body.error.code).toBe('rate_limited')
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
    expect(statuses[LIMIT]).toBe(429)
    const created = await ctx.app.db.select({ email: users.email }).from(users).where(like(users.email, 'limited-%'))
    expect(created).toHaveLength(LIMIT)
  })

  it('does not limit other auth routes, such as reading the session', async () => {
    const client = new TestClient(ctx.app)
    for (let attempt = 0; attempt <= LIMIT + 2; attempt++) {
      expect((await client.get('/api/auth/get-session')).status).toBe(200)
    }
  })
})

describe("Better Auth's own account-change paths", () => {
  let plain: TestContext
  beforeAll(async () => {
    plain = await createTestApp()
  })
  afterAll(() => plain.close())

  it('answers 404 to change-password, change-email and update-user over HTTP: settings go through /api/v1/users', async () => {
    const user = await buildUser(plain.app)
    const attempts = [
      ['/api/auth/change-password', { currentPassword: user.password, newPassword: 'bypass-password' }],
      ['/api/auth/change-email', { newEmail: `bypass-${user.email}` }],
      ['/api/auth/update-user', { name: 'Bypass' }],
    ] as const
    for (const [url, body] of attempts) {
      const response = await user.client.post(url, body)
      expect(response.status).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }
    const current = (await user.client.get('/api/v1/users/current')).body.user
    expect(current).toMatchObject({ email: user.email, name: expect.not.stringMatching('Bypass') })
    const signIn = await new TestClient(plain.app).post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    })
    expect(signIn.status).toBe(200)
  })

  it("answers 404 to verify-password over HTTP: no unlimited way to guess a signed-in account's password", async () => {
    const user = await buildUser(plain.app)
    for (const password of ['wrong-password', user.password]) {
      const response = await user.client.post('/api/auth/verify-password', { password })
      expect(response.status).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }
  })
})

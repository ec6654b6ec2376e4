// The per-address rate limits of sign-in and sign-up (issue 2: 'rate limits on sign-in and sign-up'): 10 a minute
// each, then 429 in the one error envelope.
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
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

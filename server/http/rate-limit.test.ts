// Rate limits count in the database, so instances share them, and they count the client address Fastify works out
// from TRUSTED_PROXIES only: a client-written X-Forwarded-For is no new address (decision 035).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../app.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { sessions } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { openTestDatabase, testConfig } from '../test/harness.ts'

const LIMIT = 10 // sign-in and sign-up: 10 a minute per address (auth.routes.ts)

let database: Database
const apps: App[] = []
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await database.close()
})

async function instance(overrides: Partial<AppConfig> = {}): Promise<App> {
  const app = await buildApp({ database, config: testConfig({ rateLimitEnabled: true, ...overrides }), logger: false })
  await app.ready()
  apps.push(app)
  return app
}

async function signUp(client: TestClient, n: string, headers: Record<string, string> = {}) {
  return client.post(
    '/api/auth/sign-up/email',
    { email: `limit-${n}@example.test`, password: 'correct-horse-battery', name: `Limit ${n}`, username: `limit${n}` },
    headers,
  )
}

describe('rate limits across instances', () => {
  it('answers 429 to the 11th sign-up from one address when the tries are spread over two instances', async () => {
    const [first, second] = [await instance(), await instance()]
    const address = '192.0.2.10'
    const statuses: number[] = []
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const app = attempt % 2 === 0 ? first : second
      statuses.push((await signUp(new TestClient(app, undefined, address), `shared${attempt}`)).status)
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
    expect(statuses[LIMIT]).toBe(429)
    // another address still has its own count
    expect((await signUp(new TestClient(second, undefined, '192.0.2.11'), 'other')).status).toBe(200)
  })
})

describe('the client address', () => {
  it('ignores X-Forwarded-For when no proxy is trusted, even in production: rotating it does not reset the limit', async () => {
    const app = await instance({ isProduction: true, trustedProxies: [] })
    const address = '192.0.2.20'
    const statuses: number[] = []
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const client = new TestClient(app, undefined, address)
      const response = await signUp(client, `rotate${attempt}`, { 'x-forwarded-for': `203.0.113.${attempt + 1}` })
      statuses.push(response.status)
    }
    expect(statuses[LIMIT]).toBe(429)
  })

  it('takes the right-most address that is not a trusted proxy, and gives it to Better Auth for the session', async () => {
    const app = await instance({ trustedProxies: ['192.0.2.30', '10.0.0.0/8'] })
    const viaProxy = new TestClient(app, undefined, '192.0.2.30')
    // the client wrote 198.51.100.66 itself; 203.0.113.40 reached our proxy chain (10.1.2.3, then 192.0.2.30)
    const response = await signUp(viaProxy, 'forwarded', { 'x-forwarded-for': '198.51.100.66, 203.0.113.40, 10.1.2.3' })
    expect(response.status).toBe(200)
    const [session] = await database.db
      .select({ ipAddress: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, Number(response.body.user.id)))
    expect(session?.ipAddress).toBe('203.0.113.40')

    // rotating the client-written part keeps the same client: the 11th try is refused
    const statuses: number[] = []
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const forwarded = `198.51.100.${attempt}, 203.0.113.40, 10.1.2.3`
      statuses.push((await signUp(viaProxy, `chain${attempt}`, { 'x-forwarded-for': forwarded })).status)
    }
    expect(statuses.at(-1)).toBe(429)
    // a different client behind the same proxy has its own count
    const other = await signUp(viaProxy, 'neighbour', { 'x-forwarded-for': '203.0.113.41' })
    expect(other.status).toBe(200)
  })

  it('records the connecting address in the session when a client sends X-Forwarded-For to an untrusting server', async () => {
    const app = await instance()
    const client = new TestClient(app, undefined, '192.0.2.50')
    const response = await signUp(client, 'direct', { 'x-forwarded-for': '203.0.113.99' })
    expect(response.status).toBe(200)
    const [session] = await database.db
      .select({ ipAddress: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, Number(response.body.user.id)))
    expect(session?.ipAddress).toBe('192.0.2.50')
  })
})

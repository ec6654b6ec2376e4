import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('http foundation', () => {
  it('answers /healthz with the database kind', async () => {
    const response = await new TestClient(ctx.app).get('/healthz')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('ok')
  })

  it('answers 404 in the envelope for an unknown API route', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/nope')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('not_found')
  })

  it('answers a 404 outside /api with Vary: Accept, since a browser gets the page and a script the envelope', async () => {
    for (const accept of ['text/html', 'application/json']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/logos/no-such-logo.svg', headers: { accept } })
      expect(response.statusCode).toBe(404)
      expect(String(response.headers.vary)).toMatch(/accept/i)
    }
  })

  it('refuses a cookie-authenticated write from another origin with 403 csrf_failed', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/anything', {}, { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('csrf_failed')
  })

  it('converts a Better Auth failure into the envelope with field errors', async () => {
    const user = await buildUser(ctx.app)
    const response = await new TestClient(ctx.app).post('/api/auth/sign-up/email', {
      email: 'other@example.test',
      password: 'correct-horse-battery',
      name: 'Other',
      username: user.username,
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.body.error.fields.username[0]).toMatch(/taken/i)
  })

  it('refuses a reserved username at sign-up', async () => {
    const response = await new TestClient(ctx.app).post('/api/auth/sign-up/email', {
      email: 'api@example.test',
      password: 'correct-horse-battery',
      name: 'Api',
      username: 'api',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.username).toBeDefined()
  })

  it('answers a NUL character in a query or body string as a field error, not a database failure', async () => {
    const query = await new TestClient(ctx.app).get('/api/v1/match/companies?excludedTools=%00')
    expect(query.status).toBe(400)
    expect(query.body.error.fields.excludedTools).toEqual(['must not contain the NUL character'])

    const user = await buildUser(ctx.app)
    const body = await user.client.post('/api/v1/users/profile', { name: 'A\u0000B' })
    expect(body.status).toBe(400)
    expect(body.body.error.fields.name).toEqual(['must not contain the NUL character'])
  })
})

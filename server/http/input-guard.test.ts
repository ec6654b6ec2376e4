// Input PostgreSQL cannot store, or no route can name, is refused before any route sees it (decision 036): a NUL or
// control character in a path parameter, NUL or an unpaired surrogate in a query, body string or key, JSON nested
// deeper than JSON_DEPTH_MAX, NUL in a header. Each answers a 4xx in the envelope and writes nothing.
import { count } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { analyticsEvents } from '../db/schema/analytics.ts'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { createTestApp } from '../test/harness.ts'
import { JSON_DEPTH_MAX } from './input-guard.ts'

const ctx = await createTestApp()
afterAll(() => ctx.close())

const storedEvents = async () => (await ctx.app.db.select({ n: count() }).from(analyticsEvents))[0]!.n

describe('the input guard', () => {
  it.each([
    '/api/v1/stacks/a%00b/c',
    '/api/v1/companies/a%00b',
    '/api/v1/jobs/a%00b',
    '/logos/a%00b.svg',
    '/api/v1/tools/a%0Ab',
    '/api/v1/companies/a%00b/jobs/1',
  ])('answers 404 in the envelope for a control character in a path parameter: %s', async (url) => {
    const response = await new TestClient(ctx.app).get(url)
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('not_found')
  })

  it('answers 400 in the envelope for a path whose percent-encoding is not UTF-8', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/companies/%FF')
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe('bad_request')
  })

  it.each([
    [
      'a NUL in a value',
      '{"name":"page.view","properties":{"slug":"a\\u0000b"}}',
      'slug',
      'must not contain the NUL character',
    ],
    [
      'a NUL in a key',
      '{"name":"page.view","properties":{"a\\u0000b":"x"}}',
      'properties',
      'keys must not contain the NUL character',
    ],
    [
      'an unpaired surrogate in a value',
      '{"name":"page.view","properties":{"slug":"a\\ud800b"}}',
      'slug',
      'must not contain unpaired surrogate characters',
    ],
    [
      'an unpaired surrogate in a key',
      '{"name":"page.view","properties":{"\\udc00":1}}',
      'properties',
      'keys must not contain unpaired surrogate characters',
    ],
  ])('answers 400 and stores nothing for %s of jsonb properties', async (_, payload, field, message) => {
    const before = await storedEvents()
    const response = await new TestClient(ctx.app).request('POST', '/api/v1/analytics/track', payload, {
      'content-type': 'application/json',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields[field]).toEqual([message])
    expect(await storedEvents()).toBe(before)
  })

  it('still stores a well-formed surrogate pair (an emoji)', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/analytics/track', {
      name: 'page.view',
      properties: { mood: '😀' },
    })
    expect(response.status).toBe(200)
  })

  it.each([
    ['arrays', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['objects', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ])('answers 400 for JSON %s nested 100,000 levels deep, and takes JSON_DEPTH_MAX', async (_, nest) => {
    const client = new TestClient(ctx.app)
    const body = (depth: number) => `{"name":"page.view","properties":{"a":${nest(depth)}}}`
    const deep = await client.request('POST', '/api/v1/analytics/track', body(100_000), {
      'content-type': 'application/json',
    })
    expect(deep.status).toBe(400)
    expect(deep.body.error.message).toContain(`is nested too deeply (maximum is ${JSON_DEPTH_MAX} levels)`)
    // the body's own two levels and the limit's last one
    const allowed = await client.request('POST', '/api/v1/analytics/track', body(JSON_DEPTH_MAX - 3), {
      'content-type': 'application/json',
    })
    expect(allowed.status).toBe(200)
  })

  it('answers 400 for an unpaired surrogate in a text field instead of storing U+FFFD', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/profile', { name: 'A\ud800B' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.name).toEqual(['must not contain unpaired surrogate characters'])
  })

  it('answers 400 for a NUL in a header Better Auth reads as data (cookie, user agent)', async () => {
    const cookie = await new TestClient(ctx.app, 'stackatlas.session_token=a\u0000b').get('/api/v1/users/current')
    expect(cookie.status).toBe(400)
    expect(cookie.body.error.code).toBe('validation_failed')
    const signIn = await new TestClient(ctx.app).post(
      '/api/auth/sign-in/email',
      { email: 'nobody@example.test', password: 'correct-horse-battery' },
      { 'user-agent': 'a\u0000b' },
    )
    expect(signIn.status).toBe(400)
  })
})

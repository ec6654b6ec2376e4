// Personal API tokens (issue 17 "API tokens"): creation, list and revocation with their refusals, Bearer requests
// acting as the user within the token's scope, expired and revoked tokens refused at once on every instance, the
// token's own rate limit and the CSRF rule (docs/decisions/049-api-tokens.md).
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_TOKEN_ADMIN,
  API_TOKEN_EXPIRED,
  API_TOKEN_INVALID,
  API_TOKEN_NEEDS_SESSION,
  API_TOKEN_RATE_LIMITED,
  API_TOKEN_READ_ONLY,
  API_TOKEN_REVOKED,
  API_TOKENS_PER_USER,
  IMPERSONATED_API_TOKENS,
  TOO_MANY_API_TOKENS,
} from '#contracts/api-tokens.ts'
import { buildApp } from '../../app.ts'
import { apiTokens, auditEvents, users } from '../../db/schema/index.ts'
import { API_TOKEN_RATE_LIMIT } from '../../http/api-token-rules.ts'
import { createApiTokenFor, requestWithToken } from '../../test/api-token-fixtures.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'
import { hashApiTokenSecret } from './api-token-secret.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const create = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/v1/users/tokens', { name: 'ci', scope: 'read', expires_in_days: '30', ...body })

async function tokenRow(id: number) {
  const [row] = await ctx.app.db.select().from(apiTokens).where(eq(apiTokens.id, id))
  return row!
}

describe('creating, listing and revoking tokens', () => {
  it('answers the secret once, stores only its hash, and lists the token without it', async () => {
    const user = await buildUser(ctx.app)
    const before = Date.now()
    const response = await create(user.client, { name: '  deploy bot ', scope: 'write', expires_in_days: '90' })
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const { token, secret } = response.body
    expect(secret).toMatch(/^sa_pat_[A-Za-z0-9_-]{43}$/)
    expect(token).toMatchObject({ name: 'deploy bot', scope: 'write', expired: false, last_used_at: null })
    const days = (Date.parse(token.expires_at) - before) / 86_400_000
    expect(days).toBeGreaterThan(89.99)
    expect(days).toBeLessThan(90.01)

    const row = await tokenRow(token.id)
    expect(row.secretHash).toBe(hashApiTokenSecret(secret))
    expect(JSON.stringify(row)).not.toContain(secret)

    const list = await user.client.get('/api/v1/users/tokens')
    expect(list.status).toBe(200)
    expect(list.body.tokens).toEqual([token])
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(7))
    expect(JSON.stringify(list.body)).not.toContain(row.secretHash)
  })

  it('makes a token that never expires when asked', async () => {
    const user = await buildUser(ctx.app)
    const response = await create(user.client, { expires_in_days: 'never' })
    expect(response.status).toBe(200)
    expect(response.body.token.expires_at).toBeNull()
  })

  it('answers 400 with field errors for a blank or long name, an unknown scope or expiry', async () => {
    const user = await buildUser(ctx.app)
    const blank = await create(user.client, { name: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.error.fields).toEqual({ name: ["can't be blank"] })
    const long = await create(user.client, { name: 'x'.repeat(61) })
    expect(long.status).toBe(400)
    expect(long.body.error.fields).toEqual({ name: ['is too long (maximum is 60 characters)'] })
    expect((await create(user.client, { name: 'x'.repeat(60) })).status).toBe(200)
    expect((await create(user.client, { scope: 'admin' })).status).toBe(400)
    expect((await create(user.client, { expires_in_days: '1000' })).status).toBe(400)
  })

  it(`answers 409 past ${API_TOKENS_PER_USER} tokens in force; a revoked or expired one frees a place`, async () => {
    const user = await buildUser(ctx.app)
    const made = []
    for (let i = 0; i < API_TOKENS_PER_USER; i++) made.push(await createApiTokenFor(user, { name: `t${i}` }))
    const refused = await create(user.client, {})
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(TOO_MANY_API_TOKENS)
    expect((await user.client.delete(`/api/v1/users/tokens/${made[0]!.id}`)).status).toBe(200)
    expect((await create(user.client, {})).status).toBe(200)
    await ctx.app.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(apiTokens.id, made[1]!.id))
    expect((await create(user.client, {})).status).toBe(200)
  })

  it('answers 401 signed out', async () => {
    const anonymous = new TestClient(ctx.app)
    expect((await anonymous.get('/api/v1/users/tokens')).status).toBe(401)
    expect((await create(anonymous, {})).status).toBe(401)
    expect((await anonymous.delete('/api/v1/users/tokens/1')).status).toBe(401)
  })

  it('answers 403 to an admin impersonating the user, who may still look', async () => {
    const user = await buildUser(ctx.app)
    await createApiTokenFor(user)
    const admin = await impersonate(ctx.app, user)
    const refused = await create(admin, {})
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(IMPERSONATED_API_TOKENS)
    const [own] = (await user.client.get('/api/v1/users/tokens')).body.tokens
    const revoke = await admin.delete(`/api/v1/users/tokens/${own.id}`)
    expect(revoke.status).toBe(403)
    expect(revoke.body.error.message).toBe(IMPERSONATED_API_TOKENS)
    expect((await tokenRow(own.id)).revokedAt).toBeNull()
    expect((await admin.get('/api/v1/users/tokens')).body.tokens).toHaveLength(1)
  })

  it('answers 403 to a token creating or revoking tokens, even a write token', async () => {
    const user = await buildUser(ctx.app)
    const { id, secret } = await createApiTokenFor(user, { scope: 'write' })
    const created = await requestWithToken(ctx.app, secret, 'POST', '/api/v1/users/tokens', {
      payload: { name: 'more', scope: 'write', expires_in_days: 'never' },
    })
    expect(created.status).toBe(403)
    expect(created.body.error.message).toBe(API_TOKEN_NEEDS_SESSION)
    const revoked = await requestWithToken(ctx.app, secret, 'DELETE', `/api/v1/users/tokens/${id}`)
    expect(revoked.status).toBe(403)
    expect(revoked.body.error.message).toBe(API_TOKEN_NEEDS_SESSION)
    expect((await tokenRow(id)).revokedAt).toBeNull()
    // a token may read its owner's list (never the secrets)
    const list = await requestWithToken(ctx.app, secret, 'GET', '/api/v1/users/tokens')
    expect(list.status).toBe(200)
    expect(list.body.tokens.map((token: { id: number }) => token.id)).toEqual([id])
  })

  it("answers 404 for another user's token and leaves it working", async () => {
    const owner = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const { id, secret } = await createApiTokenFor(owner)
    const refused = await other.client.delete(`/api/v1/users/tokens/${id}`)
    expect(refused.status).toBe(404)
    expect((await other.client.get('/api/v1/users/tokens')).body.tokens).toEqual([])
    expect((await requestWithToken(ctx.app, secret, 'GET', '/api/v1/users/current')).body.user.id).toBe(owner.id)
  })

  it('revokes once: the token leaves the list and a second revoke is 404', async () => {
    const user = await buildUser(ctx.app)
    const { id } = await createApiTokenFor(user)
    expect((await user.client.delete(`/api/v1/users/tokens/${id}`)).status).toBe(200)
    expect((await user.client.get('/api/v1/users/tokens')).body.tokens).toEqual([])
    expect((await user.client.delete(`/api/v1/users/tokens/${id}`)).status).toBe(404)
    expect((await user.client.delete('/api/v1/users/tokens/abc')).status).toBe(400)
  })

  it('writes its creation and its revocation to the audit log, never the secret (decision 050)', async () => {
    const user = await buildUser(ctx.app)
    const created = await create(user.client, { name: 'deploy bot', scope: 'write' })
    const id = created.body.token.id
    expect((await user.client.delete(`/api/v1/users/tokens/${id}`)).status).toBe(200)
    const events = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'token'), eq(auditEvents.subjectId, String(id))))
      .orderBy(auditEvents.id)
    expect(events.map((event) => [event.action, event.actorId, event.subjectLabel])).toEqual([
      ['token.created', user.id, 'deploy bot'],
      ['token.revoked', user.id, 'deploy bot'],
    ])
    expect(JSON.stringify(events)).not.toContain(created.body.secret)
  })

  it('keeps account security to the person at the site: e-mail, password and deletion refuse tokens', async () => {
    const user = await buildUser(ctx.app)
    const { secret } = await createApiTokenFor(user, { scope: 'write' })
    const attempts = [
      ['/api/v1/users/email', { email: 'new@example.test', current_password: user.password }],
      ['/api/v1/users/password', { current_password: user.password, new_password: 'another-password' }],
      ['/api/v1/users/password/set', { new_password: 'another-password' }],
      ['/users/delete', { confirmation: user.username }],
    ] as const
    for (const [url, payload] of attempts) {
      const response = await requestWithToken(ctx.app, secret, 'POST', url, { payload })
      expect(response.status, url).toBe(403)
      expect(response.body.error.message, url).toBe(API_TOKEN_NEEDS_SESSION)
    }
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.email).toBe(user.email)
  })
})

describe('requests with a Bearer token', () => {
  it('act as the token owner, with a write token writing without cookie or Origin', async () => {
    const user = await buildUser(ctx.app)
    const { secret } = await createApiTokenFor(user, { scope: 'write' })
    const current = await requestWithToken(ctx.app, secret, 'GET', '/api/v1/users/current')
    expect(current.status).toBe(200)
    expect(current.body.user).toMatchObject({ id: user.id, username: user.username, impersonated: false })
    const update = await requestWithToken(ctx.app, secret, 'POST', '/api/v1/users/profile', {
      payload: { name: 'Scripted Name', username: user.username },
    })
    expect(update.status).toBe(200)
    expect((await user.client.get('/api/v1/users/current')).body.user.name).toBe('Scripted Name')
  })

  it('are never CSRF-checked, and their cookies are ignored: the token alone decides', async () => {
    const owner = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const { secret } = await createApiTokenFor(owner, { scope: 'write' })
    const fromElsewhere = await requestWithToken(ctx.app, secret, 'POST', '/api/v1/users/profile', {
      payload: { name: 'From a script', username: owner.username },
      headers: { origin: 'https://evil.example', cookie: other.client.cookie! },
    })
    expect(fromElsewhere.status).toBe(200)
    expect((await owner.client.get('/api/v1/users/current')).body.user.name).toBe('From a script')
    expect((await other.client.get('/api/v1/users/current')).body.user.name).not.toBe('From a script')
    // a bad token beside a valid cookie is refused, never taken as the cookie's user
    const bad = await requestWithToken(ctx.app, 'sa_pat_not-a-token', 'GET', '/api/v1/users/current', {
      headers: { cookie: other.client.cookie! },
    })
    expect(bad.status).toBe(401)
    expect(bad.body.error).toEqual({ code: 'unauthorized', message: API_TOKEN_INVALID })
    // and the cookie alone is still CSRF-checked
    const forged = await other.client.post(
      '/api/v1/users/profile',
      { name: 'Forged', username: other.username },
      { origin: 'https://evil.example' },
    )
    expect(forged.status).toBe(403)
    expect(forged.body.error.code).toBe('csrf_failed')
  })

  it('answer 401 for an unknown or empty token, even on a public route', async () => {
    for (const secret of ['sa_pat_unknown', 'nonsense', '']) {
      const response = await requestWithToken(ctx.app, secret, 'GET', '/api/v1/site')
      expect(response.status, secret).toBe(401)
      expect(response.body.error.message).toBe(API_TOKEN_INVALID)
    }
  })

  it('with a read-only token read, and are refused every write with 403', async () => {
    const user = await buildUser(ctx.app)
    const { secret } = await createApiTokenFor(user, { scope: 'read' })
    expect((await requestWithToken(ctx.app, secret, 'GET', '/api/v1/notifications/settings')).status).toBe(200)
    const write = await requestWithToken(ctx.app, secret, 'POST', '/api/v1/users/profile', {
      payload: { name: 'Nope', username: user.username },
    })
    expect(write.status).toBe(403)
    expect(write.body.error).toEqual({ code: 'forbidden', message: API_TOKEN_READ_ONLY })
    // a GET that writes (the spec's follow toggle) is a write too
    const toggle = await requestWithToken(ctx.app, secret, 'GET', '/api/v1/follows/toggle?type=Tool&id=1')
    expect(toggle.status).toBe(403)
    expect(toggle.body.error.message).toBe(API_TOKEN_READ_ONLY)
  })

  it('answer 401 "This token has expired." once it expires', async () => {
    const user = await buildUser(ctx.app)
    const { id, secret } = await createApiTokenFor(user, { expires: '7' })
    expect((await requestWithToken(ctx.app, secret, 'GET', '/api/v1/users/current')).status).toBe(200)
    await ctx.app.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.id, id))
    const response = await requestWithToken(ctx.app, secret, 'GET', '/api/v1/users/current')
    expect(response.status).toBe(401)
    expect(response.body.error).toEqual({ code: 'unauthorized', message: API_TOKEN_EXPIRED })
    expect((await user.client.get('/api/v1/users/tokens')).body.tokens[0].expired).toBe(true)
  })

  it('answer 401 "This token was revoked." at once on every instance of the site', async () => {
    const user = await buildUser(ctx.app)
    const { id, secret } = await createApiTokenFor(user)
    // a second instance on the same database, which has already served the token
    const other = await buildApp({ database: ctx.database, config: testConfig(), logger: false })
    await other.ready()
    try {
      expect((await requestWithToken(other, secret, 'GET', '/api/v1/users/current')).status).toBe(200)
      expect((await user.client.delete(`/api/v1/users/tokens/${id}`)).status).toBe(200)
      for (const app of [ctx.app, other]) {
        const response = await requestWithToken(app, secret, 'GET', '/api/v1/users/current')
        expect(response.status).toBe(401)
        expect(response.body.error).toEqual({ code: 'unauthorized', message: API_TOKEN_REVOKED })
      }
    } finally {
      await other.close()
    }
  })

  it('answer 401 when the owner is banned, and stop when the account is deleted', async () => {
    const banned = await buildUser(ctx.app)
    const { secret } = await createApiTokenFor(banned)
    await ctx.app.db.update(users).set({ banned: true }).where(eq(users.id, banned.id))
    expect((await requestWithToken(ctx.app, secret, 'GET', '/api/v1/users/current')).status).toBe(401)

    const leaving = await buildUser(ctx.app)
    const token = await createApiTokenFor(leaving)
    expect((await leaving.client.post('/users/delete', { confirmation: leaving.username })).status).toBe(200)
    const after = await requestWithToken(ctx.app, token.secret, 'GET', '/api/v1/users/current')
    expect(after.status).toBe(401)
  })

  it('record the last use and its address at most once a minute', async () => {
    const user = await buildUser(ctx.app)
    const { id, secret } = await createApiTokenFor(user)
    await requestWithToken(ctx.app, secret, 'GET', '/api/v1/site')
    const first = await tokenRow(id)
    expect(first.lastUsedAt).not.toBeNull()
    expect(first.lastUsedIp).toBe('127.0.0.1')
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/site',
      remoteAddress: '10.0.0.9',
      headers: { authorization: `Bearer ${secret}` },
    })
    expect(await tokenRow(id)).toMatchObject({ lastUsedAt: first.lastUsedAt, lastUsedIp: '127.0.0.1' })
    await ctx.app.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '61 seconds'` })
      .where(eq(apiTokens.id, id))
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/site',
      remoteAddress: '10.0.0.9',
      headers: { authorization: `Bearer ${secret}` },
    })
    const later = await tokenRow(id)
    expect(later.lastUsedIp).toBe('10.0.0.9')
    expect(later.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000)
    const [listed] = (await user.client.get('/api/v1/users/tokens')).body.tokens
    expect(listed.last_used_ip).toBe('10.0.0.9')
  })

  it('are not a session to Better Auth: get-session sees nobody and impersonation is refused', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const target = await buildUser(ctx.app)
    const { secret } = await createApiTokenFor(admin, { scope: 'write' })
    const session = await requestWithToken(ctx.app, secret, 'GET', '/api/auth/get-session')
    expect(session.status).toBe(200)
    expect(session.body).toBeNull()
    const impersonation = await requestWithToken(ctx.app, secret, 'POST', '/api/auth/admin/impersonate-user', {
      payload: { userId: String(target.id) },
      headers: { origin: 'http://localhost:3000' },
    })
    expect(impersonation.status).toBe(401)
    expect(impersonation.headers['set-cookie']).toBeUndefined()
  })

  it("answer 403 on admin routes with an admin's write token, which the admin's cookie may use", async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const { secret } = await createApiTokenFor(admin, { scope: 'write' })
    expect((await admin.client.get('/api/v1/admin/users')).status).toBe(200)
    const refused = await requestWithToken(ctx.app, secret, 'GET', '/api/v1/admin/users')
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(API_TOKEN_ADMIN)
  })
})

describe('the rate limit of token requests', () => {
  it(`answers 429 past ${API_TOKEN_RATE_LIMIT.max} requests a minute per token, counting each token apart`, async () => {
    const limited = await createTestApp({ rateLimitEnabled: true })
    try {
      const user = await buildUser(limited.app)
      const busy = await createApiTokenFor(user, { scope: 'read' })
      const quiet = await createApiTokenFor(user, { scope: 'read' })
      for (let i = 1; i <= API_TOKEN_RATE_LIMIT.max; i++) {
        const response = await requestWithToken(limited.app, busy.secret, 'GET', '/healthz')
        if (response.status !== 200) throw new Error(`request ${i} answered ${response.status}`)
        if (i === 1) expect(response.headers['x-ratelimit-limit']).toBe(String(API_TOKEN_RATE_LIMIT.max))
      }
      const refused = await requestWithToken(limited.app, busy.secret, 'GET', '/healthz')
      expect(refused.status).toBe(429)
      expect(refused.body.error).toEqual({ code: 'rate_limited', message: API_TOKEN_RATE_LIMITED })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect((await requestWithToken(limited.app, quiet.secret, 'GET', '/healthz')).status).toBe(200)
      // the cookie session is not counted against the token
      expect((await user.client.get('/api/v1/users/current')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('counts creating and revoking tokens in a limit of their own', async () => {
    const limited = await createTestApp({ rateLimitEnabled: true })
    try {
      const user = await buildUser(limited.app)
      for (let i = 0; i < 20; i++) {
        const response = await create(user.client, { name: `t${i}` })
        expect(response.status).toBe(200)
        expect((await user.client.delete(`/api/v1/users/tokens/${response.body.token.id}`)).status).toBe(200)
      }
      expect((await create(user.client, {})).status).toBe(429)
      expect((await user.client.delete('/api/v1/users/tokens/1')).status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('the OpenAPI document', () => {
  it('offers a bearer scheme beside the cookie, accepted by every route', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(document.security).toEqual([{ session: [] }, { bearer: [] }])
    expect(document.paths['/api/v1/users/tokens'].post.security).toEqual([{ session: [] }])
    expect(document.paths['/api/v1/users/tokens/{id}'].delete.security).toEqual([{ session: [] }])
  })
})

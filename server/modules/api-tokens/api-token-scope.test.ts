// Scope enforcement walked over the route table (issue 17 "Tests: Tokens"), so a new route cannot forget it: every
// registered write route refuses a read-only token with 403, and every admin and moderation route refuses an
// admin's write token with 403. Better Auth's own routes (/api/auth/*) are left out: they never take a token as a
// session (api-tokens.test.ts shows it).

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_TOKEN_ADMIN, API_TOKEN_NEEDS_SESSION, API_TOKEN_READ_ONLY } from '#contracts/api-tokens.ts'
import { companies, scans } from '../../db/schema/index.ts'
import { createApiTokenFor, requestWithToken, type TestApiToken } from '../../test/api-token-fixtures.ts'
import { buildCompany, buildTool, buildUser } from '../../test/factories.ts'
import { createTestApp } from '../../test/harness.ts'
import { listRegisteredRoutes } from '../../test/route-list.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const ctx = await createTestApp()
let readToken: TestApiToken
let adminWriteToken: TestApiToken
beforeAll(async () => {
  readToken = await createApiTokenFor(await buildUser(ctx.app), { scope: 'read' })
  adminWriteToken = await createApiTokenFor(await buildUser(ctx.app, { role: 'admin' }), { scope: 'write' })
})
afterAll(() => ctx.close())

/** A URL that reaches the route: every parameter (and a trailing wildcard) filled with '1'. */
const urlOf = (path: string) => path.replace(/:\w+(\|:\w+)*/g, '1').replace(/\*$/, '1')

/** The app's routes but Better Auth's, static files and the API docs, at the methods a client sends. */
const routes = listRegisteredRoutes(ctx.app)
  .filter(({ method }) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
  .filter(({ path }) => !path.startsWith('/api/auth/') && !path.startsWith('/api/docs'))
  .map(({ method, path }) => ({ method: method as Method, path, url: urlOf(path) }))

// the follow toggle writes; the scan starts work and fetches for its caller (decision 078)
const WRITE_GETS = new Set(['GET /api/v1/follows/toggle', 'GET /api/v1/analyze'])
/**
 * Writes: unsafe methods, and the GETs the app marks as writes with `config: { csrf: true }` (the spec's follow
 * toggle; a route marked so is origin-checked and refused to read-only tokens by the same isWriteRequest) or as writes
 * for tokens alone with `config: { isWriteForApiTokens: true }` (the scan).
 */
const writeRoutes = routes.filter(({ method, path }) => method !== 'GET' || WRITE_GETS.has(`${method} ${path}`))

/** Admin work: the admin and moderation trees, and the admins-only routes elsewhere. */
const ADMIN_ELSEWHERE = new Set(['POST /api/v1/jobs/demo'])
const adminRoutes = routes.filter(
  ({ method, path }) =>
    path.startsWith('/api/v1/admin/') ||
    path.startsWith('/api/v1/moderation/') ||
    ADMIN_ELSEWHERE.has(`${method} ${path}`),
)

describe('the route table', () => {
  it('holds the writes and admin routes to walk', () => {
    expect(writeRoutes.length).toBeGreaterThan(60)
    expect(adminRoutes.length).toBeGreaterThan(15)
    for (const key of [...WRITE_GETS, ...ADMIN_ELSEWHERE]) {
      expect(
        routes.some(({ method, path }) => `${method} ${path}` === key),
        key,
      ).toBe(true)
    }
  })

  it('reaches each walked route with its URL, not the not-found handler', async () => {
    for (const { method, url, path } of [...writeRoutes, ...adminRoutes]) {
      const response = await ctx.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) })
      const message = response.statusCode === 404 ? (response.json().error?.message ?? '') : ''
      expect(message.startsWith('No route for'), `${method} ${path}`).toBe(false)
    }
  })
})

describe('a read-only token', () => {
  it.each(writeRoutes)('is refused with 403 on $method $path', async ({ method, url }) => {
    const response = await requestWithToken(ctx.app, readToken.secret, method, url, {
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    })
    expect(response.status).toBe(403)
    expect(response.body.error).toEqual({ code: 'forbidden', message: API_TOKEN_READ_ONLY })
  })
})

describe("an admin's write token", () => {
  it.each(adminRoutes)('is refused with 403 on $method $path', async ({ method, url, path }) => {
    const payload =
      method === 'GET' || method === 'DELETE'
        ? undefined
        : path === '/api/v1/jobs/demo'
          ? { count: 1 } // valid, so the refusal comes from the admin check, not the body's validation
          : {}
    const response = await requestWithToken(ctx.app, adminWriteToken.secret, method, url, { payload })
    expect(response.status).toBe(403)
    expect(response.body.error).toEqual({ code: 'forbidden', message: API_TOKEN_ADMIN })
  })
})

describe('the edges of decision 078', () => {
  it('refuses a read-only token a scan, before anything is fetched', async () => {
    const response = await requestWithToken(ctx.app, readToken.secret, 'GET', '/api/v1/analyze?url=https://example.com')
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe(API_TOKEN_READ_ONLY)
    expect(await ctx.app.db.select().from(scans)).toEqual([])
  })

  it("shows an admin's tokens, read or write, no unapproved tool: the moderators' view needs a session", async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const submitter = await buildUser(ctx.app)
    const tool = await buildTool(ctx.app.db, { isApproved: false, submittedById: submitter.id })
    expect((await admin.client.get(`/api/v1/tools/${tool.slug}`)).status).toBe(200)
    for (const scope of ['read', 'write'] as const) {
      const token = await createApiTokenFor(admin, { scope })
      const response = await requestWithToken(ctx.app, token.secret, 'GET', `/api/v1/tools/${tool.slug}`)
      expect(response.status, scope).toBe(404)
    }
  })

  it("refuses a company admin's write token the company's deletion, which takes a session as the account's does", async () => {
    const owner = await buildUser(ctx.app)
    const company = await buildCompany(ctx.app.db, { members: [{ userId: owner.id, role: 'admin' }] })
    const token = await createApiTokenFor(owner, { scope: 'write' })
    const body = { companyId: company.id, confirmation: company.name }
    const refused = await requestWithToken(ctx.app, token.secret, 'POST', '/companies/delete', { payload: body })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(API_TOKEN_NEEDS_SESSION)
    expect(await ctx.app.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1)
    expect((await owner.client.post('/companies/delete', body)).status).toBe(200)
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsEvents } from '../../db/schema/index.ts'
import { sessionCookieFrom, TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('GET /api/v1/admin/users', () => {
  it('lists users for an admin, searchable by username or e-mail', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const target = await buildUser(ctx.app, { username: 'findme-admin', email: 'someone.else@example.test' })
    const byUsername = await admin.client.get('/api/v1/admin/users?q=FINDME')
    expect(byUsername.status).toBe(200)
    expect(byUsername.body).toMatchObject({ page: 1, per_page: 25, total: 1 })
    expect(byUsername.body.users[0]).toMatchObject({
      id: target.id,
      username: 'findme-admin',
      email: 'someone.else@example.test',
      role: 'user',
    })
    const byEmail = await admin.client.get('/api/v1/admin/users?q=someone.else@')
    expect(byEmail.body.users.map((user: any) => user.id)).toEqual([target.id])
  })

  it('takes LIKE wildcards in the search literally', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.get('/api/v1/admin/users?q=%25')
    expect(response.status).toBe(200)
    expect(response.body.total).toBe(0)
  })

  it('pages 25 users at a time', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    for (let i = 0; i < 26; i++) await buildUser(ctx.app, { username: `pager${i}x${process.pid}` })
    const first = await admin.client.get('/api/v1/admin/users?q=pager')
    const second = await admin.client.get('/api/v1/admin/users?q=pager&page=2')
    expect(first.body.total).toBe(26)
    expect(first.body.users).toHaveLength(25)
    expect(second.body.users).toHaveLength(1)
    expect(second.body.page).toBe(2)
  })

  it('answers 400 for page 0', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.get('/api/v1/admin/users?page=0')
    expect(response.status).toBe(400)
    expect(response.body.error.fields.page).toBeDefined()
  })

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/admin/users')
    expect(response.status).toBe(401)
  })

  it('answers 403 for a moderator and for a user', async () => {
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const user = await buildUser(ctx.app)
    expect((await moderator.client.get('/api/v1/admin/users')).status).toBe(403)
    expect((await user.client.get('/api/v1/admin/users')).status).toBe(403)
  })
})

describe('POST /api/v1/admin/users/{id}/role', () => {
  it('makes a user a moderator, and the current-user record follows', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const user = await buildUser(ctx.app)
    const response = await admin.client.post(`/api/v1/admin/users/${user.id}/role`, { role: 'moderator' })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ id: user.id, role: 'moderator' })
    const current = await user.client.get('/api/v1/users/current')
    expect(current.body.user).toMatchObject({ moderator: true, is_admin: false })
    const events = await ctx.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'admin.role_changed'))
    expect(events.at(-1)).toMatchObject({ userId: admin.id, properties: { user_id: user.id, role: 'moderator' } })
  })

  it('makes another admin and demotes them back to user', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const other = await buildUser(ctx.app)
    expect((await admin.client.post(`/api/v1/admin/users/${other.id}/role`, { role: 'admin' })).status).toBe(200)
    expect((await other.client.get('/api/v1/admin/users')).status).toBe(200)
    expect((await admin.client.post(`/api/v1/admin/users/${other.id}/role`, { role: 'user' })).status).toBe(200)
    expect((await other.client.get('/api/v1/admin/users')).status).toBe(403)
  })

  it('answers 403 when an admin demotes themselves', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.post(`/api/v1/admin/users/${admin.id}/role`, { role: 'moderator' })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('You cannot remove your own admin role.')
    const current = await admin.client.get('/api/v1/users/current')
    expect(current.body.user.is_admin).toBe(true)
  })

  it('answers 404 for an unknown user', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.post('/api/v1/admin/users/999999/role', { role: 'moderator' })
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('not_found')
  })

  it('answers 400 with a field error for an unknown role', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const user = await buildUser(ctx.app)
    const response = await admin.client.post(`/api/v1/admin/users/${user.id}/role`, { role: 'owner' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ role: ['must be user, moderator or admin'] })
  })

  it('answers 401 when signed out and 403 for a moderator', async () => {
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const user = await buildUser(ctx.app)
    const url = `/api/v1/admin/users/${user.id}/role`
    expect((await new TestClient(ctx.app).post(url, { role: 'admin' })).status).toBe(401)
    const response = await moderator.client.post(url, { role: 'admin' })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Only admins can do that.')
  })
})

describe('impersonation (Better Auth admin plugin)', () => {
  async function impersonate(admin: TestClient, userId: number) {
    const response = await admin.post('/api/auth/admin/impersonate-user', { userId })
    expect(response.status).toBe(200)
    // The browser keeps both cookies: the impersonated session and the signed admin_session to return to.
    const raw = response.headers['set-cookie']
    const pairs = (Array.isArray(raw) ? raw : [String(raw)]).map((cookie) => cookie.split(';')[0]!)
    return new TestClient(ctx.app, pairs.filter((pair) => !pair.endsWith('=')).join('; '))
  }

  it('lets an admin act as a user, flags the session, refuses settings, and returns to the admin', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const user = await buildUser(ctx.app, { name: 'Impersonated Person' })
    const asUser = await impersonate(admin.client, user.id)
    const current = await asUser.get('/api/v1/users/current')
    expect(current.body.user).toMatchObject({ id: user.id, impersonated: true, is_admin: false })

    const settings = await asUser.post('/api/v1/users/profile', { name: 'Hijack', username: 'hijacked' })
    expect(settings.status).toBe(403)
    expect(settings.body.error.message).toBe('Impersonated users are not allowed to change settings')

    // Clicks made while impersonating are not the user's: they are not counted.
    await asUser.post('/api/v1/analytics/track', { name: 'while.impersonating' })
    const events = await ctx.app.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'while.impersonating'))
    expect(events).toHaveLength(0)

    const stop = await asUser.post('/api/auth/admin/stop-impersonating', {})
    expect(stop.status).toBe(200)
    const back = new TestClient(ctx.app, sessionCookieFrom(stop.headers))
    const again = await back.get('/api/v1/users/current')
    expect(again.body.user).toMatchObject({ id: admin.id, impersonated: false, is_admin: true })
  })

  it('refuses impersonation to a moderator with 403', async () => {
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const user = await buildUser(ctx.app)
    const response = await moderator.client.post('/api/auth/admin/impersonate-user', { userId: user.id })
    expect(response.status).toBe(403)
  })

  it('refuses to impersonate another admin with 403', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const other = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.post('/api/auth/admin/impersonate-user', { userId: other.id })
    expect(response.status).toBe(403)
  })
})

describe('ADMIN_EMAILS bootstrap', () => {
  it('gives role admin to sign-ups with a listed e-mail, and only to them', async () => {
    const bootstrap = await createTestApp({ adminEmails: ['boss@example.test'] })
    try {
      const boss = await buildUser(bootstrap.app, { email: 'Boss@Example.test' })
      const other = await buildUser(bootstrap.app)
      expect((await boss.client.get('/api/v1/users/current')).body.user.is_admin).toBe(true)
      expect((await other.client.get('/api/v1/users/current')).body.user.is_admin).toBe(false)
    } finally {
      await bootstrap.close()
    }
  })
})

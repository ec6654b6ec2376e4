import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('current user', () => {
  it('answers {user: null} when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/users/current')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ user: null })
  })

  it('answers the spec record for a signed-in user', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.get('/api/v1/users/current')
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({
      id: user.id,
      username: user.username,
      moderator: false,
      is_admin: false,
      impersonated: false,
      popularity: 0,
      notification_count: 0,
    })
  })

  it('shows moderator and admin flags from the role', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.get('/api/v1/users/current')
    expect(response.body.user).toMatchObject({ moderator: true, is_admin: true })
  })
})

describe('settings', () => {
  it('changes name and username, and frees the old handle', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/profile', {
      name: 'New Name',
      username: `${user.username}x`,
    })
    expect(response.status).toBe(200)
    const current = await user.client.get('/api/v1/users/current')
    expect(current.body.user).toMatchObject({ name: 'New Name', username: `${user.username}x` })
    const other = await buildUser(ctx.app, { username: user.username, email: `other-${user.email}` })
    expect(other.username).toBe(user.username)
  })

  it('answers 400 with a field error when the username is taken', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const response = await second.client.post('/api/v1/users/profile', { name: 'Second', username: first.username })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ username: ['is already taken'] })
  })

  it('answers 400 for a reserved username', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/profile', { name: 'x', username: 'settings' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.username).toEqual(['is reserved'])
  })

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/users/profile', { name: 'x', username: 'abcdef' })
    expect(response.status).toBe(401)
  })

  it('changes the password only with the current one', async () => {
    const user = await buildUser(ctx.app)
    const wrong = await user.client.post('/api/v1/users/password', {
      current_password: 'nope',
      new_password: 'a-new-password',
    })
    expect(wrong.status).toBe(400)
    const right = await user.client.post('/api/v1/users/password', {
      current_password: user.password,
      new_password: 'a-new-password',
    })
    expect(right.status).toBe(200)
    const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'a-new-password',
    })
    expect(signIn.status).toBe(200)
  })

  it('refuses an e-mail already used by another account', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const response = await second.client.post('/api/v1/users/email', { email: first.email })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ email: ['has already been taken'] })
  })
})

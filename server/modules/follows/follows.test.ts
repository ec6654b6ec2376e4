import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readableCount } from '#contracts/follows.ts'
import { tools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildTool, buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(async () => {
  await context.close()
})

const status = (type: string, id: number) => `/api/v1/follows/following?followee_type=${type}&followee_id=${id}`
const toggle = (type: string, id: number) => `/api/v1/follows/toggle?followee_type=${type}&followee_id=${id}`

describe('follows', () => {
  it('toggles a tool follow and keeps followers_count in step (200)', async () => {
    const tool = await buildTool(context.app.db)
    const user = await buildUser(context.app)
    expect((await user.client.get(status('tool', tool.id))).body).toEqual({
      data: { follower_count: 0, follower_count_readable: '0', following: false },
    })
    const first = await user.client.get(toggle('tool', tool.id))
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ follower_count: 1, follower_count_readable: '1', following: true })
    const [row] = await context.app.db.select().from(tools).where(eq(tools.id, tool.id))
    expect(row!.followersCount).toBe(1)
    const second = await user.client.get(toggle('tool', tool.id))
    expect(second.body.data).toEqual({ follower_count: 0, follower_count_readable: '0', following: false })
  })

  it('counts followers of users, companies and stacks', async () => {
    const user = await buildUser(context.app)
    const other = await buildUser(context.app)
    const company = await buildCompany(context.app.db)
    const stack = await buildStack(context.app.db, { ownerUserId: other.id })
    for (const [type, id] of [
      ['user', other.id],
      ['company', company.id],
      ['stack', stack.id],
    ] as const) {
      const answer = await user.client.get(toggle(type, id))
      expect(answer.body.data, type).toEqual({ follower_count: 1, follower_count_readable: '1', following: true })
      expect((await new TestClient(context.app).get(status(type, id))).body.data.following).toBe(false)
    }
    const followers = await new TestClient(context.app).get(`/api/v1/users/${other.username}/followers`)
    expect(followers.body).toEqual({
      followers: [{ id: user.id, username: user.username, name: expect.any(String), image_url: null }],
      total: 1,
    })
    const following = await new TestClient(context.app).get(`/api/v1/users/${user.username}/following`)
    expect(following.body.total).toBe(3)
    expect(following.body.following.map((item: { type: string }) => item.type)).toEqual(['stack', 'company', 'user'])
    expect(following.body.following[0].path).toBe(`/${other.username}/${stack.slug}`)
  })

  it('answers 401 to a signed-out toggle', async () => {
    const tool = await buildTool(context.app.db)
    expect((await new TestClient(context.app).get(toggle('tool', tool.id))).status).toBe(401)
  })

  it('answers 403 to an impersonated toggle', async () => {
    const tool = await buildTool(context.app.db)
    const user = await buildUser(context.app)
    const client = await impersonate(context.app, user)
    const answer = await client.get(toggle('tool', tool.id))
    expect(answer.status).toBe(403)
    expect(answer.body.error.message).toBe('Impersonated users are not allowed to follow')
  })

  it('answers 403 to a toggle from another origin (CSRF-checked GET)', async () => {
    const tool = await buildTool(context.app.db)
    const user = await buildUser(context.app)
    const answer = await user.client.get(toggle('tool', tool.id), { origin: 'https://evil.example' })
    expect(answer.status).toBe(403)
    expect(answer.body.error.code).toBe('csrf_failed')
  })

  it('answers 404 for a missing followee and 400 for an unknown type', async () => {
    const user = await buildUser(context.app)
    expect((await user.client.get(toggle('tool', 999999))).status).toBe(404)
    expect((await user.client.get(toggle('planet', 1))).status).toBe(400)
  })

  it('answers 404 to following a private stack', async () => {
    const user = await buildUser(context.app)
    const stack = await buildStack(context.app.db, { ownerUserId: user.id, isPrivate: true })
    expect((await user.client.get(toggle('stack', stack.id))).status).toBe(404)
  })

  it('makes counts readable', () => {
    expect(readableCount(999)).toBe('999')
    expect(readableCount(1234)).toBe('1.2K')
    expect(readableCount(2000)).toBe('2K')
    expect(readableCount(1_560_000)).toBe('1.5M')
  })
})

// Answers kept per instance for visitors, emptied on every instance by a write through any of them, unless the write
// changes nothing a visitor reads (decision 071): two apps on one database stand for two instances (PGlite's and
// PostgreSQL's NOTIFY reach both).

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_INTERESTS } from '#contracts/onboarding.ts'
import type { ToolPageResponse } from '#contracts/tool-page.ts'
import { buildApp } from '../app.ts'
import { tools } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { contentChangesSettled } from '../test/content-changes.ts'
import { buildCatalogTool, buildUser } from '../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../test/harness.ts'

let ctx: TestContext
let other: Awaited<ReturnType<typeof buildApp>>
let toolId: number
beforeAll(async () => {
  ctx = await createTestApp()
  other = await buildApp({ database: ctx.database, config: testConfig(), logger: false })
  await other.ready()
  toolId = (await buildCatalogTool(ctx.app.db, { name: 'Kept', slug: 'kept', category: 'js-frameworks' })).id
})
afterAll(async () => {
  await other.close()
  await ctx.close()
})

const followersOn = async (client: TestClient) =>
  (await client.get<ToolPageResponse>('/api/v1/tools/kept')).body.followers_count

describe("the tool page's kept answer", () => {
  // the description: a field no catalog trigger announces (migration 0027 announces what search answers carry)
  it('is kept: a change made outside any request shows only once something announces it', async () => {
    const visitor = new TestClient(other)
    const before = (await visitor.get<ToolPageResponse>('/api/v1/tools/kept')).body.tool.description
    await ctx.app.db.update(tools).set({ description: 'A new description' }).where(eq(tools.id, toolId))
    expect((await visitor.get<ToolPageResponse>('/api/v1/tools/kept')).body.tool.description).toBe(before)
  })

  it('is emptied on the other instance by a write through this one (the follow toggle, a GET that writes)', async () => {
    const visitor = new TestClient(other)
    const follower = await buildUser(ctx.app)
    const before = await followersOn(visitor)
    const toggled = await follower.client.get(`/api/v1/follows/toggle?followee_type=tool&followee_id=${toolId}`)
    expect(toggled.status).toBe(200)
    await expect.poll(() => followersOn(visitor), { timeout: 5000 }).toBe(before + 1)
    expect((await visitor.get<ToolPageResponse>('/api/v1/tools/kept')).body.tool.description).toBe('A new description')
  })
})

describe('a write that changes nothing a visitor reads', () => {
  it('leaves the kept answers alone on both instances: an analytics event, a notification read, the onboarding, a sign-in, a sign-out', async () => {
    const user = await buildUser(ctx.app)
    const follower = await buildUser(ctx.app)
    // a sign-up changes what visitors read (a new profile): the announcements come first
    await contentChangesSettled(ctx.app, 300)
    const visitors = [new TestClient(ctx.app), new TestClient(other)]
    const descriptions = () =>
      Promise.all(
        visitors.map(
          async (visitor) => (await visitor.get<ToolPageResponse>('/api/v1/tools/kept')).body.tool.description,
        ),
      )
    const kept = await descriptions()
    await ctx.app.db.update(tools).set({ description: 'Said behind the API' }).where(eq(tools.id, toolId))

    const writes = [
      await visitors[0]!.post('/api/v1/analytics/track', { name: 'tool.viewed', properties: { slug: 'kept' } }),
      await user.client.post('/api/v1/notifications/set_read_all'),
      await user.client.post('/api/v1/onboarding/interests', { interests: { ...DEFAULT_INTERESTS, tools: true } }),
      await user.client.post('/api/v1/onboarding/finish'),
      await new TestClient(ctx.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password }),
      await user.client.post('/api/auth/sign-out', {}),
    ]
    expect(writes.map((write) => write.status)).toEqual([200, 200, 200, 200, 200, 200])
    // an announcement would be heard within this quiet time (it leaves 50 ms after the write)
    await contentChangesSettled(ctx.app, 300)
    expect(await descriptions()).toEqual(kept)

    // a write visitors read, for contrast: the same kept answers show the change on both instances
    await follower.client.get(`/api/v1/follows/toggle?followee_type=tool&followee_id=${toolId}`)
    await expect.poll(descriptions, { timeout: 5000 }).toEqual(['Said behind the API', 'Said behind the API'])
  })
})

// Answers kept per instance for visitors, emptied on every instance by a write through any of them: two apps on one
// database stand for two instances (PGlite's and PostgreSQL's NOTIFY reach both).

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolPageResponse } from '#contracts/tool-page.ts'
import { buildApp } from '../app.ts'
import { tools } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
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

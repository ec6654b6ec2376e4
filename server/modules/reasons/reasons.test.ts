import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reasons, tools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertReason, insertTool } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

async function totals(reasonId: number) {
  const [reason] = await ctx.app.db.select().from(reasons).where(eq(reasons.id, reasonId))
  const [tool] = await ctx.app.db.select().from(tools).where(eq(tools.id, reason!.toolId))
  return { reason: reason!.votesTotal, tool: tool!.votesCount }
}

describe('GET /api/v1/services/reasons', () => {
  it('answers the tools in the order asked, each with at most 5 reasons, most votes first', async () => {
    const first = await insertTool(ctx.app.db, { name: 'Vue' })
    const second = await insertTool(ctx.app.db, { name: 'Svelte' })
    const texts = ['Easy', 'Fast', 'Small', 'Docs', 'Community', 'Tooling']
    for (const [index, text] of texts.entries()) await insertReason(ctx.app.db, first.id, text, index)
    await insertReason(ctx.app.db, first.id, 'Churn', 100, true)
    const response = await new TestClient(ctx.app).get(
      `/api/v1/services/reasons?service_ids=${second.id},${first.id},999999`,
    )
    expect(response.status).toBe(200)
    expect(response.body.services.map((service: { id: number }) => service.id)).toEqual([second.id, first.id])
    expect(response.body.services[0]).toEqual({
      id: second.id,
      name: 'Svelte',
      slug: second.slug,
      image_url: `/logos/${second.slug}.svg`,
      canonical_url: `/tools/${second.slug}`,
      reasons: [],
    })
    expect(response.body.services[1].reasons.map((reason: { text: string }) => reason.text)).toEqual([
      'Tooling',
      'Community',
      'Docs',
      'Small',
      'Fast',
    ])
    expect(response.body.services[1].reasons[0]).toEqual({
      id: expect.any(Number),
      text: 'Tooling',
      cached_votes_total: 5,
      user_voted: false,
      user_vote: 0,
    })
  })

  it("marks the signed-in user's votes", async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reason = await insertReason(ctx.app.db, tool.id, 'Reliable')
    await user.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: -1 })
    const response = await user.client.get(`/api/v1/services/reasons?service_ids=${tool.id}`)
    expect(response.body.services[0].reasons[0]).toMatchObject({
      user_voted: true,
      user_vote: -1,
      cached_votes_total: -1,
    })
  })

  it('answers an empty list without ids and 400 for ids that are not numbers', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/services/reasons')).body).toEqual({ services: [] })
    const bad = await new TestClient(ctx.app).get('/api/v1/services/reasons?service_ids=1,abc')
    expect(bad.status).toBe(400)
  })
})

describe('POST /api/v1/reasons/toggle_vote', () => {
  it('counts one vote per user, takes it back on the same vote and switches on the other', async () => {
    const user = await buildUser(ctx.app)
    const another = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reason = await insertReason(ctx.app.db, tool.id, 'Scales well')
    const up = await user.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })
    expect(up.status).toBe(200)
    expect(up.body.reason).toEqual({
      id: reason.id,
      text: 'Scales well',
      cached_votes_total: 1,
      user_voted: true,
      user_vote: 1,
    })
    expect(await totals(reason.id)).toEqual({ reason: 1, tool: 1 })
    await another.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })
    expect(await totals(reason.id)).toEqual({ reason: 2, tool: 2 })
    const down = await user.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: -1 })
    expect(down.body.reason).toMatchObject({ cached_votes_total: 0, user_vote: -1 })
    expect(await totals(reason.id)).toEqual({ reason: 0, tool: 0 })
    const back = await user.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: -1 })
    expect(back.body.reason).toMatchObject({ cached_votes_total: 1, user_voted: false, user_vote: 0 })
    expect(await totals(reason.id)).toEqual({ reason: 1, tool: 1 })
  })

  it('keeps the totals right when one user votes many times at once', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reason = await insertReason(ctx.app.db, tool.id, 'Concurrent')
    await Promise.all(
      Array.from({ length: 5 }, () => user.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })),
    )
    // five toggles of the same vote leave it given once
    expect(await totals(reason.id)).toEqual({ reason: 1, tool: 1 })
  })

  it('answers 400 for a vote other than 1 or -1 and 404 for an unknown reason', async () => {
    const user = await buildUser(ctx.app)
    const bad = await user.client.post('/api/v1/reasons/toggle_vote', { id: 1, vote: 2 })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ vote: ['must be 1 or -1'] })
    expect((await user.client.post('/api/v1/reasons/toggle_vote', { id: 999999, vote: 1 })).status).toBe(404)
  })

  it('answers 401 when signed out and 403 to an impersonated user', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reason = await insertReason(ctx.app.db, tool.id, 'Cheap')
    const signedOut = await new TestClient(ctx.app).post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })
    expect(signedOut.status).toBe(401)
    const client = await impersonate(ctx.app, user)
    const impersonated = await client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to vote')
    expect(await totals(reason.id)).toEqual({ reason: 0, tool: 0 })
  })
})

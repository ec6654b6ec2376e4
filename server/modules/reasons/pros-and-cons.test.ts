import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, pointEvents, reasons, tools, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildStack, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertReason, insertTool } from '../../test/stack-fixtures.ts'
import { recomputePoints } from './points.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const add = (user: TestUser, serviceId: number, text: string, con = false) =>
  user.client.post('/api/v1/pros-and-cons', { reason: { service_id: serviceId, text, con } })
const vote = (user: TestUser, reasonId: number, value: boolean) =>
  user.client.post(`/api/v1/pros-and-cons/${reasonId}/toggle_vote`, { vote: value })

async function points(userId: number) {
  const [row] = await ctx.app.db.select({ popularity: users.popularity }).from(users).where(eq(users.id, userId))
  return row!.popularity
}
async function toolVotes(toolId: number) {
  const [row] = await ctx.app.db.select({ votes: tools.votesCount }).from(tools).where(eq(tools.id, toolId))
  return row!.votes
}
const ids = (body: Array<{ id: number }>) => body.map((tool) => tool.id)

describe('POST /api/v1/pros-and-cons', () => {
  it('adds a pro or a con, answers it with the author and gives the author a point', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const pro = await add(user, tool.id, '  Fast builds  ')
    expect(pro.status).toBe(200)
    expect(pro.body).toEqual({
      service_id: tool.id,
      reason: {
        id: expect.any(Number),
        text: 'Fast builds',
        type: 'pro',
        votes: 0,
        user_voted_for: false,
        user_id: user.id,
        username: user.username,
        user_avatar: null,
        service_id: tool.id,
      },
      points: 1,
    })
    const con = await add(user, tool.id, 'Fast builds', true)
    expect(con.status).toBe(200)
    expect(con.body.reason.type).toBe('con')
    expect(con.body.points).toBe(2)
    expect(await points(user.id)).toBe(2)
  })

  it('refuses a duplicate of the same type, ignoring case, with error_msg duplicate', async () => {
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    await add(user, tool.id, 'Great docs')
    await add(user, tool.id, 'Slow', true)
    const pro = await add(other, tool.id, 'GREAT DOCS')
    expect(pro.status).toBe(409)
    expect(pro.body.error).toMatchObject({
      code: 'conflict',
      error_msg: 'duplicate',
      message: 'This pro already exists. Got anything else?',
    })
    const con = await add(other, tool.id, 'slow', true)
    expect(con.status).toBe(409)
    expect(con.body.error.message).toBe('This con already exists. Got anything else?')
    expect(await points(other.id)).toBe(0)
  })

  it('refuses text that is empty or longer than 55 characters', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const long = await add(user, tool.id, 'x'.repeat(56))
    expect(long.status).toBe(400)
    expect(long.body.error.fields).toEqual({ text: ['is too long (maximum is 55 characters)'] })
    const blank = await add(user, tool.id, '   ')
    expect(blank.status).toBe(400)
    expect(blank.body.error.fields).toEqual({ text: ["can't be blank"] })
    expect((await add(user, tool.id, 'x'.repeat(55))).status).toBe(200)
    const noFlag = await user.client.post('/api/v1/pros-and-cons', { reason: { service_id: tool.id, text: 'A' } })
    expect(noFlag.status).toBe(400)
  })

  it('answers 401 signed out, 403 impersonated, 404 for an unknown or hidden tool', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const hidden = await insertTool(ctx.app.db, { isHidden: true })
    const signedOut = await new TestClient(ctx.app).post('/api/v1/pros-and-cons', {
      reason: { service_id: tool.id, text: 'Nice', con: false },
    })
    expect(signedOut.status).toBe(401)
    const client = await impersonate(ctx.app, user)
    const impersonated = await client.post('/api/v1/pros-and-cons', {
      reason: { service_id: tool.id, text: 'Nice', con: false },
    })
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to add or delete pros and cons')
    expect((await add(user, 2_000_000_000, 'Nice')).status).toBe(404)
    expect((await add(user, hidden.id, 'Nice')).status).toBe(404)
    expect(await ctx.app.db.select().from(reasons).where(eq(reasons.toolId, tool.id))).toEqual([])
    expect(await points(user.id)).toBe(0)
  })
})

describe('POST /api/v1/pros-and-cons/{id}/toggle_vote', () => {
  it("gives and takes back an up-vote, and the author's points follow", async () => {
    const author = await buildUser(ctx.app)
    const voter = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Small bundle')).body.reason.id
    const up = await vote(voter, reasonId, true)
    expect(up.status).toBe(200)
    expect(up.body).toEqual({ id: reasonId, serviceId: tool.id, type: 'pro', votes: 1, user_voted_for: true })
    expect(await points(author.id)).toBe(2)
    // the author is told (decision 010)
    const told = await ctx.app.db.select().from(notifications).where(eq(notifications.recipientId, author.id))
    expect(told.map((row) => row.type)).toEqual(['reason_vote'])
    expect(await toolVotes(tool.id)).toBe(1)
    // the same vote again changes nothing
    expect((await vote(voter, reasonId, true)).body).toMatchObject({ votes: 1, user_voted_for: true })
    expect(await points(author.id)).toBe(2)
    const back = await vote(voter, reasonId, false)
    expect(back.body).toEqual({ id: reasonId, serviceId: tool.id, type: 'pro', votes: 0, user_voted_for: false })
    expect(await points(author.id)).toBe(1)
    expect(await toolVotes(tool.id)).toBe(0)
    expect((await vote(voter, reasonId, false)).body.votes).toBe(0)
  })

  it('counts the author voting for their own reason but earns them nothing', async () => {
    const author = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Mine', true)).body.reason.id
    const own = await vote(author, reasonId, true)
    expect(own.body).toMatchObject({ type: 'con', votes: 1, user_voted_for: true })
    expect(await points(author.id)).toBe(1)
  })

  it("switches a stack wizard down-vote to an up-vote, and the wizard's votes move points too", async () => {
    const author = await buildUser(ctx.app)
    const voter = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Typed')).body.reason.id
    await voter.client.post('/api/v1/reasons/toggle_vote', { id: reasonId, vote: -1 })
    expect(await points(author.id)).toBe(1)
    expect((await vote(voter, reasonId, false)).body.votes).toBe(-1)
    expect((await vote(voter, reasonId, true)).body.votes).toBe(1)
    expect(await points(author.id)).toBe(2)
    await voter.client.post('/api/v1/reasons/toggle_vote', { id: reasonId, vote: -1 })
    expect(await points(author.id)).toBe(1)
    await voter.client.post('/api/v1/reasons/toggle_vote', { id: reasonId, vote: 1 })
    expect(await points(author.id)).toBe(2)
  })

  it('answers 401 signed out, 403 impersonated, 404 unknown, 400 for a vote that is not a boolean', async () => {
    const author = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Stable')).body.reason.id
    const signedOut = await new TestClient(ctx.app).post(`/api/v1/pros-and-cons/${reasonId}/toggle_vote`, {
      vote: true,
    })
    expect(signedOut.status).toBe(401)
    const client = await impersonate(ctx.app, await buildUser(ctx.app))
    const impersonated = await client.post(`/api/v1/pros-and-cons/${reasonId}/toggle_vote`, { vote: true })
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to vote')
    expect((await vote(author, 2_000_000_000, true)).status).toBe(404)
    const bad = await author.client.post(`/api/v1/pros-and-cons/${reasonId}/toggle_vote`, { vote: 1 })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields.vote).toBeDefined()
    expect(await points(author.id)).toBe(1)
  })
})

describe('DELETE /api/v1/pros-and-cons/{id}', () => {
  it('lets the author delete a reason with at most 1 vote and takes back what it earned', async () => {
    const author = await buildUser(ctx.app)
    const voter = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Cheap', true)).body.reason.id
    await vote(voter, reasonId, true)
    expect(await points(author.id)).toBe(2)
    const deleted = await author.client.delete(`/api/v1/pros-and-cons/${reasonId}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ service_id: tool.id, type: 'con', reason_id: reasonId, points: 0 })
    expect(await points(author.id)).toBe(0)
    expect(await toolVotes(tool.id)).toBe(0)
    expect(await ctx.app.db.select().from(reasons).where(eq(reasons.id, reasonId))).toEqual([])
    // the ledger keeps the history: earned, up-voted, reversed
    const events = await ctx.app.db.select().from(pointEvents).where(eq(pointEvents.userId, author.id))
    expect(events.map((event) => [event.kind, event.amount])).toEqual([
      ['reason_created', 1],
      ['reason_upvoted', 1],
      ['reason_deleted', -2],
    ])
  })

  it("refuses another user's reason, a reason with 2 votes, signed out and impersonated", async () => {
    const author = await buildUser(ctx.app)
    const [first, second] = [await buildUser(ctx.app), await buildUser(ctx.app)]
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Popular')).body.reason.id
    const others = await first.client.delete(`/api/v1/pros-and-cons/${reasonId}`)
    expect(others.status).toBe(403)
    expect(others.body.error.message).toBe('You can only delete your own pros and cons.')
    expect((await new TestClient(ctx.app).delete(`/api/v1/pros-and-cons/${reasonId}`)).status).toBe(401)
    const client = await impersonate(ctx.app, author)
    const impersonated = await client.delete(`/api/v1/pros-and-cons/${reasonId}`)
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to add or delete pros and cons')
    await vote(first, reasonId, true)
    await vote(second, reasonId, true)
    const twoVotes = await author.client.delete(`/api/v1/pros-and-cons/${reasonId}`)
    expect(twoVotes.status).toBe(403)
    expect(twoVotes.body.error.message).toBe('You can only delete a pro or con with at most 1 vote.')
    expect(await ctx.app.db.select().from(reasons).where(eq(reasons.id, reasonId))).toHaveLength(1)
    expect(await points(author.id)).toBe(3)
    expect((await author.client.delete('/api/v1/pros-and-cons/2000000000')).status).toBe(404)
  })
})

describe('GET /api/v1/pros-and-cons/{endpoint}', () => {
  it('user_created_pros_not_cons: tools where the user wrote a pro and no con, paged', async () => {
    const user = await buildUser(ctx.app)
    const [a, b, c, hidden] = [
      await insertTool(ctx.app.db, { title: 'The A tool' }),
      await insertTool(ctx.app.db),
      await insertTool(ctx.app.db),
      await insertTool(ctx.app.db, { isApproved: false }),
    ]
    await add(user, a.id, 'Pro of A')
    await add(user, b.id, 'Pro of B')
    await add(user, c.id, 'Pro of C')
    await add(user, c.id, 'Con of C', true)
    await ctx.app.db.insert(reasons).values({ toolId: hidden.id, userId: user.id, text: 'Hidden pro' })
    const first = await user.client.get('/api/v1/pros-and-cons/user_created_pros_not_cons')
    expect(first.status).toBe(200)
    expect(ids(first.body)).toEqual([a.id, b.id])
    expect(first.body[0]).toEqual({
      id: a.id,
      name: a.name,
      title: 'The A tool',
      image_url: `/logos/${a.slug}.svg`,
      canonical_url: `/tools/${a.slug}`,
      pros: [expect.objectContaining({ text: 'Pro of A', type: 'pro', user_id: user.id, username: user.username })],
      cons: [],
    })
    const page2 = await user.client.get('/api/v1/pros-and-cons/user_created_pros_not_cons?page=2&per_page=1')
    expect(ids(page2.body)).toEqual([b.id])
    const page3 = await user.client.get('/api/v1/pros-and-cons/user_created_pros_not_cons?page=3&per_page=1')
    expect(page3.body).toEqual([])
    // someone else's con does not take the tool off the user's list
    await add(await buildUser(ctx.app), a.id, 'Con by another', true)
    expect(ids((await user.client.get('/api/v1/pros-and-cons/user_created_pros_not_cons')).body)).toEqual([a.id, b.id])
    expect((await new TestClient(ctx.app).get('/api/v1/pros-and-cons/user_created_pros_not_cons')).body).toEqual([])
  })

  it('user_upvoted_pros_not_cons: tools where the user up-voted a pro and no con', async () => {
    const user = await buildUser(ctx.app)
    const [d, e, f] = [await insertTool(ctx.app.db), await insertTool(ctx.app.db), await insertTool(ctx.app.db)]
    const proD = await insertReason(ctx.app.db, d.id, 'Pro of D')
    const proE = await insertReason(ctx.app.db, e.id, 'Pro of E')
    const conE = await insertReason(ctx.app.db, e.id, 'Con of E', 0, true)
    const proF = await insertReason(ctx.app.db, f.id, 'Pro of F')
    await vote(user, proD.id, true)
    await vote(user, proE.id, true)
    await vote(user, conE.id, true)
    await user.client.post('/api/v1/reasons/toggle_vote', { id: proF.id, vote: -1 })
    const list = await user.client.get('/api/v1/pros-and-cons/user_upvoted_pros_not_cons')
    expect(ids(list.body)).toEqual([d.id])
    expect(list.body[0].pros).toEqual([
      {
        id: proD.id,
        text: 'Pro of D',
        type: 'pro',
        votes: 1,
        user_voted_for: true,
        user_id: null,
        username: null,
        user_avatar: null,
        service_id: d.id,
      },
    ])
  })

  it("tools_lacking_reasons: the user's stack tools first, then popular tools; visitors get the popular part", async () => {
    const user = await buildUser(ctx.app)
    const top = 10_000_000
    const [popular, second, mine, full, hidden] = [
      await insertTool(ctx.app.db, { seedPopularity: top + 3 }),
      await insertTool(ctx.app.db, { seedPopularity: top + 2 }),
      await insertTool(ctx.app.db, { seedPopularity: 1 }),
      await insertTool(ctx.app.db, { seedPopularity: top + 4 }),
      await insertTool(ctx.app.db, { seedPopularity: top + 5, isHidden: true }),
    ]
    for (let index = 0; index < 5; index++) {
      await insertReason(ctx.app.db, full.id, `Pro ${index}`)
      await insertReason(ctx.app.db, full.id, `Con ${index}`, 0, true)
    }
    await buildStack(ctx.app.db, { ownerUserId: user.id, tools: [mine, full] })
    const visitor = await new TestClient(ctx.app).get('/api/v1/pros-and-cons/tools_lacking_reasons?per_page=2')
    expect(ids(visitor.body)).toEqual([popular.id, second.id])
    expect(ids((await user.client.get('/api/v1/pros-and-cons/tools_lacking_reasons?per_page=2')).body)).toEqual([
      mine.id,
      popular.id,
    ])
    expect(ids((await user.client.get('/api/v1/pros-and-cons/tools_lacking_reasons?per_page=2&page=2')).body)).toEqual([
      second.id,
      expect.any(Number),
    ])
    // a full tool is not served, a hidden one never
    const many = await user.client.get('/api/v1/pros-and-cons/tools_lacking_reasons?per_page=50')
    expect(ids(many.body)).not.toContain(full.id)
    expect(ids(many.body)).not.toContain(hidden.id)
    expect(many.body).toHaveLength(new Set(ids(many.body)).size)
  })

  it('answers 400 for an unknown list and page numbers out of range', async () => {
    const client = new TestClient(ctx.app)
    expect((await client.get('/api/v1/pros-and-cons/everything')).status).toBe(400)
    expect((await client.get('/api/v1/pros-and-cons/tools_lacking_reasons?page=0')).status).toBe(400)
    expect((await client.get('/api/v1/pros-and-cons/tools_lacking_reasons?per_page=51')).status).toBe(400)
    expect((await client.get('/api/v1/pros-and-cons/tools_lacking_reasons?per_page=x')).status).toBe(400)
  })
})

describe('the points ledger', () => {
  it('holds every change, so recomputing the totals from it changes nothing', async () => {
    const [alice, bob, carol] = [await buildUser(ctx.app), await buildUser(ctx.app), await buildUser(ctx.app)]
    const tool = await insertTool(ctx.app.db)
    const a1 = (await add(alice, tool.id, 'Alice pro')).body.reason.id
    const a2 = (await add(alice, tool.id, 'Alice con', true)).body.reason.id
    const b1 = (await add(bob, tool.id, 'Bob pro')).body.reason.id
    await vote(bob, a1, true)
    await vote(carol, a1, true)
    await vote(carol, a2, true)
    await vote(alice, b1, true)
    await vote(carol, b1, true)
    await vote(carol, a2, false)
    expect(await points(bob.id)).toBe(3)
    expect((await bob.client.delete(`/api/v1/pros-and-cons/${b1}`)).status).toBe(403)
    // carol switches to a down-vote in the stack wizard: the votes total 0, bob may delete
    await carol.client.post('/api/v1/reasons/toggle_vote', { id: b1, vote: -1 })
    expect(await points(bob.id)).toBe(2)
    expect((await bob.client.delete(`/api/v1/pros-and-cons/${b1}`)).status).toBe(200)
    // alice: 2 reasons + 2 up-votes on a1 = 4; bob: his reason was deleted = 0; carol: nothing
    const expected = { [alice.id]: 4, [bob.id]: 0, [carol.id]: 0 }
    for (const [id, total] of Object.entries(expected)) expect(await points(Number(id))).toBe(total)
    expect(await recomputePoints(ctx.app.db, [alice.id, bob.id, carol.id])).toBe(0)
    // profiles and the current user show them
    expect((await new TestClient(ctx.app).get(`/api/v1/users/${alice.username}`)).body.user.points).toBe(4)
    expect((await alice.client.get('/api/v1/users/current')).body.user.popularity).toBe(4)
    // a total that drifted is put back from the ledger
    await ctx.app.db.update(users).set({ popularity: 99 }).where(eq(users.id, alice.id))
    expect(await recomputePoints(ctx.app.db)).toBe(1)
    for (const [id, total] of Object.entries(expected)) expect(await points(Number(id))).toBe(total)
  })

  it('keeps the totals right when many people vote at once', async () => {
    const author = await buildUser(ctx.app)
    const voters = await Promise.all(Array.from({ length: 4 }, () => buildUser(ctx.app)))
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Concurrent')).body.reason.id
    await Promise.all(voters.flatMap((voter) => [vote(voter, reasonId, true), vote(voter, reasonId, true)]))
    expect(await points(author.id)).toBe(5)
    expect(await recomputePoints(ctx.app.db, [author.id])).toBe(0)
  })

  it("takes back the points a deleted account's up-votes earned", async () => {
    const author = await buildUser(ctx.app)
    const voter = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const reasonId = (await add(author, tool.id, 'Loved by many')).body.reason.id
    await vote(voter, reasonId, true)
    expect(await points(author.id)).toBe(2)
    expect((await voter.client.post('/users/delete', { confirmation: voter.username })).status).toBe(200)
    expect(await points(author.id)).toBe(1)
    expect(await recomputePoints(ctx.app.db, [author.id])).toBe(0)
  })
})

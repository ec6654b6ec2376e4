import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsEvents, tools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { connectGithub, impersonate, insertCompany, insertTool, type ToolRecord } from '../../test/stack-fixtures.ts'

let ctx: TestContext
let other: ToolRecord
beforeAll(async () => {
  ctx = await createTestApp()
  other = await insertTool(ctx.app.db, { name: 'Other Tool' })
})
afterAll(() => ctx.close())

async function stacksCount(toolId: number) {
  const [row] = await ctx.app.db.select({ value: tools.stacksCount }).from(tools).where(eq(tools.id, toolId))
  return row!.value
}

async function createStack(user: TestUser, name: string, services: number[], owner = { type: 'User', id: user.id }) {
  const response = await user.client.post('/api/v1/stacks/create', { stack: { name, services, owner } })
  if (response.status !== 200) throw new Error(JSON.stringify(response.body))
  return response.body as { id: number; redirect: string }
}

describe('GET /stacks/i_use_this/{serviceId}', () => {
  it('answers the company and personal stacks the user may edit, each marked added or not', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const company = await insertCompany(ctx.app.db, { name: 'Stark Industries IUT', admins: [user] })
    const admin = await buildUser(ctx.app)
    const memberOnlyCompany = await insertCompany(ctx.app.db, { admins: [admin], members: [user] })
    const withTool = await createStack(user, 'Alpha', [tool.id])
    const without = await createStack(user, 'Beta', [other.id])
    const companyStack = await createStack(user, 'Platform', [other.id], { type: 'Company', id: company.id })
    // a stack of a company where the user is only a member is not theirs to change
    await createStack(admin, 'Not Mine', [tool.id], { type: 'Company', id: memberOnlyCompany.id })
    const response = await user.client.get(`/stacks/i_use_this/${tool.id}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      companyStacks: [
        {
          id: companyStack.id,
          name: 'Platform',
          canonical_url: companyStack.redirect,
          added: false,
          owner_name: 'Stark Industries IUT',
        },
      ],
      personalStacks: [
        {
          id: withTool.id,
          name: 'Alpha',
          canonical_url: withTool.redirect,
          added: true,
          owner_name: expect.any(String),
        },
        { id: without.id, name: 'Beta', canonical_url: without.redirect, added: false, owner_name: expect.any(String) },
      ],
    })
  })

  it('answers 401 when signed out and 404 for an unknown tool', async () => {
    expect((await new TestClient(ctx.app).get(`/stacks/i_use_this/${other.id}`)).status).toBe(401)
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/stacks/i_use_this/999999')).status).toBe(404)
  })
})

describe('POST /stacks/i_use_this/{serviceId}', () => {
  it('adds the tool to the chosen stack and removes it again, keeping stacks_count', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const stack = await createStack(user, 'Main', [other.id])
    const added = await user.client.post(`/stacks/i_use_this/${tool.id}`, { stack_id: stack.id, added: true })
    expect(added.status).toBe(200)
    expect(added.body.stack).toMatchObject({ id: stack.id, added: true })
    expect(await stacksCount(tool.id)).toBe(1)
    const again = await user.client.post(`/stacks/i_use_this/${tool.id}`, { stack_id: stack.id, added: true })
    expect(again.body.stack.added).toBe(true)
    expect(await stacksCount(tool.id)).toBe(1)
    const page = await user.client.get(`/api/v1/stacks/${user.username}/main`)
    expect(page.body.tools_count).toBe(2)
    const removed = await user.client.post(`/stacks/i_use_this/${tool.id}`, { stack_id: stack.id, added: false })
    expect(removed.body.stack.added).toBe(false)
    expect(await stacksCount(tool.id)).toBe(0)
    const events = await ctx.app.db
      .select({ properties: analyticsEvents.properties, userId: analyticsEvents.userId })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'i_use_this.changed'))
      .orderBy(analyticsEvents.id)
    expect(events.filter((event) => event.properties.service_id === tool.id)).toEqual([
      { properties: { service_id: tool.id, stack_id: stack.id, added: true }, userId: user.id },
      { properties: { service_id: tool.id, stack_id: stack.id, added: true }, userId: user.id },
      { properties: { service_id: tool.id, stack_id: stack.id, added: false }, userId: user.id },
    ])
  })

  it('answers 409 and keeps the tool when it is the last tool of the stack', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const stack = await createStack(user, 'Only One', [tool.id])
    const before = await stacksCount(tool.id)
    const refused = await user.client.post(`/stacks/i_use_this/${tool.id}`, { stack_id: stack.id, added: false })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'conflict', message: 'Your stack needs at least one tool.' })
    const page = await user.client.get(`/api/v1/stacks/${user.username}/only-one`)
    expect(page.body.tools_count).toBe(1)
    expect(await stacksCount(tool.id)).toBe(before)
  })

  it("does not count a private stack's tools in stacks_count", async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const tool = await insertTool(ctx.app.db)
    const created = await user.client.post('/api/v1/stacks/create', {
      stack: { name: 'Hidden', private: true, services: [other.id], owner: { type: 'User', id: user.id } },
    })
    await user.client.post(`/stacks/i_use_this/${tool.id}`, { stack_id: created.body.id, added: true })
    expect(await stacksCount(tool.id)).toBe(0)
  })

  it("creates the personal stack 'My Stack' when no stack is chosen and the user has none", async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const response = await user.client.post(`/stacks/i_use_this/${tool.id}`, { added: true })
    expect(response.status).toBe(200)
    expect(response.body.stack).toMatchObject({
      name: 'My Stack',
      canonical_url: `/${user.username}/my-stack`,
      added: true,
    })
  })

  it("answers 403 for someone else's stack, a company where the user is not admin, and 404 for a private one", async () => {
    const owner = await buildUser(ctx.app)
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, owner.id)
    const tool = await insertTool(ctx.app.db)
    const open = await createStack(owner, 'Open', [other.id])
    const hidden = await owner.client.post('/api/v1/stacks/create', {
      stack: { name: 'Closed', private: true, services: [other.id], owner: { type: 'User', id: owner.id } },
    })
    const company = await insertCompany(ctx.app.db, { admins: [owner], members: [user] })
    const companyStack = await createStack(owner, 'Team', [other.id], { type: 'Company', id: company.id })
    const url = `/stacks/i_use_this/${tool.id}`
    expect((await user.client.post(url, { stack_id: open.id, added: true })).status).toBe(403)
    expect((await user.client.post(url, { stack_id: companyStack.id, added: true })).status).toBe(403)
    expect((await user.client.post(url, { stack_id: hidden.body.id, added: true })).status).toBe(404)
    expect(await stacksCount(tool.id)).toBe(0)
  })

  it('answers 403 with the edit-tools message to an impersonated user and 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const stack = await createStack(user, 'Main', [other.id])
    const client = await impersonate(ctx.app, user)
    const impersonated = await client.post(`/stacks/i_use_this/${other.id}`, { stack_id: stack.id, added: false })
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to edit tools')
    const signedOut = await new TestClient(ctx.app).post(`/stacks/i_use_this/${other.id}`, { added: true })
    expect(signedOut.status).toBe(401)
  })
})

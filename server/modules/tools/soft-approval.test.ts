import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCookieFrom, TestClient } from '../../test/client.ts'
import { buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const visitor = () => new TestClient(ctx.app)

let sequence = 0
/** A tool the user adds through the real create call (unapproved, just_added). */
async function addTool(user: TestUser, name = `Softy ${process.pid}x${++sequence}`) {
  const response = await user.client.post('/api/v1/services/create', {
    service: { name, website_url: `${name.toLowerCase().replace(/\W+/g, '')}.example` },
  })
  expect(response.status).toBe(201)
  return response.body.tool as { id: number; slug: string; name: string; website_url: string }
}

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Softy Tool',
  title: 'The soft tool for tests',
  description: 'Does soft things, quickly.',
  image_url: null,
  twitter_username: '@softy',
  features: 'Fast; Small;  Friendly ',
  ...overrides,
})

const submit = (client: TestClient, id: number, service: Record<string, unknown>) =>
  client.post('/api/v1/services/submit_soft_approval', { id, service })

async function impersonate(target: TestUser): Promise<TestClient> {
  const admin = await buildUser(ctx.app, { role: 'admin' })
  const response = await admin.client.post('/api/auth/admin/impersonate-user', { userId: String(target.id) })
  expect(response.status).toBe(200)
  const cookies = sessionCookieFrom(response.headers).split('; ')
  return new TestClient(ctx.app, cookies.filter((pair) => !pair.endsWith('=')).at(-1))
}

describe('GET /api/v1/services/soft_approval', () => {
  it("lists only the user's own unapproved tools, newest first, not yet submitted", async () => {
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const first = await addTool(user)
    const second = await addTool(user)
    await addTool(other)
    const response = await user.client.get('/api/v1/services/soft_approval')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body.tools.map((tool: any) => tool.id)).toEqual([second.id, first.id])
    expect(response.body.tools[0]).toMatchObject({
      id: second.id,
      name: second.name,
      website_url: second.website_url,
      image_url: `/logos/${second.slug}.svg`,
      custom_image_url: null,
      title: null,
      description: null,
      twitter_username: null,
      features: null,
      submitted_for_approval: false,
      rejection_reason: null,
    })
  })

  it('answers 401 when signed out', async () => {
    const response = await visitor().get('/api/v1/services/soft_approval')
    expect(response.status).toBe(401)
  })
})

describe('POST /api/v1/services/submit_soft_approval', () => {
  it('saves the form, answers id and image_url, and moves the tool to pending', async () => {
    const user = await buildUser(ctx.app)
    const tool = await addTool(user)
    const response = await submit(user.client, tool.id, form({ name: tool.name }))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: tool.id, image_url: `/logos/${tool.slug}.svg` })
    const list = await user.client.get('/api/v1/services/soft_approval')
    expect(list.body.tools[0]).toMatchObject({
      id: tool.id,
      title: 'The soft tool for tests',
      description: 'Does soft things, quickly.',
      twitter_username: 'softy',
      features: 'Fast; Small;  Friendly',
      submitted_for_approval: true,
    })
    // still not public: visitors get 404, the submitter still sees the page
    expect((await visitor().get(`/api/v1/tools/${tool.slug}`)).status).toBe(404)
    expect((await user.client.get(`/api/v1/tools/${tool.slug}`)).body.tool.title).toBe('The soft tool for tests')
  })

  it('keeps an uploaded image and a pasted URL (https:// added when missing)', async () => {
    const user = await buildUser(ctx.app)
    const uploaded = await addTool(user)
    const upload = '/uploads/logos/0f8fad5b-d9cb-469f-a165-70867728950e.png'
    const first = await submit(user.client, uploaded.id, form({ name: uploaded.name, image_url: upload }))
    expect(first.body.image_url).toBe(upload)
    const pasted = await addTool(user)
    const second = await submit(user.client, pasted.id, form({ name: pasted.name, image_url: 'cdn.example/logo.png' }))
    expect(second.body.image_url).toBe('https://cdn.example/logo.png')
  })

  it('renames the tool and moves its slug with it while it is not public', async () => {
    const user = await buildUser(ctx.app)
    const tool = await addTool(user)
    const name = `Renamed Softy ${process.pid}`
    expect((await submit(user.client, tool.id, form({ name }))).status).toBe(200)
    const list = await user.client.get('/api/v1/services/soft_approval')
    const renamed = list.body.tools.find((row: any) => row.id === tool.id)
    expect(renamed).toMatchObject({ name, slug: `renamed-softy-${process.pid}` })
    expect((await user.client.get(`/api/v1/tools/${renamed.slug}`)).status).toBe(200)
  })

  it('answers 400 with field errors for each rule of the form (§5)', async () => {
    const user = await buildUser(ctx.app)
    const tool = await addTool(user)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', "can't be blank"],
      [{ title: '  ' }, 'title', "can't be blank"],
      [{ description: '' }, 'description', "can't be blank"],
      [{ title: 'x'.repeat(121) }, 'title', 'is too long (maximum is 120 characters)'],
      [{ description: 'x'.repeat(241) }, 'description', 'is too long (maximum is 240 characters)'],
      [{ features: 'x'.repeat(701) }, 'features', 'is too long (maximum is 700 characters)'],
      [{ image_url: 'ab' }, 'image_url', 'is too short (minimum is 3 characters)'],
      [{ image_url: 'javascript:alert(1)' }, 'image_url', 'is not an image URL'],
      [{ twitter_username: 'has space' }, 'twitter_username', 'is invalid'],
    ]
    for (const [overrides, field, message] of cases) {
      const response = await submit(user.client, tool.id, form({ name: tool.name, ...overrides }))
      expect(response.status, field).toBe(400)
      expect(response.body.error.fields[field], JSON.stringify(overrides)).toEqual([message])
    }
    // limits are inclusive
    const atLimits = form({
      name: tool.name,
      title: 't'.repeat(120),
      description: 'd'.repeat(240),
      features: 'f'.repeat(700),
      image_url: 'a.b',
    })
    expect((await submit(user.client, tool.id, atLimits)).status).toBe(200)
  })

  it("answers 400 'has already been taken' for another tool's name", async () => {
    const user = await buildUser(ctx.app)
    const existing = await buildTool(ctx.app.db, { name: `Taken Name ${process.pid}` })
    const tool = await addTool(user)
    const response = await submit(user.client, tool.id, form({ name: existing.name.toUpperCase() }))
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ name: ['has already been taken'] })
  })

  it('answers 409 when the tool is already pending or already approved', async () => {
    const user = await buildUser(ctx.app)
    const tool = await addTool(user)
    expect((await submit(user.client, tool.id, form({ name: tool.name }))).status).toBe(200)
    const again = await submit(user.client, tool.id, form({ name: tool.name }))
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('This tool is already waiting for approval.')
    const approved = await buildTool(ctx.app.db, { submittedById: user.id })
    const response = await submit(user.client, approved.id, form({ name: approved.name }))
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe('This tool is already approved.')
  })

  it("refuses another user's tool: 404 while it is hidden from them, 403 once public", async () => {
    const owner = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const tool = await addTool(owner)
    const hidden = await submit(other.client, tool.id, form({ name: tool.name }))
    expect(hidden.status).toBe(404)
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const byModerator = await submit(moderator.client, tool.id, form({ name: tool.name }))
    expect(byModerator.status).toBe(403)
    expect(byModerator.body.error.message).toBe('You can only submit tools you added.')
    const catalog = await buildTool(ctx.app.db)
    const response = await submit(other.client, catalog.id, form({ name: catalog.name }))
    expect(response.status).toBe(403)
    // nothing changed
    const list = await owner.client.get('/api/v1/services/soft_approval')
    expect(list.body.tools[0]).toMatchObject({ id: tool.id, submitted_for_approval: false, title: null })
  })

  it('answers 404 for an unknown tool and 400 for a bad id', async () => {
    const user = await buildUser(ctx.app)
    expect((await submit(user.client, 999_999, form())).status).toBe(404)
    const bad = await submit(user.client, -1 as number, form())
    expect(bad.status).toBe(400)
  })

  it('answers 401 when signed out and 403 for an impersonated session', async () => {
    const user = await buildUser(ctx.app)
    const tool = await addTool(user)
    expect((await submit(visitor(), tool.id, form({ name: tool.name }))).status).toBe(401)
    const impersonated = await impersonate(user)
    const response = await submit(impersonated, tool.id, form({ name: tool.name }))
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to submit tools')
  })
})

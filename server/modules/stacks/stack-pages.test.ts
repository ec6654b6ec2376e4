import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stacks } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { contentChangesSettled } from '../../test/content-changes.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { connectGithub, insertCompany, insertTool } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('GET /api/v1/stacks/{ownerSlug}/{stackSlug}', () => {
  it('answers the stack page with tools grouped by layer and category, in catalog order', async () => {
    const user = await buildUser(ctx.app)
    const application = { slug: 'application-and-data', name: 'Application and Data', position: 1 }
    const devops = { slug: 'devops', name: 'DevOps', position: 3 }
    const docker = await insertTool(ctx.app.db, {
      name: 'Docker',
      category: { slug: 'containers', name: 'Containers' },
      layer: devops,
    })
    const react = await insertTool(ctx.app.db, {
      name: 'React',
      title: 'A JavaScript library for building user interfaces',
      category: { slug: 'javascript-ui-libraries', name: 'JavaScript UI Libraries', position: 2 },
      layer: application,
    })
    const postgres = await insertTool(ctx.app.db, {
      name: 'PostgreSQL',
      category: { slug: 'databases', name: 'Databases', position: 1 },
      layer: application,
    })
    const loose = await insertTool(ctx.app.db, { name: 'Homegrown' })
    const created = await user.client.post('/api/v1/stacks/create', {
      stack: {
        name: 'Shop',
        description: 'The shop',
        website_url: 'shop.example',
        services: [docker.id, react.id, loose.id, postgres.id],
        owner: { type: 'User', id: user.id },
      },
    })
    const response = await new TestClient(ctx.app).get(`/api/v1/stacks/${user.username}/shop`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      id: created.body.id,
      name: 'Shop',
      slug: 'shop',
      path: `/${user.username}/shop`,
      description: 'The shop',
      website_url: 'shop.example',
      private: false,
      owner: { type: 'User', slug: user.username, id: user.id },
      can_edit: false,
      edit_path: `/stack-edit/${user.username}/shop/info`,
      tools_count: 4,
    })
    const layers = response.body.layers.map((layer: any) => [
      layer.name,
      layer.tools_count,
      layer.categories.map((category: any) => [category.name, category.tools.map((tool: any) => tool.name)]),
    ])
    expect(layers).toEqual([
      [
        'Application and Data',
        2,
        [
          ['Databases', ['PostgreSQL']],
          ['JavaScript UI Libraries', ['React']],
        ],
      ],
      ['DevOps', 1, [['Containers', ['Docker']]]],
      ['Other', 1, [['Other', ['Homegrown']]]],
    ])
    expect(response.body.layers[0].categories[1].tools[0]).toEqual({
      id: react.id,
      name: 'React',
      slug: react.slug,
      image_url: `/logos/${react.slug}.svg`,
      canonical_url: `/tools/${react.slug}`,
      title: 'A JavaScript library for building user interfaces',
      is_package: false,
      stacks_count: 1,
      required: false,
      flagged_for_removal: false,
    })
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60')
    const own = await user.client.get(`/api/v1/stacks/${user.username}/shop`)
    expect(own.body.can_edit).toBe(true)
  })

  it("answers each tool's required flag as the builder set it, and its change after an update", async () => {
    const user = await buildUser(ctx.app)
    const [needed, optional] = [await insertTool(ctx.app.db), await insertTool(ctx.app.db)]
    const created = await user.client.post('/api/v1/stacks/create', {
      stack: {
        name: 'Required Flags',
        services: [needed.id, optional.id],
        required_services: [needed.id],
        owner: { type: 'User', id: user.id },
      },
    })
    expect(created.status).toBe(200)
    const url = `/api/v1/stacks/${user.username}/required-flags`
    const requiredOf = async () => {
      const page = await new TestClient(ctx.app).get(url)
      const tools = page.body.layers.flatMap((layer: any) =>
        layer.categories.flatMap((category: any) => category.tools),
      )
      return Object.fromEntries(tools.map((tool: any) => [tool.id, tool.required]))
    }
    expect(await requiredOf()).toEqual({ [needed.id]: true, [optional.id]: false })
    const updated = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.body.id, required_services: [optional.id] },
    })
    expect(updated.status).toBe(200)
    expect(await requiredOf()).toEqual({ [needed.id]: false, [optional.id]: true })
  })

  it('answers 404 for a private stack to everyone but its owner', async () => {
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const tool = await insertTool(ctx.app.db)
    await user.client.post('/api/v1/stacks/create', {
      stack: { name: 'Secret', private: true, services: [tool.id], owner: { type: 'User', id: user.id } },
    })
    const url = `/api/v1/stacks/${user.username}/secret`
    expect((await new TestClient(ctx.app).get(url)).status).toBe(404)
    expect((await other.client.get(url)).status).toBe(404)
    const own = await user.client.get(url)
    expect(own.status).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
  })

  it("shows a company's private stack to its members, editable by its admins only", async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const company = await insertCompany(ctx.app.db, { privateMode: true, admins: [admin], members: [member] })
    await admin.client.post('/api/v1/stacks/create', {
      stack: { name: 'Backend', private: true, services: [tool.id], owner: { type: 'Company', id: company.id } },
    })
    const url = `/api/v1/stacks/${company.slug}/backend`
    expect((await member.client.get(url)).body).toMatchObject({ can_edit: false, owner: { type: 'Company' } })
    expect((await admin.client.get(url)).body.can_edit).toBe(true)
    expect((await new TestClient(ctx.app).get(url)).status).toBe(404)
  })

  it("keeps a public stack's answer for visitors until a write, and never gives it to a signed-in viewer", async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id) // private stacks need it
    const tool = await insertTool(ctx.app.db)
    const created = await user.client.post('/api/v1/stacks/create', {
      stack: { name: 'Kept', services: [tool.id], owner: { type: 'User', id: user.id } },
    })
    const url = `/api/v1/stacks/${user.username}/kept`
    const visitor = new TestClient(ctx.app)
    // the sign-up's and the create's announcements come back over NOTIFY first, not between the two reads below
    await contentChangesSettled(ctx.app)
    const first = await visitor.get(url)
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60')
    // a change behind the API's back (no write announced) is not seen by visitors within the minute...
    await ctx.app.db
      .update(stacks)
      .set({ description: 'Changed in the database' })
      .where(eq(stacks.id, created.body.id))
    const kept = await visitor.get(url)
    expect(kept.body.description).toBe(first.body.description)
    expect(kept.headers.etag).toBe(first.headers.etag)
    // ...while the owner's answer is computed for them
    const own = await user.client.get(url)
    expect(own.body).toMatchObject({ description: 'Changed in the database', can_edit: true })
    // a write through the API empties the kept answers: made private, the stack is gone for visitors at once
    const hidden = await user.client.post('/api/v1/stacks/update', { stack: { id: created.body.id, private: true } })
    expect(hidden.status).toBe(200)
    expect((await visitor.get(url)).status).toBe(404)
  })

  it('answers 404 for an unknown owner or stack', async () => {
    const user = await buildUser(ctx.app)
    expect((await new TestClient(ctx.app).get('/api/v1/stacks/nobody-here/none')).status).toBe(404)
    expect((await new TestClient(ctx.app).get(`/api/v1/stacks/${user.username}/none`)).status).toBe(404)
  })
})

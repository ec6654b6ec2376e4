import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildTool, buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('GET /api/v1/users/{username}', () => {
  it('answers the profile with companies and public stacks, tools in stack order', async () => {
    const owner = await buildUser(ctx.app, { name: 'Profile Owner' })
    const company = await buildCompany(ctx.app.db, { name: 'Acme Profiles', members: [{ userId: owner.id }] })
    const react = await buildTool(ctx.app.db, { name: 'React Test', slug: `react-test-${owner.id}` })
    const postgres = await buildTool(ctx.app.db, { imageUrl: 'https://cdn.example.test/pg.svg' })
    const stack = await buildStack(ctx.app.db, { ownerUserId: owner.id, name: 'My App', tools: [postgres, react] })
    const response = await new TestClient(ctx.app).get(`/api/v1/users/${owner.username}`)
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({
      id: owner.id,
      username: owner.username,
      name: 'Profile Owner',
      image_url: null,
      companies: [{ name: 'Acme Profiles', slug: company.slug, image_url: null }],
    })
    expect(new Date(response.body.user.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(response.body.stacks).toEqual([
      {
        id: stack.id,
        name: 'My App',
        slug: stack.slug,
        canonical_url: `/${owner.username}/${stack.slug}`,
        is_private: false,
        tools: [
          { name: postgres.name, slug: postgres.slug, image_url: 'https://cdn.example.test/pg.svg' },
          { name: 'React Test', slug: react.slug, image_url: `/logos/${react.slug}.svg` },
        ],
        tools_count: 2,
      },
    ])
  })

  it('finds the user whatever the case of the handle', async () => {
    const owner = await buildUser(ctx.app)
    const response = await new TestClient(ctx.app).get(`/api/v1/users/${owner.username.toUpperCase()}`)
    expect(response.status).toBe(200)
    expect(response.body.user.id).toBe(owner.id)
  })

  it('hides private stacks and private-mode companies from others, and shows them to the owner', async () => {
    const owner = await buildUser(ctx.app)
    const visitor = await buildUser(ctx.app)
    await buildCompany(ctx.app.db, { name: 'Hidden Corp', privateMode: true, members: [{ userId: owner.id }] })
    await buildStack(ctx.app.db, { ownerUserId: owner.id, name: 'Public One' })
    await buildStack(ctx.app.db, { ownerUserId: owner.id, name: 'Secret One', isPrivate: true })
    const names = (body: any) => body.stacks.map((stack: any) => stack.name).sort()

    const anonymous = await new TestClient(ctx.app).get(`/api/v1/users/${owner.username}`)
    expect(names(anonymous.body)).toEqual(['Public One'])
    expect(anonymous.body.user.companies).toEqual([])
    const other = await visitor.client.get(`/api/v1/users/${owner.username}`)
    expect(names(other.body)).toEqual(['Public One'])

    const own = await owner.client.get(`/api/v1/users/${owner.username}`)
    expect(names(own.body)).toEqual(['Public One', 'Secret One'])
    expect(own.body.stacks.find((stack: any) => stack.name === 'Secret One').is_private).toBe(true)
    expect(own.body.user.companies.map((company: any) => company.name)).toEqual(['Hidden Corp'])
    expect(own.headers['cache-control']).toBe('private, no-cache')
  })

  it("lists only a stack's first 20 tools and counts them all, leaving hidden tools out", async () => {
    const owner = await buildUser(ctx.app)
    const many = []
    for (let i = 0; i < 23; i++) many.push(await buildTool(ctx.app.db))
    const hidden = await buildTool(ctx.app.db, { isHidden: true })
    await buildStack(ctx.app.db, { ownerUserId: owner.id, tools: [hidden, ...many] })
    const response = await new TestClient(ctx.app).get(`/api/v1/users/${owner.username}`)
    const [stack] = response.body.stacks
    expect(stack.tools).toHaveLength(20)
    expect(stack.tools[0].slug).toBe(many[0]!.slug)
    expect(stack.tools_count).toBe(23)
  })

  it('answers an empty stacks list for a user without stacks', async () => {
    const owner = await buildUser(ctx.app)
    const response = await new TestClient(ctx.app).get(`/api/v1/users/${owner.username}`)
    expect(response.body.stacks).toEqual([])
  })

  it('answers 404 in the envelope for an unknown username', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/users/nobody-by-this-name')
    expect(response.status).toBe(404)
    expect(response.body.error).toMatchObject({ code: 'not_found', message: "Sorry, we couldn't find that page :(" })
  })

  it('answers 404 for something that cannot be a handle', async () => {
    for (const handle of ['%00', 'a%20b', '-dash', 'x'.repeat(60)]) {
      const response = await new TestClient(ctx.app).get(`/api/v1/users/${handle}`)
      expect(response.status).toBe(404)
    }
  })

  it("answers 404 for a company's slug (company pages live at /companies/{slug})", async () => {
    const company = await buildCompany(ctx.app.db)
    const response = await new TestClient(ctx.app).get(`/api/v1/users/${company.slug}`)
    expect(response.status).toBe(404)
  })

  it('still answers the current-user record at /api/v1/users/current', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/users/current')
    expect(response.body).toEqual({ user: null })
  })
})

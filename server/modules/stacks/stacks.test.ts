import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HTTP_URL_INVALID } from '#contracts/urls.ts'
import { stacks, tools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { connectGithub, impersonate, insertCompany, insertTool, type ToolRecord } from '../../test/stack-fixtures.ts'

let ctx: TestContext
let react: ToolRecord
let postgres: ToolRecord
let redis: ToolRecord
beforeAll(async () => {
  ctx = await createTestApp()
  react = await insertTool(ctx.app.db, { name: 'React' })
  postgres = await insertTool(ctx.app.db, { name: 'PostgreSQL' })
  redis = await insertTool(ctx.app.db, { name: 'Redis' })
})
afterAll(() => ctx.close())

async function stacksCount(toolId: number) {
  const [row] = await ctx.app.db.select({ value: tools.stacksCount }).from(tools).where(eq(tools.id, toolId))
  return row!.value
}

function personalStack(user: TestUser, overrides: Record<string, unknown> = {}) {
  return {
    stack: {
      name: 'Web App',
      description: 'Our main product',
      website_url: 'https://example.com',
      private: false,
      image_url: '',
      services: [react.id, postgres.id],
      owner: { type: 'User', id: user.id },
      ...overrides,
    },
  }
}

async function createPersonalStack(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await user.client.post('/api/v1/stacks/create', personalStack(user, overrides))
  if (response.status !== 200) throw new Error(`create failed: ${JSON.stringify(response.body)}`)
  return response.body as { id: number; slug: string; redirect: string; stack: Record<string, any> }
}

describe('GET /api/v1/stacks/name_is_available', () => {
  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/stacks/name_is_available?owner=personal&name=Web')
    expect(response.status).toBe(401)
  })

  it('answers true for a free name and false for a taken one, ignoring case', async () => {
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/api/v1/stacks/name_is_available?owner=personal&name=Web%20App')).body).toBe(true)
    await createPersonalStack(user)
    const taken = await user.client.get('/api/v1/stacks/name_is_available?owner=personal&name=web%20app')
    expect(taken.status).toBe(200)
    expect(taken.body).toBe(false)
  })

  it('answers true for the name of the stack being edited (stack_id)', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.get(
      `/api/v1/stacks/name_is_available?owner=personal&name=Web%20App&stack_id=${created.id}`,
    )
    expect(response.body).toBe(true)
  })

  it('checks names per owner: a personal name is free for a company and for other users', async () => {
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    await createPersonalStack(user)
    expect((await user.client.get(`/api/v1/stacks/name_is_available?owner=${company.id}&name=Web%20App`)).body).toBe(
      true,
    )
    expect((await other.client.get('/api/v1/stacks/name_is_available?owner=personal&name=Web%20App')).body).toBe(true)
    await createPersonalStack(user, { owner: { type: 'Company', id: company.id } })
    expect((await user.client.get(`/api/v1/stacks/name_is_available?owner=${company.id}&name=Web%20App`)).body).toBe(
      false,
    )
  })

  it('answers false for a blank name', async () => {
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/api/v1/stacks/name_is_available?owner=personal&name=%20')).body).toBe(false)
  })

  it('answers 403 for a company the user is not in, 404 for no company and 400 for a bad owner', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db)
    const notMember = await user.client.get(`/api/v1/stacks/name_is_available?owner=${company.id}&name=x`)
    expect(notMember.status).toBe(403)
    expect((await user.client.get('/api/v1/stacks/name_is_available?owner=999999&name=x')).status).toBe(404)
    const bad = await user.client.get('/api/v1/stacks/name_is_available?owner=someone&name=x')
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields.owner).toEqual(["must be 'personal' or a company id"])
  })
})

describe('GET /api/v1/stacks/name_is_available_with_id', () => {
  it('answers the id of the stack that has the name', async () => {
    const user = await buildUser(ctx.app)
    const free = await user.client.get('/api/v1/stacks/name_is_available_with_id?owner=personal&name=My%20Stack')
    expect(free.body).toEqual({ available: true, stack_id: null })
    const created = await createPersonalStack(user, { name: 'My Stack' })
    const taken = await user.client.get('/api/v1/stacks/name_is_available_with_id?owner=personal&name=My%20Stack')
    expect(taken.body).toEqual({ available: false, stack_id: created.id })
  })

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/stacks/name_is_available_with_id?owner=personal')
    expect(response.status).toBe(401)
  })
})

describe('GET /api/v1/stacks/personal_github_installed', () => {
  it('answers false, then true once the user has a GitHub account', async () => {
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/api/v1/stacks/personal_github_installed')).body).toBe(false)
    await connectGithub(ctx.app.db, user.id)
    expect((await user.client.get('/api/v1/stacks/personal_github_installed')).body).toBe(true)
  })

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/stacks/personal_github_installed')).status).toBe(401)
  })
})

describe('POST /api/v1/stacks/create', () => {
  it('creates a personal stack and answers the redirect to its page', async () => {
    const user = await buildUser(ctx.app)
    const before = await stacksCount(react.id)
    const response = await user.client.post('/api/v1/stacks/create', personalStack(user))
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ slug: 'web-app', redirect: `/${user.username}/web-app` })
    expect(response.body.stack).toMatchObject({
      id: response.body.id,
      name: 'Web App',
      description: 'Our main product',
      website_url: 'https://example.com',
      private: false,
      image_url: null,
      path: `/${user.username}/web-app`,
      type: 'User',
      current_user_admin: true,
      current_user_private: false,
      owner: { id: user.id, type: 'User', slug: user.username },
    })
    expect(response.body.stack.services.map((service: { id: number }) => service.id)).toEqual([react.id, postgres.id])
    expect(response.body.stack.services[0]).toMatchObject({
      name: 'React',
      slug: react.slug,
      image_url: `/logos/${react.slug}.svg`,
      canonical_url: `/tools/${react.slug}`,
      is_approved: true,
      is_package: false,
      hidden: false,
    })
    expect(await stacksCount(react.id)).toBe(before + 1)
  })

  it("creates the onboarding stack 'My Stack' from name, services and owner only", async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/stacks/create', {
      onboarding: true,
      stack: { name: 'My Stack', services: [react.id], owner: { type: 'User', id: user.id } },
    })
    expect(response.status).toBe(200)
    expect(response.body.redirect).toBe(`/${user.username}/my-stack`)
    expect(response.body.stack).toMatchObject({ description: null, website_url: null, private: false })
  })

  it('answers 400 when the onboarding stack names a company as owner', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const response = await user.client.post('/api/v1/stacks/create', {
      onboarding: true,
      stack: { name: 'My Stack', services: [react.id], owner: { type: 'Company', id: company.id } },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ owner: ['must be you for the onboarding stack'] })
  })

  it("creates a company stack for a company admin, under the company's slug", async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const response = await user.client.post(
      '/api/v1/stacks/create',
      personalStack(user, { owner: { type: 'Company', id: company.id } }),
    )
    expect(response.status).toBe(200)
    expect(response.body.redirect).toBe(`/${company.slug}/web-app`)
    expect(response.body.stack).toMatchObject({ type: 'Company', owner: { type: 'Company', slug: company.slug } })
  })

  it('answers 403 when a member who is not admin adds a stack to the company', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { members: [user] })
    const response = await user.client.post(
      '/api/v1/stacks/create',
      personalStack(user, { owner: { type: 'Company', id: company.id } }),
    )
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Only company admins can add stacks to this company.')
  })

  it('answers 403 for a personal stack of someone else and 404 for an unknown company', async () => {
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/stacks/create', personalStack(other))
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('You can only add personal stacks for yourself.')
    const missing = await user.client.post(
      '/api/v1/stacks/create',
      personalStack(user, { owner: { type: 'Company', id: 999999 } }),
    )
    expect(missing.status).toBe(404)
  })

  it('answers 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const response = await new TestClient(ctx.app).post('/api/v1/stacks/create', personalStack(user))
    expect(response.status).toBe(401)
  })

  it('answers 403 with the spec message for an impersonated user', async () => {
    const user = await buildUser(ctx.app)
    const client = await impersonate(ctx.app, user)
    const response = await client.post('/api/v1/stacks/create', personalStack(user))
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({
      code: 'forbidden',
      message: 'Impersonated users are not allowed to create stack',
    })
  })

  it.each([
    [{ name: '' }, 'name', "can't be blank"],
    [{ name: 'ab' }, 'name', 'is too short (minimum is 3 characters)'],
    [{ name: 'x'.repeat(61) }, 'name', 'is too long (maximum is 60 characters)'],
    [{ description: 'ab' }, 'description', 'is too short (minimum is 3 characters)'],
    [{ website_url: 'ab' }, 'website_url', 'is too short (minimum is 3 characters)'],
    [{ website_url: 'example' }, 'website_url', 'is invalid'],
    [{ website_url: 'example.c' }, 'website_url', 'is invalid'],
    [{ website_url: 'javascript:alert(1)//x.com' }, 'website_url', HTTP_URL_INVALID],
    [{ image_url: 'javascript:alert(1)' }, 'image_url', 'is invalid'],
    [{ services: [] }, 'services', "can't be blank"],
    [{ services: [999999] }, 'services', 'contain tools that do not exist (999999)'],
  ])('answers 400 with a field error for %j', async (overrides, field, message) => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/stacks/create', personalStack(user, overrides))
    expect(response.status).toBe(400)
    expect(response.body.error.fields[field]).toEqual([message])
  })

  it('accepts a GitHub URL and a bare domain as website', async () => {
    const user = await buildUser(ctx.app)
    const github = await createPersonalStack(user, { website_url: 'https://github.com/acme/web' })
    expect(github.stack.website_url).toBe('https://github.com/acme/web')
    const bare = await createPersonalStack(user, { name: 'Bare', website_url: 'acme.io' })
    expect(bare.stack.website_url).toBe('acme.io')
  })

  it("answers 400 'Stack name is already taken.' for a name the owner already uses", async () => {
    const user = await buildUser(ctx.app)
    await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/create', personalStack(user, { name: 'WEB APP' }))
    expect(response.status).toBe(400)
    expect(response.body.error.message).toBe('Stack name is already taken.')
    expect(response.body.error.fields).toEqual({ name: ['is already taken'] })
  })

  it('creates one stack when the same create arrives twice at once, answering the other with the taken name', async () => {
    const user = await buildUser(ctx.app)
    const body = personalStack(user, { name: 'Twice Saved' })
    const answers = await Promise.all([
      user.client.post('/api/v1/stacks/create', body),
      user.client.post('/api/v1/stacks/create', body),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect(answers.find((answer) => answer.status === 400)!.body.error.message).toBe('Stack name is already taken.')
    const rows = await ctx.app.db.select({ id: stacks.id }).from(stacks).where(eq(stacks.ownerUserId, user.id))
    expect(rows).toHaveLength(1)
  })

  it('gives a new slug when another name of the owner has the same slug', async () => {
    const user = await buildUser(ctx.app)
    await createPersonalStack(user, { name: 'My Stack' })
    const second = await createPersonalStack(user, { name: 'My-Stack' })
    expect(second.slug).toBe('my-stack-2')
  })

  it('keeps duplicate tool ids once', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user, { services: [redis.id, redis.id, react.id] })
    expect(created.stack.services.map((service: { id: number }) => service.id)).toEqual([redis.id, react.id])
  })

  it('refuses a private personal stack without GitHub and allows it with GitHub, outside stacks_count', async () => {
    const user = await buildUser(ctx.app)
    const refused = await user.client.post('/api/v1/stacks/create', personalStack(user, { private: true }))
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields.private).toHaveLength(1)
    await connectGithub(ctx.app.db, user.id)
    const before = await stacksCount(react.id)
    const created = await createPersonalStack(user, { private: true })
    expect(created.stack).toMatchObject({ private: true, current_user_private: true })
    expect(await stacksCount(react.id)).toBe(before)
  })

  it('allows private stacks for private-mode companies only', async () => {
    const user = await buildUser(ctx.app)
    const open = await insertCompany(ctx.app.db, { admins: [user] })
    const closed = await insertCompany(ctx.app.db, { admins: [user], privateMode: true })
    const refused = await user.client.post(
      '/api/v1/stacks/create',
      personalStack(user, { private: true, owner: { type: 'Company', id: open.id } }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields.private).toHaveLength(1)
    const created = await createPersonalStack(user, { private: true, owner: { type: 'Company', id: closed.id } })
    expect(created.stack).toMatchObject({ private: true, current_user_private: true, type: 'Company' })
  })
})

describe('GET /api/v1/stacks/edit', () => {
  const editUrl = (ownerSlug: string, slug: string) =>
    `/api/v1/stacks/edit?stack%5Bslug%5D=${slug}&stack%5Bowner%5D%5Bslug%5D=${ownerSlug}`

  it('answers the stack with services and owner for its owner', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.get(editUrl(user.username, created.slug))
    expect(response.status).toBe(200)
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'current_user_admin',
        'current_user_private',
        'description',
        'id',
        'image_url',
        'name',
        'owner',
        'path',
        'private',
        'services',
        'slug',
        'type',
        'website_url',
      ].sort(),
    )
    expect(response.body).toMatchObject({ id: created.id, current_user_admin: true, owner: { slug: user.username } })
  })

  it("answers 404 in the envelope with the not-found page's text for a missing stack", async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.get(editUrl(user.username, 'nothing-here'))
    expect(response.status).toBe(404)
    expect(response.body.error).toMatchObject({ code: 'not_found', message: "Sorry, we couldn't find that page :(" })
    expect((await user.client.get(editUrl('no-such-owner', 'x'))).status).toBe(404)
  })

  it("answers 403 for someone else's public stack and 404 for their private one", async () => {
    const owner = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, owner.id)
    const open = await createPersonalStack(owner)
    const hidden = await createPersonalStack(owner, { name: 'Secret', private: true })
    expect((await other.client.get(editUrl(owner.username, open.slug))).status).toBe(403)
    expect((await other.client.get(editUrl(owner.username, hidden.slug))).status).toBe(404)
  })

  it('answers company stacks to company admins and 403 to members who are not admins', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [admin], members: [member], privateMode: true })
    const created = await createPersonalStack(admin, { owner: { type: 'Company', id: company.id } })
    const response = await admin.client.get(editUrl(company.slug, created.slug))
    expect(response.body).toMatchObject({ type: 'Company', current_user_admin: true, current_user_private: true })
    const refused = await member.client.get(editUrl(company.slug, created.slug))
    expect(refused.status).toBe(403)
  })

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(ctx.app).get(editUrl('a', 'b'))).status).toBe(401)
  })
})

describe('GET /api/v1/stacks/show', () => {
  it('answers the stack with its services for the onboarding', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user, { name: 'My Stack', services: [redis.id, react.id] })
    const response = await user.client.get(
      `/api/v1/stacks/show?stack%5Bid%5D=${created.id}&stack%5Bowner%5D%5Btype%5D=User`,
    )
    expect(response.status).toBe(200)
    expect(response.body.services.map((service: { id: number }) => service.id)).toEqual([redis.id, react.id])
  })

  it('answers 404 for another owner type and for a private stack of someone else', async () => {
    const user = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const created = await createPersonalStack(user, { private: true })
    const wrongType = await user.client.get(
      `/api/v1/stacks/show?stack%5Bid%5D=${created.id}&stack%5Bowner%5D%5Btype%5D=Company`,
    )
    expect(wrongType.status).toBe(404)
    expect((await other.client.get(`/api/v1/stacks/show?stack%5Bid%5D=${created.id}`)).status).toBe(404)
    expect((await user.client.get(`/api/v1/stacks/show?stack%5Bid%5D=${created.id}`)).status).toBe(200)
  })
})

describe('ids out of range', () => {
  it('answers 400, not 500, for ids no row can have', async () => {
    const user = await buildUser(ctx.app)
    const show = await user.client.get('/api/v1/stacks/show?stack%5Bid%5D=2147483648')
    expect(show.status).toBe(400)
    const owner = await user.client.get('/api/v1/stacks/name_is_available?owner=99999999999&name=x')
    expect(owner.status).toBe(400)
    const services = await user.client.post('/api/v1/stacks/create', personalStack(user, { services: [2147483648] }))
    expect(services.status).toBe(400)
    expect(services.body.error.fields.services).toEqual(['is invalid'])
  })
})

describe('POST /api/v1/stacks/update', () => {
  it('renames a stack and keeps its slug, answering services, owner.slug and slug', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: {
        id: created.id,
        name: 'Renamed App',
        description: 'New words',
        website_url: 'renamed.dev',
        private: false,
        owner: { type: 'User', id: user.id, slug: user.username },
        services: [redis.id],
      },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      slug: 'web-app',
      name: 'Renamed App',
      description: 'New words',
      website_url: 'renamed.dev',
      owner: { slug: user.username },
    })
    expect(response.body.services.map((service: { id: number }) => service.id)).toEqual([redis.id])
  })

  it('clears the description and website when sent empty and keeps what is not sent', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, description: '', website_url: null },
    })
    expect(response.body).toMatchObject({ description: null, website_url: null, name: 'Web App' })
    expect(response.body.services).toHaveLength(2)
  })

  it('updates the onboarding stack from id, services and owner', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user, { name: 'My Stack', services: [react.id] })
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, services: [react.id, redis.id], owner: { type: 'User', id: user.id } },
    })
    expect(response.status).toBe(200)
    expect(response.body.services.map((service: { id: number }) => service.id)).toEqual([react.id, redis.id])
  })

  it('moves tool.stacks_count with the tools and the privacy of the stack', async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const created = await createPersonalStack(user, { services: [react.id, postgres.id] })
    const [reactBefore, postgresBefore, redisBefore] = await Promise.all([
      stacksCount(react.id),
      stacksCount(postgres.id),
      stacksCount(redis.id),
    ])
    await user.client.post('/api/v1/stacks/update', { stack: { id: created.id, services: [react.id, redis.id] } })
    expect(await stacksCount(react.id)).toBe(reactBefore)
    expect(await stacksCount(postgres.id)).toBe(postgresBefore - 1)
    expect(await stacksCount(redis.id)).toBe(redisBefore + 1)
    await user.client.post('/api/v1/stacks/update', { stack: { id: created.id, private: true } })
    expect(await stacksCount(react.id)).toBe(reactBefore - 1)
    expect(await stacksCount(redis.id)).toBe(redisBefore)
    await user.client.post('/api/v1/stacks/update', { stack: { id: created.id, private: false } })
    expect(await stacksCount(react.id)).toBe(reactBefore)
  })

  it("answers 'Stack name is already taken.' for another stack's name and accepts its own in new case", async () => {
    const user = await buildUser(ctx.app)
    await createPersonalStack(user, { name: 'First' })
    const second = await createPersonalStack(user, { name: 'Second' })
    const taken = await user.client.post('/api/v1/stacks/update', { stack: { id: second.id, name: 'first' } })
    expect(taken.status).toBe(400)
    expect(taken.body.error.message).toBe('Stack name is already taken.')
    const own = await user.client.post('/api/v1/stacks/update', { stack: { id: second.id, name: 'SECOND' } })
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ name: 'SECOND', slug: 'second' })
  })

  it('answers 400 with field errors for invalid info', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, name: 'ab', website_url: 'nodot' },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({
      name: ['is too short (minimum is 3 characters)'],
      website_url: ['is invalid'],
    })
  })

  it('answers 403 with the edit-info message for an impersonated user changing info', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const client = await impersonate(ctx.app, user)
    const response = await client.post('/api/v1/stacks/update', { stack: { id: created.id, name: 'Changed' } })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to edit stack info')
  })

  it('saves the required flags of required_services, keeps them when only ids are sent, and edit answers them', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user, {
      services: [react.id, postgres.id],
      required_services: [postgres.id],
    })
    const requiredOf = (body: { services: Array<{ id: number; required: boolean }> }) =>
      body.services.map((service) => [service.id, service.required])
    expect(requiredOf(created.stack as never)).toEqual([
      [react.id, false],
      [postgres.id, true],
    ])

    const toggled = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, services: [react.id, postgres.id, redis.id], required_services: [react.id, redis.id] },
    })
    expect(toggled.status).toBe(200)
    expect(requiredOf(toggled.body)).toEqual([
      [react.id, true],
      [postgres.id, false],
      [redis.id, true],
    ])

    // Ids only (the onboarding, I Use This): the tools that stay keep their flag
    const idsOnly = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, services: [redis.id, postgres.id] },
    })
    expect(requiredOf(idsOnly.body)).toEqual([
      [redis.id, true],
      [postgres.id, false],
    ])
    const edit = await user.client.get(
      `/api/v1/stacks/edit?stack[slug]=${created.slug}&stack[owner][slug]=${user.username}`,
    )
    expect(requiredOf(edit.body)).toEqual([
      [redis.id, true],
      [postgres.id, false],
    ])
  })

  it('answers 400 for a required service that is not among the services', async () => {
    const user = await buildUser(ctx.app)
    const refused = await user.client.post(
      '/api/v1/stacks/create',
      personalStack(user, { services: [react.id], required_services: [redis.id] }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields).toEqual({ required_services: ['must be among the services of the stack'] })
    const created = await createPersonalStack(user, { services: [react.id] })
    const update = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, required_services: [redis.id] },
    })
    expect(update.status).toBe(400)
    expect(update.body.error.fields).toEqual({ required_services: ['must be among the services of the stack'] })
  })

  it('answers 403 with the edit-info message for an impersonated user moving the stack to another owner', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const created = await createPersonalStack(user)
    const client = await impersonate(ctx.app, user)
    const response = await client.post('/api/v1/stacks/update', {
      stack: { id: created.id, owner: { type: 'Company', id: company.id } },
    })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to edit stack info')
  })

  it('answers 403 with the edit-tools message for an impersonated user changing tools', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const client = await impersonate(ctx.app, user)
    const response = await client.post('/api/v1/stacks/update', {
      stack: { id: created.id, services: [redis.id], owner: { type: 'User', id: user.id } },
    })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to edit tools')
  })

  it("answers 403 for someone else's stack, 404 for their private one and 404 for no stack", async () => {
    const owner = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, owner.id)
    const open = await createPersonalStack(owner)
    const hidden = await createPersonalStack(owner, { name: 'Hidden', private: true })
    const refused = await other.client.post('/api/v1/stacks/update', { stack: { id: open.id, name: 'Mine now' } })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('Only the owner of this stack can edit it.')
    expect((await other.client.post('/api/v1/stacks/update', { stack: { id: hidden.id } })).status).toBe(404)
    expect((await owner.client.post('/api/v1/stacks/update', { stack: { id: 999999 } })).status).toBe(404)
  })

  it('lets company admins edit company stacks and refuses members who are not admins', async () => {
    const admin = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [admin, second], members: [member] })
    const created = await createPersonalStack(admin, { owner: { type: 'Company', id: company.id } })
    const refused = await member.client.post('/api/v1/stacks/update', { stack: { id: created.id, name: 'Nope' } })
    expect(refused.status).toBe(403)
    const allowed = await second.client.post('/api/v1/stacks/update', { stack: { id: created.id, name: 'Team App' } })
    expect(allowed.status).toBe(200)
    expect(allowed.body.name).toBe('Team App')
  })

  it('answers 400 and changes nothing when a private stack moves to an owner without private stacks', async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const created = await createPersonalStack(user, { private: true })
    const before = await stacksCount(react.id)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, name: 'Moved App', owner: { type: 'Company', id: company.id } },
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'This stack is private and its new owner cannot keep private stacks. Make it public to move it there.',
      fields: { private: ['must be false to move a private stack to an owner without private stacks'] },
    })
    const still = await user.client.get(`/api/v1/stacks/edit?stack[slug]=web-app&stack[owner][slug]=${user.username}`)
    expect(still.body).toMatchObject({ name: 'Web App', private: true, type: 'User' })
    expect(await stacksCount(react.id)).toBe(before)
  })

  it('moves a private stack to a company without private mode when the request makes it public', async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const created = await createPersonalStack(user, { private: true })
    const before = await stacksCount(react.id)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, private: false, owner: { type: 'Company', id: company.id } },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      slug: 'web-app',
      private: false,
      type: 'Company',
      path: `/${company.slug}/web-app`,
      owner: { type: 'Company', id: company.id, slug: company.slug },
    })
    expect(await stacksCount(react.id)).toBe(before + 1)
  })

  it('keeps a private stack private when it moves to an owner with private stacks, either way', async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const company = await insertCompany(ctx.app.db, { admins: [user], privateMode: true })
    const created = await createPersonalStack(user, { private: true })
    const before = await stacksCount(react.id)
    const toCompany = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, owner: { type: 'Company', id: company.id } },
    })
    expect(toCompany.status).toBe(200)
    expect(toCompany.body).toMatchObject({ private: true, type: 'Company' })
    const back = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, owner: { type: 'User', id: user.id } },
    })
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({ private: true, type: 'User' })
    expect(await stacksCount(react.id)).toBe(before)
  })

  it("answers 400 'Services can't be blank.' and keeps the tools when an update removes every tool", async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, name: 'Emptied', services: [] },
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({
      message: "Services can't be blank.",
      fields: { services: ["can't be blank"] },
    })
    const still = await user.client.get(`/api/v1/stacks/edit?stack[slug]=web-app&stack[owner][slug]=${user.username}`)
    expect(still.body.name).toBe('Web App')
    expect(still.body.services.map((service: { id: number }) => service.id)).toEqual([react.id, postgres.id])
  })

  it('answers 403 when moving a stack to a company the user does not administer', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { members: [user] })
    const created = await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/update', {
      stack: { id: created.id, owner: { type: 'Company', id: company.id } },
    })
    expect(response.status).toBe(403)
  })

  it('answers 400 when making a stack private for an owner without private stacks', async () => {
    const user = await buildUser(ctx.app)
    const created = await createPersonalStack(user)
    const response = await user.client.post('/api/v1/stacks/update', { stack: { id: created.id, private: true } })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.private).toHaveLength(1)
  })

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/stacks/update', { stack: { id: 1, name: 'abc' } })
    expect(response.status).toBe(401)
  })
})

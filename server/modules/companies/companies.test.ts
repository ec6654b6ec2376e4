import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, companyMembers, ownerHandles, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertCompany, insertTool } from '../../test/stack-fixtures.ts'
import { saveJob } from '../jobs/jobs.queries.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let sequence = 0
function companyForm(overrides: Record<string, unknown> = {}) {
  sequence++
  return {
    company: {
      name: `Acme ${process.pid} ${sequence}`,
      website_url: 'https://acme.example',
      description: 'We make everything',
      angellist_url: '',
      email_address: 'team@acme.example',
      twitter_username: '',
      image_url: '',
      ...overrides,
    },
  }
}

describe('GET /api/v1/companies/index', () => {
  it("answers the user's companies with private_mode, admins and type", async () => {
    const user = await buildUser(ctx.app)
    const colleague = await buildUser(ctx.app)
    const admin = await insertCompany(ctx.app.db, { name: 'Beta Corp', admins: [user, colleague] })
    const member = await insertCompany(ctx.app.db, { name: 'Alpha Corp', members: [user], admins: [colleague] })
    await insertCompany(ctx.app.db, { name: 'Elsewhere Inc' })
    const response = await user.client.get('/api/v1/companies/index')
    expect(response.status).toBe(200)
    expect(response.body.companies.map((company: { name: string }) => company.name)).toEqual([
      'Alpha Corp',
      'Beta Corp',
    ])
    expect(response.body.companies[1]).toMatchObject({
      id: admin.id,
      type: 'Company',
      slug: admin.slug,
      name: 'Beta Corp',
      image_url: null,
      private_mode: false,
      admins: [{ id: user.id }, { id: colleague.id }],
      current_user_admin: true,
      path: `/companies/${admin.slug}`,
    })
    expect(response.body.companies[0]).toMatchObject({ id: member.id, current_user_admin: false })
  })

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/companies/index')).status).toBe(401)
  })
})

describe('GET /companies/exists', () => {
  it('answers whether the name is taken, ignoring case and spaces', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { name: 'Globex Existing', admins: [user] })
    const taken = await user.client.get('/companies/exists?company_name=%20globex%20existing%20')
    expect(taken.status).toBe(200)
    expect(taken.body).toEqual({
      exists: true,
      company: {
        id: company.id,
        name: 'Globex Existing',
        slug: company.slug,
        image_url: null,
        current_user_member: true,
        current_user_admin: true,
      },
    })
    const free = await new TestClient(ctx.app).get('/companies/exists?company_name=Nobody%20Here')
    expect(free.body).toEqual({ exists: false, company: null })
    expect((await new TestClient(ctx.app).get('/companies/exists')).body).toEqual({ exists: false, company: null })
  })
})

describe('POST /api/v1/companies/create', () => {
  it('creates the company, makes the creator its admin and answers the new id', async () => {
    const user = await buildUser(ctx.app)
    const form = companyForm({
      name: 'Initech Widgets',
      angellist_url: 'angel.co/initech',
      twitter_username: '@initech',
      image_url: '/uploads/logos/0b7f9a4e-8d2c-4f1e-9a57-3c2d1e0f9a8b.png',
    })
    const response = await user.client.post('/api/v1/companies/create', form)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ slug: 'initech-widgets' })
    expect(response.body.company).toMatchObject({
      id: response.body.id,
      name: 'Initech Widgets',
      website_url: 'https://acme.example',
      description: 'We make everything',
      email_address: 'team@acme.example',
      angellist_url: 'angel.co/initech',
      twitter_username: 'initech',
      image_url: '/uploads/logos/0b7f9a4e-8d2c-4f1e-9a57-3c2d1e0f9a8b.png',
      private_mode: false,
      admins: [{ id: user.id }],
    })
    const [membership] = await ctx.app.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, response.body.id))
    expect(membership).toMatchObject({ userId: user.id, role: 'admin' })
    const index = await user.client.get('/api/v1/companies/index')
    expect(index.body.companies.map((company: { id: number }) => company.id)).toContain(response.body.id)
  })

  it("takes an owner handle for the slug, next to users' handles", async () => {
    const user = await buildUser(ctx.app, { username: `hooli${process.pid}` })
    const response = await user.client.post('/api/v1/companies/create', companyForm({ name: user.username }))
    expect(response.status).toBe(200)
    expect(response.body.slug).toBe(`${user.username}-2`)
    const [handle] = await ctx.app.db.select().from(ownerHandles).where(eq(ownerHandles.slug, response.body.slug))
    expect(handle).toMatchObject({ companyId: response.body.id, userId: null })
    const reserved = await user.client.post('/api/v1/companies/create', companyForm({ name: 'Index' }))
    expect(reserved.body.slug).toBe('index-2')
  })

  it.each([
    [{ name: '' }, 'name', "can't be blank"],
    [{ name: 'ab' }, 'name', 'is too short (minimum is 3 characters)'],
    [{ website_url: '' }, 'website_url', "can't be blank"],
    [{ website_url: 'acme' }, 'website_url', 'is invalid'],
    [{ website_url: 'acme.' }, 'website_url', 'is invalid'],
    [{ description: '' }, 'description', "can't be blank"],
    [{ description: 'ab' }, 'description', 'is too short (minimum is 3 characters)'],
    [{ email_address: '' }, 'email_address', "can't be blank"],
    [{ email_address: 'team@acme' }, 'email_address', 'is invalid'],
    [{ angellist_url: 'angellist' }, 'angellist_url', 'is invalid'],
    [{ twitter_username: 'a' }, 'twitter_username', 'is too short (minimum is 2 characters)'],
    [{ image_url: 'file:///etc/passwd' }, 'image_url', 'is invalid'],
  ])('answers 400 with a field error for %j', async (overrides, field, message) => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/companies/create', companyForm(overrides))
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ [field]: [message] })
  })

  it('answers 400 when the name is taken, ignoring case', async () => {
    const user = await buildUser(ctx.app)
    await insertCompany(ctx.app.db, { name: 'Umbrella Taken' })
    const response = await user.client.post('/api/v1/companies/create', companyForm({ name: 'umbrella taken' }))
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ name: ['has already been taken'] })
  })

  it('answers 403 to a member of a private-mode company, and lets a site admin in one create', async () => {
    const user = await buildUser(ctx.app)
    const admin = await buildUser(ctx.app, { role: 'admin' })
    await insertCompany(ctx.app.db, { privateMode: true, members: [user, admin] })
    const refused = await user.client.post('/api/v1/companies/create', companyForm())
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('Members of a private-mode company cannot create new companies.')
    expect((await admin.client.post('/api/v1/companies/create', companyForm())).status).toBe(200)
  })

  it('answers 403 to an impersonated user and 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const client = await impersonate(ctx.app, user)
    const impersonated = await client.post('/api/v1/companies/create', companyForm())
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to create company')
    expect((await new TestClient(ctx.app).post('/api/v1/companies/create', companyForm())).status).toBe(401)
  })
})

describe('POST /api/v1/companies/update', () => {
  it("changes the company's details and keeps its slug", async () => {
    const user = await buildUser(ctx.app)
    const created = await user.client.post('/api/v1/companies/create', companyForm({ name: 'Vandelay Imports' }))
    const response = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm({ name: 'Vandelay Industries' }).company, id: created.body.id },
    })
    expect(response.status).toBe(200)
    expect(response.body.company).toMatchObject({ name: 'Vandelay Industries', slug: 'vandelay-imports' })
  })

  it('keeps its own name in another case and refuses the name of another company', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { name: 'Soylent Own', admins: [user] })
    await insertCompany(ctx.app.db, { name: 'Soylent Other' })
    const own = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm({ name: 'SOYLENT OWN' }).company, id: company.id },
    })
    expect(own.status).toBe(200)
    const taken = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm({ name: 'soylent other' }).company, id: company.id },
    })
    expect(taken.status).toBe(400)
    expect(taken.body.error.fields).toEqual({ name: ['has already been taken'] })
  })

  it('lets an admin turn private mode on and off; without private_mode it stays as it is', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const privateStack = {
      stack: { name: 'Internal', services: [tool.id], private: true, owner: { type: 'Company', id: company.id } },
    }
    expect((await user.client.post('/api/v1/stacks/create', privateStack)).status).toBe(400)

    const on = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id, private_mode: true },
    })
    expect(on.status).toBe(200)
    expect(on.body.company.private_mode).toBe(true)
    // What it unlocks: private stacks for the company
    expect((await user.client.post('/api/v1/stacks/create', privateStack)).status).toBe(200)

    const unchanged = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id },
    })
    expect(unchanged.body.company.private_mode).toBe(true)
    const off = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id, private_mode: false },
    })
    expect(off.body.company.private_mode).toBe(false)
  })

  it('lets an admin set tags, which Stack Match shows and finds at once; without tag_list they stay', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    await saveJob(ctx.app.db, { title: 'Tagged Job', slug: `tagged-job-${company.id}`, companyId: company.id }, [])
    const search = () => new TestClient(ctx.app).get('/api/v1/match/jobs?jobSearch=quokkafintech')
    expect((await search()).body.total).toBe(0)

    const tagged = await user.client.post('/api/v1/companies/update', {
      company: {
        ...companyForm().company,
        id: company.id,
        tag_list: [' Quokkafintech ', 'B2B  SaaS', 'quokkafintech', ''],
      },
    })
    expect(tagged.status).toBe(200)
    expect(tagged.body.company.tag_list).toEqual(['Quokkafintech', 'B2B SaaS'])
    // the answer cached a moment ago is not served: the change raised match_version (decision 030)
    const found = await search()
    expect(found.body.jobs).toMatchObject([{ title: 'Tagged Job', company_tag_list: ['Quokkafintech', 'B2B SaaS'] }])

    const unchanged = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id },
    })
    expect(unchanged.body.company.tag_list).toEqual(['Quokkafintech', 'B2B SaaS'])
    const cleared = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id, tag_list: [] },
    })
    expect(cleared.body.company.tag_list).toEqual([])
    expect((await search()).body.total).toBe(0)
  })

  it('answers 400 for more than 10 tags, a tag over 30 characters or one with other characters', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    await ctx.app.db
      .update(companies)
      .set({ tagList: ['Kept'] })
      .where(eq(companies.id, company.id))
    for (const [tags, message] of [
      [Array.from({ length: 11 }, (_, index) => `tag ${index}`), 'has too many tags (maximum is 10)'],
      [['x'.repeat(31)], 'has a tag that is too long (maximum is 30 characters)'],
      [['<script>'], "has a tag with characters other than letters, digits, spaces and & + # . - / '"],
      ['fintech', 'tag_list'],
    ] as const) {
      const response = await user.client.post('/api/v1/companies/update', {
        company: { ...companyForm().company, id: company.id, tag_list: tags },
      })
      expect(response.status).toBe(400)
      expect(JSON.stringify(response.body.error.fields)).toContain(message)
    }
    const index = await user.client.get('/api/v1/companies/index')
    expect(index.body.companies[0].tag_list).toEqual(['Kept'])
  })

  it('answers 403 when a member who is not admin sets tags, and leaves them', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { members: [user] })
    const response = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id, tag_list: ['Hijacked'] },
    })
    expect(response.status).toBe(403)
    const index = await user.client.get('/api/v1/companies/index')
    expect(index.body.companies[0]).toMatchObject({ id: company.id, tag_list: [] })
  })

  it('answers 403 when a member who is not admin turns private mode on, and leaves it off', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { members: [user] })
    const response = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id, private_mode: true },
    })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Only company admins can edit this company.')
    const index = await user.client.get('/api/v1/companies/index')
    expect(index.body.companies[0]).toMatchObject({ id: company.id, private_mode: false })
  })

  it('answers 400 with a field error for a private_mode that is not a boolean', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const response = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id, private_mode: 'yes' },
    })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.error.fields)).toEqual(['private_mode'])
  })

  it('answers 403 when a member who is not admin edits the company', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { members: [user] })
    const response = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id },
    })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Only company admins can edit this company.')
  })

  it('answers 404 for no company, 403 when impersonated and 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    const missing = await user.client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: 999999 },
    })
    expect(missing.status).toBe(404)
    const client = await impersonate(ctx.app, user)
    const impersonated = await client.post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id },
    })
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe('Impersonated users are not allowed to edit company')
    const signedOut = await new TestClient(ctx.app).post('/api/v1/companies/update', {
      company: { ...companyForm().company, id: company.id },
    })
    expect(signedOut.status).toBe(401)
  })
})

describe('POST /api/v1/onboarding/update_company', () => {
  it('records an existing company by id, or a free-text name, as where the user works', async () => {
    const user = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { name: 'Wayne Enterprises Onboarding' })
    const byId = await user.client.post('/api/v1/onboarding/update_company', { company: { id: company.id } })
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual({
      company_name: 'Wayne Enterprises Onboarding',
      company: { id: company.id, name: 'Wayne Enterprises Onboarding', slug: company.slug },
    })
    const byName = await user.client.post('/api/v1/onboarding/update_company', { company: { name: 'Small Shop' } })
    expect(byName.body).toEqual({ company_name: 'Small Shop', company: null })
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.companyName).toBe('Small Shop')
    const [membership] = await ctx.app.db.select().from(companyMembers).where(eq(companyMembers.userId, user.id))
    expect(membership).toBeUndefined()
  })

  it('answers 400 for an empty company, 404 for an unknown id and 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const empty = await user.client.post('/api/v1/onboarding/update_company', { company: {} })
    expect(empty.status).toBe(400)
    expect(empty.body.error.fields).toEqual({ name: ["can't be blank"] })
    expect((await user.client.post('/api/v1/onboarding/update_company', { company: { id: 999999 } })).status).toBe(404)
    const signedOut = await new TestClient(ctx.app).post('/api/v1/onboarding/update_company', {
      company: { name: 'x' },
    })
    expect(signedOut.status).toBe(401)
  })
})

describe('GET /api/v1/companies/{slug}', () => {
  it('answers the company page with its public stacks and without its contact e-mail', async () => {
    const user = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db, { name: 'Kafka' })
    const company = await insertCompany(ctx.app.db, { admins: [user] })
    await user.client.post('/api/v1/stacks/create', {
      stack: { name: 'Data Platform', services: [tool.id], owner: { type: 'Company', id: company.id } },
    })
    const response = await new TestClient(ctx.app).get(`/api/v1/companies/${company.slug}`)
    expect(response.status).toBe(200)
    expect(response.body.company).toMatchObject({
      id: company.id,
      slug: company.slug,
      name: company.name,
      stacks_count: 1,
      current_user_member: false,
      current_user_admin: false,
    })
    expect(response.body.company.email_address).toBeUndefined()
    expect(response.body.stacks[0]).toMatchObject({
      name: 'Data Platform',
      path: `/${company.slug}/data-platform`,
      tools_count: 1,
      tools: [{ id: tool.id, name: 'Kafka' }],
      owner: { type: 'Company', slug: company.slug },
    })
  })

  it("shows a private-mode company's private stacks to its members only", async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const outsider = await buildUser(ctx.app)
    const tool = await insertTool(ctx.app.db)
    const company = await insertCompany(ctx.app.db, { privateMode: true, admins: [admin], members: [member] })
    await admin.client.post('/api/v1/stacks/create', {
      stack: { name: 'Internal', private: true, services: [tool.id], owner: { type: 'Company', id: company.id } },
    })
    await admin.client.post('/api/v1/stacks/create', {
      stack: { name: 'Public Site', services: [tool.id], owner: { type: 'Company', id: company.id } },
    })
    const names = async (client: TestClient) =>
      (await client.get(`/api/v1/companies/${company.slug}`)).body.stacks.map((stack: { name: string }) => stack.name)
    expect((await names(member.client)).sort()).toEqual(['Internal', 'Public Site'])
    expect(await names(outsider.client)).toEqual(['Public Site'])
    expect(await names(new TestClient(ctx.app))).toEqual(['Public Site'])
  })

  it('answers 404 for an unknown company', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/companies/no-such-company')).status).toBe(404)
  })
})

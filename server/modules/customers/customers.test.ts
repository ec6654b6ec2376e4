import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALREADY_HAS_SERVICE,
  ALREADY_SENT,
  DUPLICATE_EMAIL,
  IMPERSONATED_CUSTOMERS,
  NOT_COMPANY_TOOL,
  ONLY_COMPANY_ADMINS_CUSTOMERS,
  OWN_COMPANY,
} from '#contracts/company-customers.ts'
import { companies, companyCustomers, companyMembers, mailOutbox, stacks } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertTool } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let sequence = 0

/** A vendor company on its own domain, its admin, and two of its tools (one on a subdomain) plus a stranger's. */
async function vendorSetup() {
  sequence++
  const domain = `vendor${process.pid}x${sequence}.example`
  const admin = await buildUser(ctx.app)
  const vendor = await buildCompany(ctx.app.db, {
    name: `Vendor ${process.pid} ${sequence}`,
    websiteUrl: `https://www.${domain}/about`,
    members: [{ userId: admin.id, role: 'admin' }],
  })
  const tool = await insertTool(ctx.app.db, { name: `Widget ${sequence}`, websiteUrl: `https://${domain}` })
  const docsTool = await insertTool(ctx.app.db, { name: `Widget Docs ${sequence}`, websiteUrl: `docs.${domain}/x` })
  const otherTool = await insertTool(ctx.app.db, { websiteUrl: `https://not-${domain}` })
  return { domain, admin, vendor, tool, docsTool, otherTool }
}

async function customerCompany(name?: string) {
  sequence++
  return buildCompany(ctx.app.db, {
    name: name ?? `Customer ${process.pid} ${sequence}`,
    websiteUrl: `https://customer${process.pid}x${sequence}.example`,
  })
}

function form(vendorId: number, toolId: number, overrides: Record<string, unknown> = {}) {
  const { email, ...rest } = overrides
  return {
    company_id: vendorId,
    company_customer: { service_id: toolId, email: email ?? `cto${++sequence}@newco.example` },
    existing_company: false,
    company_name: `New Co ${process.pid} ${sequence}`,
    ...rest,
  }
}

async function list(user: TestUser, slug: string) {
  return user.client.get(`/company_customers?company_slug=${slug}`)
}

describe('GET /company_customers', () => {
  it('answers the company, its tools (on its domain and subdomains) and its customers, newest first', async () => {
    const { admin, vendor, tool, docsTool, domain } = await vendorSetup()
    const first = await admin.client.post('/company_customers', form(vendor.id, tool.id, { company_name: 'Alpha' }))
    const second = await admin.client.post('/company_customers', form(vendor.id, docsTool.id, { company_name: 'Beta' }))
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    const response = await list(admin, vendor.slug)
    expect(response.status).toBe(200)
    expect(response.body.company).toEqual({
      id: vendor.id,
      name: vendor.name,
      slug: vendor.slug,
      website_url: vendor.websiteUrl,
      domain,
    })
    expect(response.body.services.map((service: { id: number }) => service.id).sort()).toEqual(
      [tool.id, docsTool.id].sort(),
    )
    expect(response.body.customers.map((customer: { company_name: string }) => customer.company_name)).toEqual([
      'Beta',
      'Alpha',
    ])
  })

  it('answers no tools for a company without a website', async () => {
    const admin = await buildUser(ctx.app)
    const company = await buildCompany(ctx.app.db, { members: [{ userId: admin.id, role: 'admin' }] })
    const response = await list(admin, company.slug)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ company: { domain: null }, services: [], customers: [] })
  })

  it('answers 403 to a member who is not admin, 404 for no company and 401 when signed out', async () => {
    const { vendor } = await vendorSetup()
    const member = await buildUser(ctx.app)
    await ctx.app.db.insert(companyMembers).values({
      companyId: vendor.id,
      userId: member.id,
      role: 'member',
    })
    const refused = await list(member, vendor.slug)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(ONLY_COMPANY_ADMINS_CUSTOMERS)
    expect((await list(member, 'no-such-company')).status).toBe(404)
    expect((await new TestClient(ctx.app).get(`/company_customers?company_slug=${vendor.slug}`)).status).toBe(401)
  })
})

describe('POST /company_customers', () => {
  it('adds a customer by a new name: not listed, needs an e-mail, with the invitation text', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const response = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { company_name: '  Initrode  ', email: 'Boss@Initrode.example' }),
    )
    expect(response.status).toBe(200)
    const customer = response.body.company_customer
    expect(customer).toMatchObject({
      company_name: 'Initrode',
      email: 'Boss@Initrode.example',
      needs_email: true,
      sent_at: null,
      service: { id: tool.id, name: tool.name, slug: tool.slug, image_url: null },
      company_verified: false,
      company_canonical_url: null,
      status: 'Customer Not Listed',
    })
    expect(customer.email_content).toContain(`${vendor.name} lists Initrode as a customer of ${tool.name}`)
    expect(customer.email_content).toContain(`http://localhost:3000/tools/${tool.slug}`)
    expect(new Date(customer.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it("adds an existing company by id, with an address at the company's domain", async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const customer = await customerCompany()
    await ctx.app.db.update(companies).set({ verified: true }).where(eq(companies.id, customer.id))
    const domain = new URL(customer.websiteUrl!).hostname
    const wrongDomain = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { existing_company: true, company_name: customer.id, email: 'cto@elsewhere.example' }),
    )
    expect(wrongDomain.status).toBe(400)
    expect(wrongDomain.body.error.fields).toEqual({ email: [`must be an address at ${domain}`] })
    const response = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { existing_company: true, company_name: customer.id, email: `cto@${domain}` }),
    )
    expect(response.status).toBe(200)
    expect(response.body.company_customer).toMatchObject({
      company_name: customer.name,
      company_verified: true,
      company_canonical_url: `/companies/${customer.slug}`,
      status: 'Customer Not Listed',
    })
  })

  it("links a new name that is an existing company's name, in any case", async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const customer = await customerCompany()
    const domain = new URL(customer.websiteUrl!).hostname
    const response = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { company_name: customer.name.toUpperCase(), email: `ops@${domain}` }),
    )
    expect(response.status).toBe(200)
    expect(response.body.company_customer.company_canonical_url).toBe(`/companies/${customer.slug}`)
  })

  it("answers 409 'already has service' when the customer lists the tool in a public stack (not a private one)", async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const customer = await customerCompany()
    const domain = new URL(customer.websiteUrl!).hostname
    const stack = await buildStack(ctx.app.db, { ownerCompanyId: customer.id, isPrivate: true, tools: [tool] })
    const body = form(vendor.id, tool.id, { existing_company: true, company_name: customer.id, email: `a@${domain}` })
    const allowed = await admin.client.post('/company_customers', body)
    expect(allowed.status).toBe(200)
    await ctx.app.db.update(stacks).set({ isPrivate: false }).where(eq(stacks.id, stack.id))
    const refused = await admin.client.post('/company_customers', {
      ...body,
      company_customer: { ...body.company_customer, email: `b@${domain}` },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(ALREADY_HAS_SERVICE)
  })

  it('answers 409 for an address already added, ignoring case', async () => {
    const { admin, vendor, tool, docsTool } = await vendorSetup()
    expect(
      (await admin.client.post('/company_customers', form(vendor.id, tool.id, { email: 'dup@x.example' }))).status,
    ).toBe(200)
    const duplicate = await admin.client.post(
      '/company_customers',
      form(vendor.id, docsTool.id, { email: 'DUP@x.example' }),
    )
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error.message).toBe(DUPLICATE_EMAIL)
    // another vendor may list the same address
    const other = await vendorSetup()
    expect(
      (
        await other.admin.client.post(
          '/company_customers',
          form(other.vendor.id, other.tool.id, { email: 'dup@x.example' }),
        )
      ).status,
    ).toBe(200)
  })

  it.each([
    [{ company_customer: { service_id: 1, email: 'not-an-email' } }, 'email', 'is invalid'],
    [{ company_customer: { service_id: 1, email: '' } }, 'email', "can't be blank"],
    [{ company_name: '   ' }, 'company_name', "can't be blank"],
    [{ company_name: 'x'.repeat(61) }, 'company_name', 'is too long (maximum is 60 characters)'],
    [{ existing_company: true, company_name: 'Acme' }, 'company_name', 'is invalid'],
  ])('answers 400 with a field error for %j', async (overrides, field, message) => {
    const { admin, vendor, tool } = await vendorSetup()
    const body = form(vendor.id, tool.id)
    const merged = {
      ...body,
      ...overrides,
      company_customer: {
        ...body.company_customer,
        ...(overrides as { company_customer?: object }).company_customer,
        service_id: tool.id,
      },
    }
    const response = await admin.client.post('/company_customers', merged)
    expect(response.status).toBe(400)
    expect(response.body.error.fields[field]).toEqual([message])
  })

  it("answers 400 for a tool that is not the company's, an unknown company id and the company itself", async () => {
    const { admin, vendor, otherTool, tool } = await vendorSetup()
    const notOurs = await admin.client.post('/company_customers', form(vendor.id, otherTool.id))
    expect(notOurs.status).toBe(400)
    expect(notOurs.body.error.fields).toEqual({ service_id: [NOT_COMPANY_TOOL] })
    const unknown = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { existing_company: true, company_name: 999999 }),
    )
    expect(unknown.body.error.fields).toEqual({ company_name: ['is invalid'] })
    const itself = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { company_name: vendor.name }),
    )
    expect(itself.status).toBe(400)
    expect(itself.body.error.fields).toEqual({ company_name: [OWN_COMPANY] })
  })

  it('answers 403 to a non-admin and to an impersonated admin, 404 for no company, 401 when signed out', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const stranger = await buildUser(ctx.app)
    const refused = await stranger.client.post('/company_customers', form(vendor.id, tool.id))
    expect(refused.status).toBe(403)
    const impersonated = await (await impersonate(ctx.app, admin)).post('/company_customers', form(vendor.id, tool.id))
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe(IMPERSONATED_CUSTOMERS)
    expect((await admin.client.post('/company_customers', form(999999, tool.id))).status).toBe(404)
    expect((await new TestClient(ctx.app).post('/company_customers', form(vendor.id, tool.id))).status).toBe(401)
    const rows = await ctx.app.db.select().from(companyCustomers).where(eq(companyCustomers.vendorCompanyId, vendor.id))
    expect(rows).toEqual([])
  })
})

describe('PATCH /company_customers/{customerId}', () => {
  it('changes the address and clears sent_at, so the e-mail can be sent again', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const created = (
      await admin.client.post(
        '/company_customers',
        form(vendor.id, tool.id, { company_name: 'Hooli', email: 'old@hooli.example' }),
      )
    ).body.company_customer
    await ctx.app.db.update(companyCustomers).set({ sentAt: new Date() }).where(eq(companyCustomers.id, created.id))
    expect((await list(admin, vendor.slug)).body.customers[0].status).toBe('Email Sent')
    const response = await admin.client.patch(`/company_customers/${created.id}`, {
      ...form(vendor.id, tool.id, { company_name: 'Hooli', email: 'new@hooli.example' }),
      customerId: created.id,
    })
    expect(response.status).toBe(200)
    expect(response.body.company_customer).toMatchObject({
      id: created.id,
      email: 'new@hooli.example',
      sent_at: null,
      status: 'Customer Not Listed',
    })
  })

  it("answers 409 for another customer's address, and keeps its own in another case", async () => {
    const { admin, vendor, tool } = await vendorSetup()
    await admin.client.post('/company_customers', form(vendor.id, tool.id, { email: 'taken@a.example' }))
    const mine = (
      await admin.client.post(
        '/company_customers',
        form(vendor.id, tool.id, { email: 'mine@a.example', company_name: 'Mine' }),
      )
    ).body.company_customer
    const taken = await admin.client.patch(
      `/company_customers/${mine.id}`,
      form(vendor.id, tool.id, { email: 'TAKEN@a.example', company_name: 'Mine' }),
    )
    expect(taken.status).toBe(409)
    expect(taken.body.error.message).toBe(DUPLICATE_EMAIL)
    const own = await admin.client.patch(
      `/company_customers/${mine.id}`,
      form(vendor.id, tool.id, { email: 'MINE@a.example', company_name: 'Mine' }),
    )
    expect(own.status).toBe(200)
  })

  it("answers 404 for another company's customer or a stranger, 403 impersonated, 401 signed out", async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const other = await vendorSetup()
    const created = (await admin.client.post('/company_customers', form(vendor.id, tool.id))).body.company_customer
    const body = form(vendor.id, tool.id, { email: 'changed@x.example' })
    expect((await other.admin.client.patch(`/company_customers/${created.id}`, body)).status).toBe(404)
    expect(
      (await other.admin.client.patch(`/company_customers/${created.id}`, { ...body, company_id: other.vendor.id }))
        .status,
    ).toBe(404)
    expect((await admin.client.patch('/company_customers/999999', body)).status).toBe(404)
    expect((await (await impersonate(ctx.app, admin)).patch(`/company_customers/${created.id}`, body)).status).toBe(403)
    expect((await new TestClient(ctx.app).patch(`/company_customers/${created.id}`, body)).status).toBe(401)
    const [row] = await ctx.app.db.select().from(companyCustomers).where(eq(companyCustomers.id, created.id))
    expect(row!.email).toBe(created.email)
  })
})

describe('POST /company-customers/update-copied-at', () => {
  it('marks the e-mail copied; a sent e-mail still shows as sent', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const created = (await admin.client.post('/company_customers', form(vendor.id, tool.id))).body.company_customer
    const response = await admin.client.post('/company-customers/update-copied-at', { id: created.id })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: created.id, status: 'Email Copied' })
    await ctx.app.db.update(companyCustomers).set({ sentAt: new Date() }).where(eq(companyCustomers.id, created.id))
    expect((await admin.client.post('/company-customers/update-copied-at', { id: created.id })).body.status).toBe(
      'Email Sent',
    )
  })

  it('answers 404 to a stranger, 403 impersonated, 401 signed out, 400 without an id', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const created = (await admin.client.post('/company_customers', form(vendor.id, tool.id))).body.company_customer
    const stranger = await buildUser(ctx.app)
    expect((await stranger.client.post('/company-customers/update-copied-at', { id: created.id })).status).toBe(404)
    expect(
      (await (await impersonate(ctx.app, admin)).post('/company-customers/update-copied-at', { id: created.id }))
        .status,
    ).toBe(403)
    expect((await new TestClient(ctx.app).post('/company-customers/update-copied-at', { id: created.id })).status).toBe(
      401,
    )
    expect((await admin.client.post('/company-customers/update-copied-at', {})).status).toBe(400)
    const [row] = await ctx.app.db.select().from(companyCustomers).where(eq(companyCustomers.id, created.id))
    expect(row!.copiedAt).toBeNull()
  })
})

describe('Added: the customer lists the tool in its own public stack', () => {
  it('derives Added from the public stacks, on the list and on the tool page', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const customer = await customerCompany()
    const domain = new URL(customer.websiteUrl!).hostname
    const created = await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { existing_company: true, company_name: customer.id, email: `it@${domain}` }),
    )
    expect(created.body.company_customer.status).toBe('Customer Not Listed')
    const stack = await buildStack(ctx.app.db, { ownerCompanyId: customer.id, tools: [tool] })
    const listed = (await list(admin, vendor.slug)).body.customers[0]
    expect(listed).toMatchObject({ status: 'Added', needs_email: false })
    const toolPage = await new TestClient(ctx.app).get(`/api/v1/tools/${tool.slug}/customers`)
    expect(toolPage.body.customers).toEqual([
      { name: customer.name, path: `/companies/${customer.slug}`, image_url: null, confirmed: true },
    ])
    await ctx.app.db.update(stacks).set({ isPrivate: true }).where(eq(stacks.id, stack.id))
    expect((await list(admin, vendor.slug)).body.customers[0].status).toBe('Customer Not Listed')
  })
})

describe('GET /api/v1/tools/{slug}/customers', () => {
  it("lists the vendor's customers once per company, newest first, with the vendor", async () => {
    const { admin, vendor, tool } = await vendorSetup()
    await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { company_name: 'Older Co', email: 'a@older.example' }),
    )
    await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { company_name: 'Newer Co', email: 'a@newer.example' }),
    )
    await admin.client.post(
      '/company_customers',
      form(vendor.id, tool.id, { company_name: 'newer co', email: 'b@newer.example' }),
    )
    const response = await new TestClient(ctx.app).get(`/api/v1/tools/${tool.slug}/customers`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      vendor: { name: vendor.name, path: `/companies/${vendor.slug}` },
      customers: [
        { name: 'newer co', path: null, image_url: null, confirmed: false },
        { name: 'Older Co', path: null, image_url: null, confirmed: false },
      ],
    })
  })

  it('answers an empty list for a tool without customers and 404 for no tool', async () => {
    const tool = await insertTool(ctx.app.db)
    expect((await new TestClient(ctx.app).get(`/api/v1/tools/${tool.slug}/customers`)).body).toEqual({
      vendor: null,
      customers: [],
    })
    expect((await new TestClient(ctx.app).get('/api/v1/tools/no-such-tool/customers')).status).toBe(404)
  })
})

describe('GET /companies/search', () => {
  it('answers id, name and website_url, exact and prefix matches first, at most 10', async () => {
    const tag = `Zyx${process.pid}`
    for (let index = 0; index < 11; index++) await buildCompany(ctx.app.db, { name: `Big ${tag} ${index}` })
    const prefix = await buildCompany(ctx.app.db, { name: `${tag} Labs`, websiteUrl: 'https://labs.example' })
    const response = await new TestClient(ctx.app).get(`/companies/search?name=${tag.toLowerCase()}`)
    expect(response.status).toBe(200)
    expect(response.body).toHaveLength(10)
    expect(response.body[0]).toEqual({ id: prefix.id, name: `${tag} Labs`, website_url: 'https://labs.example' })
  })

  it('matches wildcards literally and answers 400 for an empty name', async () => {
    expect((await new TestClient(ctx.app).get('/companies/search?name=%25')).body).toEqual([])
    const empty = await new TestClient(ctx.app).get('/companies/search?name=')
    expect(empty.status).toBe(400)
    expect((await new TestClient(ctx.app).get('/companies/search')).status).toBe(400)
  })
})

describe('POST /send-invite', () => {
  const outboxTo = (address: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))

  it('queues the invitation and sets sent_at; again only after the address changes', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const email = `buyer${process.pid}@globex.example`
    const created = (
      await admin.client.post('/company_customers', form(vendor.id, tool.id, { company_name: 'Globex', email }))
    ).body.company_customer
    const response = await admin.client.post('/send-invite', { id: created.id })
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(created.id)
    expect(new Date(response.body.sent_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const [mail] = await outboxTo(email)
    expect(mail).toMatchObject({ kind: 'customer.verification', status: 'pending' })
    expect(mail!.subject).toContain(`does Globex use ${tool.name}?`)
    expect(mail!.textBody).toBe(created.email_content)
    const listed = (await list(admin, vendor.slug)).body.customers[0]
    expect(listed).toMatchObject({ status: 'Email Sent', sent_at: response.body.sent_at })

    const again = await admin.client.post('/send-invite', { id: created.id })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(ALREADY_SENT)
    expect(await outboxTo(email)).toHaveLength(1)

    const newEmail = `buyer2${process.pid}@globex.example`
    await admin.client.patch(
      `/company_customers/${created.id}`,
      form(vendor.id, tool.id, { company_name: 'Globex', email: newEmail }),
    )
    expect((await admin.client.post('/send-invite', { id: created.id })).status).toBe(200)
    expect(await outboxTo(newEmail)).toHaveLength(1)
  })

  it('sends once when two clicks arrive together', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const email = `twice${process.pid}@initech.example`
    const created = (await admin.client.post('/company_customers', form(vendor.id, tool.id, { email }))).body
      .company_customer
    const answers = await Promise.all([
      admin.client.post('/send-invite', { id: created.id }),
      admin.client.post('/send-invite', { id: created.id }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await outboxTo(email)).toHaveLength(1)
  })

  it('answers 409 for a customer already Added, and sends nothing', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const customer = await customerCompany()
    const domain = new URL(customer.websiteUrl!).hostname
    const created = (
      await admin.client.post(
        '/company_customers',
        form(vendor.id, tool.id, { existing_company: true, company_name: customer.id, email: `x@${domain}` }),
      )
    ).body.company_customer
    await buildStack(ctx.app.db, { ownerCompanyId: customer.id, tools: [tool] })
    const response = await admin.client.post('/send-invite', { id: created.id })
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe(ALREADY_HAS_SERVICE)
    expect(await outboxTo(`x@${domain}`)).toEqual([])
  })

  it('answers 404 to a stranger, 403 impersonated, 401 signed out, and sends nothing', async () => {
    const { admin, vendor, tool } = await vendorSetup()
    const email = `nobody${process.pid}@hooli.example`
    const created = (await admin.client.post('/company_customers', form(vendor.id, tool.id, { email }))).body
      .company_customer
    const stranger = await buildUser(ctx.app)
    expect((await stranger.client.post('/send-invite', { id: created.id })).status).toBe(404)
    const impersonated = await (await impersonate(ctx.app, admin)).post('/send-invite', { id: created.id })
    expect(impersonated.status).toBe(403)
    expect((await new TestClient(ctx.app).post('/send-invite', { id: created.id })).status).toBe(401)
    expect((await admin.client.post('/send-invite', { id: 999999 })).status).toBe(404)
    expect(await outboxTo(email)).toEqual([])
  })
})

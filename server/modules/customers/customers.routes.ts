// Company customers (specs/onboarding-customers-teams-notifications.md §7 'Company customers'): the screen's list,
// add, edit, 'copied' and send calls at the spec's paths, the company search, and the tool page's customers.
// Only a company's admins see or change its customers; impersonating admins may look but not write.
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  COMPANY_SEARCH_LIMIT,
  CompanyCustomerBody,
  CompanyCustomerResponse,
  CompanyCustomersQuery,
  CompanyCustomersResponse,
  CompanySearchQuery,
  CompanySearchResponse,
  CopiedAtResponse,
  CustomerIdBody,
  CustomerIdParams,
  domainOfWebsite,
  IMPERSONATED_CUSTOMERS,
  ONLY_COMPANY_ADMINS_CUSTOMERS,
  SendInviteResponse,
  TOOL_CUSTOMERS_LIMIT,
  ToolCustomersResponse,
} from '#contracts/company-customers.ts'
import { tools } from '../../db/schema/index.ts'
import { requireRealUser, requireUser, type SessionUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import { type CompanyRow, findCompanyById, findCompanyBySlug, findCompanyRole } from '../companies/companies.queries.ts'
import { customerStatus, type InviteContext, presentCustomer, presentToolCustomer } from './customers.presenter.ts'
import {
  findCustomer,
  listCustomersOfTool,
  listCustomersOfVendor,
  listToolsOfDomain,
  searchCompanies,
} from './customers.queries.ts'
import { addCustomer, markCustomerEmailCopied, sendCustomerInvite, updateCustomer } from './customers.service.ts'

const tags = ['company customers']

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: InviteContext = { siteName: app.config.siteName, baseUrl: app.config.baseUrl }

  async function assertCompanyAdmin(company: CompanyRow | null, user: SessionUser): Promise<CompanyRow> {
    if (!company) throw notFound()
    if ((await findCompanyRole(app.db, company.id, user.id)) !== 'admin') throw forbidden(ONLY_COMPANY_ADMINS_CUSTOMERS)
    return company
  }

  /** A customer of a company the user administers; another company's customer is a 404, not a 403. */
  async function loadOwnCustomer(customerId: number, user: SessionUser) {
    const record = await findCustomer(app.db, customerId)
    if (!record || (await findCompanyRole(app.db, record.vendor.id, user.id)) !== 'admin') throw notFound()
    const vendor = await findCompanyById(app.db, record.vendor.id)
    if (!vendor) throw notFound()
    return { record, vendor }
  }

  async function presentById(customerId: number) {
    const record = await findCustomer(app.db, customerId)
    if (!record) throw notFound()
    return { company_customer: presentCustomer(record, context) }
  }

  app.get(
    '/company_customers',
    {
      schema: {
        tags,
        summary: "A company's customers (newest first) and the tools they can be listed for (its admins only)",
        querystring: CompanyCustomersQuery,
        response: { 200: CompanyCustomersResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const company = await assertCompanyAdmin(await findCompanyBySlug(app.db, request.query.company_slug), user)
      const domain = domainOfWebsite(company.websiteUrl)
      const [services, customers] = await Promise.all([
        domain ? listToolsOfDomain(app.db, domain) : [],
        listCustomersOfVendor(app.db, company.id),
      ])
      return {
        company: { id: company.id, name: company.name, slug: company.slug, website_url: company.websiteUrl, domain },
        services: services.map((tool) => ({ id: tool.id, name: tool.name, slug: tool.slug, image_url: tool.imageUrl })),
        customers: customers.map((record) => presentCustomer(record, context)),
      }
    },
  )

  app.post(
    '/company_customers',
    {
      schema: {
        tags,
        summary: 'Add a customer: an existing company (by id) or a new name, a tool of the company, an address',
        body: CompanyCustomerBody,
        response: { 200: CompanyCustomerResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CUSTOMERS)
      const vendor = await assertCompanyAdmin(await findCompanyById(app.db, request.body.company_id), user)
      const id = await addCustomer(app.db, vendor, user.id, request.body)
      await track(app.db, 'company_customer.added', { company_id: vendor.id, customer_id: id }, user.id)
      return presentById(id)
    },
  )

  app.patch(
    '/company_customers/:customerId',
    {
      schema: {
        tags,
        summary: 'Change a customer (its address, usually); the e-mail may then be sent again',
        params: CustomerIdParams,
        body: CompanyCustomerBody,
        response: { 200: CompanyCustomerResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CUSTOMERS)
      const { vendor } = await loadOwnCustomer(request.params.customerId, user)
      if (request.body.company_id !== vendor.id) throw notFound()
      await updateCustomer(app.db, vendor, request.params.customerId, request.body)
      return presentById(request.params.customerId)
    },
  )

  app.post(
    '/company-customers/update-copied-at',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Record that the invitation text was copied (status Email Copied unless sent or added)',
        body: CustomerIdBody,
        response: { 200: CopiedAtResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CUSTOMERS)
      await loadOwnCustomer(request.body.id, user)
      await markCustomerEmailCopied(app.db, request.body.id)
      const record = await findCustomer(app.db, request.body.id)
      if (!record) throw notFound()
      return { id: record.customer.id, status: customerStatus(record) }
    },
  )

  app.post(
    '/send-invite',
    {
      schema: {
        tags,
        summary: 'E-mail the invitation to the customer (once per address); answers id and sent_at',
        body: CustomerIdBody,
        response: { 200: SendInviteResponse },
      },
      // Each address gets one message, but a vendor could add many: a ceiling per client as well.
      config: app.config.rateLimitEnabled ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CUSTOMERS)
      const { record } = await loadOwnCustomer(request.body.id, user)
      const sentAt = await sendCustomerInvite(app.db, app.jobQueue, record, context)
      await track(app.db, 'company_customer.email_sent', { customer_id: record.customer.id }, user.id)
      return { id: record.customer.id, sent_at: sentAt.toISOString() }
    },
  )

  app.get(
    '/companies/search',
    {
      schema: {
        tags,
        summary: 'Companies whose name contains the text (first 10): id, name, website_url',
        querystring: CompanySearchQuery,
        response: { 200: CompanySearchResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=60')
      const rows = await searchCompanies(app.db, request.query.name, COMPANY_SEARCH_LIMIT)
      return rows.map((row) => ({ id: row.id, name: row.name, website_url: row.websiteUrl }))
    },
  )

  app.get(
    '/api/v1/tools/:slug/customers',
    {
      schema: {
        tags,
        summary: "The companies a tool's vendor lists as its customers, newest first",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: ToolCustomersResponse },
      },
    },
    async (request, reply) => {
      const [tool] = await app.db
        .select({ id: tools.id })
        .from(tools)
        .where(and(eq(tools.slug, request.params.slug.toLowerCase()), eq(tools.isHidden, false)))
      if (!tool) throw notFound()
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=60')
      const records = await listCustomersOfTool(app.db, tool.id, TOOL_CUSTOMERS_LIMIT)
      const vendor = records[0]?.vendor
      // One entry per company, however many of its addresses the vendor listed.
      const seen = new Set<string>()
      const customers = records.map(presentToolCustomer).filter((customer) => {
        const key = customer.path ?? customer.name.toLowerCase()
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      return { vendor: vendor ? { name: vendor.name, path: companyPath(vendor.slug) } : null, customers }
    },
  )
}

// Companies as stack owners (specs/stack-creation-and-editing.md §5-§7): the user's companies, the name check,
// creating and editing a company, the onboarding's "where I work", and the public company page.
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CompaniesIndexResponse,
  CompanyExistsQuery,
  CompanyExistsResponse,
  CompanyPage,
  CompanyResponse,
  CreateCompanyBody,
  OnboardingUpdateCompanyBody,
  OnboardingUpdateCompanyResponse,
  UpdateCompanyBody,
} from '#contracts/companies.ts'
import { IMPERSONATED_CHANGE_SETTINGS } from '#contracts/onboarding.ts'
import { users } from '../../db/schema/index.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { cacheForViewer } from '../../http/cache.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { listStackSummaries } from '../stacks/stack-summaries.service.ts'
import { ownerCondition, visibleToViewerCondition } from '../stacks/stacks.queries.ts'
import { presentCompany, presentCompanyExists, presentCompanyPage } from './companies.presenter.ts'
import {
  findCompanyById,
  findCompanyByName,
  findCompanyBySlug,
  findCompanyRole,
  isMemberOfPrivateModeCompany,
  listCompaniesOfUser,
  listCompanyAdminIds,
} from './companies.queries.ts'
import { createCompany, updateCompany } from './companies.service.ts'

const tags = ['companies']

export const IMPERSONATED_CREATE_COMPANY = 'Impersonated users are not allowed to create company'
export const IMPERSONATED_EDIT_COMPANY = 'Impersonated users are not allowed to edit company'
export const PRIVATE_MODE_MEMBERS_CANNOT_CREATE = 'Members of a private-mode company cannot create new companies.'
export const ONLY_COMPANY_ADMINS = 'Only company admins can edit this company.'

const CreateCompanyResponse = z.object({
  id: z.number().int(),
  slug: z.string(),
  company: CompanyResponse.shape.company,
})

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/companies/index',
    {
      schema: {
        tags,
        summary: "The signed-in user's companies with private_mode and admins",
        response: { 200: CompaniesIndexResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const rows = await listCompaniesOfUser(app.db, user.id)
      const admins = await listCompanyAdminIds(
        app.db,
        rows.map((row) => row.company.id),
      )
      return { companies: rows.map((row) => presentCompany(row.company, admins.get(row.company.id) ?? [], user.id)) }
    },
  )

  app.get(
    '/companies/exists',
    {
      schema: {
        tags,
        summary: 'Whether a company of that name exists (case-insensitive)',
        querystring: CompanyExistsQuery,
        response: { 200: CompanyExistsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const name = request.query.company_name.trim()
      if (!name) return presentCompanyExists(null, null)
      const company = await findCompanyByName(app.db, name)
      const viewer = await request.sessionUser()
      const role = company && viewer ? await findCompanyRole(app.db, company.id, viewer.id) : null
      return presentCompanyExists(company, role)
    },
  )

  app.post(
    '/api/v1/companies/create',
    {
      schema: {
        tags,
        summary: 'Create a company; its creator becomes its admin',
        body: CreateCompanyBody,
        response: { 200: CreateCompanyResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CREATE_COMPANY)
      // spec §6: admins, or users in no private-mode company, may create a new company
      if (!user.isAdmin && (await isMemberOfPrivateModeCompany(app.db, user.id))) {
        throw forbidden(PRIVATE_MODE_MEMBERS_CANNOT_CREATE)
      }
      const company = await createCompany(app.db, app.jobQueue, app.config, user.id, request.body.company)
      await track(app.db, 'company.created', { company_id: company.id }, user.id)
      return { id: company.id, slug: company.slug, company: presentCompany(company, [user.id], user.id) }
    },
  )

  app.post(
    '/api/v1/companies/update',
    {
      schema: {
        tags,
        summary: "Change a company's details (its admins only)",
        body: UpdateCompanyBody,
        response: { 200: CompanyResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_EDIT_COMPANY)
      const { id, ...fields } = request.body.company
      const company = await findCompanyById(app.db, id)
      if (!company) throw notFound()
      if ((await findCompanyRole(app.db, company.id, user.id)) !== 'admin') throw forbidden(ONLY_COMPANY_ADMINS)
      const updated = await updateCompany(app.db, company, fields, app.config, app.jobQueue)
      const admins = await listCompanyAdminIds(app.db, [company.id])
      return { company: presentCompany(updated, admins.get(company.id) ?? [], user.id) }
    },
  )

  app.post(
    '/api/v1/onboarding/update_company',
    {
      schema: {
        tags,
        summary: 'Record the company the user works at (an existing company by id, or a name)',
        body: OnboardingUpdateCompanyBody,
        response: { 200: OnboardingUpdateCompanyResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      const { id, name } = request.body.company
      // Naming a company does not make anyone its member: membership comes from its admins (team management).
      const company = id ? await findCompanyById(app.db, id) : await findCompanyByName(app.db, name ?? '')
      if (id && !company) throw notFound()
      const companyName = company?.name ?? name!.trim()
      await app.db.update(users).set({ companyName, updatedAt: new Date() }).where(eq(users.id, user.id))
      return {
        company_name: companyName,
        company: company ? { id: company.id, name: company.name, slug: company.slug } : null,
      }
    },
  )

  app.get(
    '/api/v1/companies/:slug',
    {
      schema: {
        tags,
        summary: 'The company page: details and the stacks the viewer may see',
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: CompanyPage },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser()
      cacheForViewer(reply, viewer !== null)
      const company = await findCompanyBySlug(app.db, request.params.slug)
      if (!company) throw notFound()
      const role = viewer ? await findCompanyRole(app.db, company.id, viewer.id) : null
      const stacks = await listStackSummaries(
        app.db,
        and(ownerCondition({ type: 'Company', id: company.id }), visibleToViewerCondition(viewer?.id ?? null)),
      )
      return presentCompanyPage(company, role, stacks)
    },
  )
}

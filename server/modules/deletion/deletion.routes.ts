// Account and company deletion (specs/onboarding-customers-teams-notifications.md §7 'Deletion and I Use This'):
// POST /users/delete and POST /companies/delete, each confirmed by typing the username or the company name exactly,
// and the preview the account dialog shows first. What goes and what stays: docs/decisions/017-deletion.md.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AccountDeletionPreview,
  COMPANY_NAME_MISMATCH,
  DeleteAccountBody,
  DeleteCompanyBody,
  DeletedResponse,
  IMPERSONATED_DELETE_ACCOUNT,
  IMPERSONATED_DELETE_COMPANY,
  ONLY_ADMINS_DELETE_COMPANY,
  USERNAME_MISMATCH,
} from '#contracts/deletion.ts'
import { requireSessionUser, requireUser } from '../../http/auth-guard.ts'
import { fieldError, forbidden, notFound } from '../../http/errors.ts'
import { STORAGE_KEY_PATTERN } from '../../storage/storage.ts'
import { track } from '../analytics/analytics.service.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { findCompanyById, findCompanyRole } from '../companies/companies.queries.ts'
import {
  countPersonalStacks,
  deleteAccount,
  deleteCompany,
  isBlocking,
  isSoleMember,
  listCompaniesWithCounts,
  unreferencedUploads,
} from './deletion.service.ts'

const tags = ['deletion']
/** Better Auth's cookies (cookiePrefix 'stackatlas'), with and without the __Secure- prefix of HTTPS sites. */
const AUTH_COOKIES = ['session_token', 'session_data', 'dont_remember'].flatMap((name) => [
  `stackatlas.${name}`,
  `__Secure-stackatlas.${name}`,
])

export const deletionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Files are removed after the commit, best effort (a leftover file is harmless, a missing one that a row still
  // shows is not, so the rows decide).
  const storage = app.storage
  async function removeUploads(urls: string[]) {
    for (const url of await unreferencedUploads(app.db, urls)) {
      const key = url.replace(/^\/uploads\//, '')
      if (!STORAGE_KEY_PATTERN.test(key)) continue
      await storage.delete(key).catch((error) => app.log.warn({ error, key }, 'could not remove an upload'))
    }
  }

  function signOut(reply: FastifyReply) {
    for (const name of AUTH_COOKIES) reply.clearCookie(name, { path: '/' })
  }

  app.get(
    '/api/v1/users/deletion',
    {
      schema: {
        tags,
        summary: 'What deleting the account would do: companies that block it, companies that go with it',
        response: { 200: AccountDeletionPreview },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const companies = await listCompaniesWithCounts(app.db, user.id)
      const ref = ({ id, name, slug }: { id: number; name: string; slug: string }) => ({ id, name, slug })
      return {
        username: user.username,
        blocking_companies: companies.filter(isBlocking).map(ref),
        deleted_companies: companies.filter(isSoleMember).map(ref),
        stacks_count: await countPersonalStacks(app.db, user.id),
      }
    },
  )

  app.post(
    '/users/delete',
    {
      schema: {
        tags,
        summary: 'Delete the signed-in account (confirmed by typing the username) and sign it out everywhere',
        body: DeleteAccountBody,
        response: { 200: DeletedResponse },
      },
      // an account that never verified its address may still leave (decision 052)
      config: { allowUnverified: true },
    },
    async (request, reply) => {
      const user = await requireSessionUser(request, IMPERSONATED_DELETE_ACCOUNT)
      // spec §4: the typed text equals the username exactly
      if (request.body.confirmation !== user.username) throw fieldError('confirmation', USERNAME_MISMATCH)
      const uploads = await deleteAccount(app.db, await auditContextOf(request, user), user.id)
      await track(app.db, 'user.deleted', { user_id: user.id }, null)
      signOut(reply)
      reply.header('cache-control', 'no-store')
      await removeUploads(uploads)
      return { ok: true as const, redirect_to: '/' as const }
    },
  )

  app.post(
    '/companies/delete',
    {
      schema: {
        tags,
        summary: 'Delete a company, its stacks and its customers (its admins only; confirmed by typing its name)',
        body: DeleteCompanyBody,
        response: { 200: DeletedResponse },
      },
    },
    async (request, reply) => {
      // like the account's, a company's deletion is the person's at the site, never a token's (decision 078)
      const user = await requireSessionUser(request, IMPERSONATED_DELETE_COMPANY)
      const company = await findCompanyById(app.db, request.body.companyId)
      if (!company) throw notFound()
      if ((await findCompanyRole(app.db, company.id, user.id)) !== 'admin') throw forbidden(ONLY_ADMINS_DELETE_COMPANY)
      // spec §4: the typed text equals the company name exactly
      if (request.body.confirmation !== company.name) throw fieldError('confirmation', COMPANY_NAME_MISMATCH)
      const uploads = await deleteCompany(app.db, await auditContextOf(request, user), company.id)
      await track(app.db, 'company.deleted', { company_id: company.id }, user.id)
      reply.header('cache-control', 'no-store')
      await removeUploads(uploads)
      return { ok: true as const, redirect_to: '/' as const }
    },
  )
}

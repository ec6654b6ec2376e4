// The admin area's API: the user directory and role changes, and the companies waiting for manual verification
// (docs/decisions/031-company-verification.md). Impersonation itself is Better Auth's
// POST /api/auth/admin/impersonate-user and /api/auth/admin/stop-impersonating.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ADMIN_USERS_PER_PAGE,
  AdminUsersQuery,
  AdminUsersResponse,
  ChangeRoleBody,
  ChangeRoleParams,
  ChangeRoleResponse,
} from '#contracts/admin.ts'
import {
  COMPANY_VERIFICATIONS_PER_PAGE,
  CompanyVerificationParams,
  CompanyVerificationResult,
  CompanyVerificationsQuery,
  CompanyVerificationsResponse,
} from '#contracts/company-verification.ts'
import { requireAdmin } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { presentVerificationResult } from '../companies/companies.presenter.ts'
import { listCompaniesAwaitingReview } from '../companies/company-verification.queries.ts'
import { declineCompanyVerification, verifyCompanyByAdmin } from '../companies/company-verification.service.ts'
import { assertCanChangeRole } from './admin.policy.ts'
import { presentAdminUser, presentCompanyAwaitingVerification } from './admin.presenter.ts'
import { findUserForAdmin, listUsersForAdmin } from './admin.queries.ts'
import { changeUserRole } from './admin.service.ts'

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, searchable by username or e-mail, 25 per page',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      const { rows, total } = await listUsersForAdmin(app.db, request.query)
      reply.header('cache-control', 'no-store')
      return { users: rows.map(presentAdminUser), page: request.query.page, per_page: ADMIN_USERS_PER_PAGE, total }
    },
  )

  app.post(
    '/api/v1/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a user's role (user, moderator, admin)",
        params: ChangeRoleParams,
        body: ChangeRoleBody,
        response: { 200: ChangeRoleResponse },
      },
    },
    async (request) => {
      const actor = await requireAdmin(request)
      const target = await findUserForAdmin(app.db, request.params.id)
      if (!target) throw notFound('No user with that id.')
      assertCanChangeRole(actor, target, request.body.role)
      const updated = await changeUserRole(app.db, await auditContextOf(request, actor), target.id, request.body.role)
      await track(app.db, 'admin.role_changed', { user_id: target.id, role: request.body.role }, actor.id)
      return { user: presentAdminUser(updated) }
    },
  )

  app.get(
    '/api/v1/admin/company_verifications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Companies waiting for an admin to verify them, newest first, 20 per page',
        querystring: CompanyVerificationsQuery,
        response: { 200: CompanyVerificationsResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      const { rows, total } = await listCompaniesAwaitingReview(app.db, request.query)
      reply.header('cache-control', 'no-store')
      return {
        companies: rows.map(presentCompanyAwaitingVerification),
        page: request.query.page,
        per_page: COMPANY_VERIFICATIONS_PER_PAGE,
        total,
      }
    },
  )

  app.post(
    '/api/v1/admin/companies/:id/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Verify a company: the Verified badge, and an e-mail to its contact address',
        params: CompanyVerificationParams,
        response: { 200: CompanyVerificationResult },
      },
    },
    async (request) => {
      const actor = await requireAdmin(request)
      const audit = await auditContextOf(request, actor)
      return presentVerificationResult(
        await verifyCompanyByAdmin(app.db, app.jobQueue, app.config, actor, audit, request.params.id),
      )
    },
  )

  app.post(
    '/api/v1/admin/companies/:id/decline_verification',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dismiss a company from the verification queue without the badge (no e-mail)',
        params: CompanyVerificationParams,
        response: { 200: CompanyVerificationResult },
      },
    },
    async (request) => {
      const actor = await requireAdmin(request)
      const audit = await auditContextOf(request, actor)
      return presentVerificationResult(await declineCompanyVerification(app.db, actor, audit, request.params.id))
    },
  )
}

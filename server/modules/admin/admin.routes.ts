// The admin area's API: the user directory and role changes. Impersonation itself is Better Auth's
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
import { requireAdmin } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { assertCanChangeRole } from './admin.policy.ts'
import { presentAdminUser } from './admin.presenter.ts'
import { findUserForAdmin, listUsersForAdmin, setUserRole } from './admin.queries.ts'

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
      const updated = await setUserRole(app.db, target.id, request.body.role)
      await track(app.db, 'admin.role_changed', { user_id: target.id, role: request.body.role }, actor.id)
      return { user: presentAdminUser(updated) }
    },
  )
}

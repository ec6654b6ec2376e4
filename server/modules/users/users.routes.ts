// The signed-in user's own record and settings (name, username, e-mail, password).
import { fromNodeHeaders } from 'better-auth/node'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MENU_SIZE } from '#contracts/notifications.ts'
import { ChangeEmailBody, ChangePasswordBody, CurrentUserResponse, UpdateProfileBody } from '#contracts/users.ts'
import { isHandleAvailable } from '../../auth/handles.ts'
import { users } from '../../db/schema/index.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { badRequest, fieldError } from '../../http/errors.ts'
import { presentNotification } from '../notifications/notifications.presenter.ts'
import { countNotifications, listNotifications } from '../notifications/notifications.queries.ts'
import { presentCurrentUser } from './users.presenter.ts'
import { findUserProfile, hasGithubAccount, listPersonalStacks, listUserCompanies } from './users.queries.ts'

const Ok = z.object({ ok: z.literal(true) })

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/current',
    { schema: { tags: ['users'], summary: 'The signed-in user, or null', response: { 200: CurrentUserResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const session = await request.sessionUser()
      if (!session) return { user: null }
      const [profile, companies, personalStacks, hasGithub, notifications, notificationCounts] = await Promise.all([
        findUserProfile(app.db, session.id),
        listUserCompanies(app.db, session.id),
        listPersonalStacks(app.db, session.id),
        hasGithubAccount(app.db, session.id),
        listNotifications(app.db, session.id, { limit: MENU_SIZE, offset: 0 }),
        countNotifications(app.db, session.id),
      ])
      if (!profile) return { user: null }
      return {
        user: presentCurrentUser({
          session,
          profile,
          companies,
          personalStacks,
          hasGithub,
          notifications: notifications.map(presentNotification),
          notificationCounts,
        }),
      }
    },
  )

  app.post(
    '/api/v1/users/profile',
    {
      schema: { tags: ['users'], summary: 'Change name and username', body: UpdateProfileBody, response: { 200: Ok } },
    },
    async (request) => {
      const user = await requireRealUser(request, 'Impersonated users are not allowed to change settings')
      const username = request.body.username.toLowerCase()
      if (username !== user.username && !(await isHandleAvailable(app.db, username))) {
        throw fieldError('username', 'is already taken')
      }
      // Through Better Auth, so its hooks keep the shared handle namespace in step.
      await app.auth.api.updateUser({
        body: { name: request.body.name, username, displayUsername: request.body.username } as never,
        headers: fromNodeHeaders(request.headers),
      })
      return { ok: true as const }
    },
  )

  app.post(
    '/api/v1/users/email',
    { schema: { tags: ['users'], summary: 'Change e-mail address', body: ChangeEmailBody, response: { 200: Ok } } },
    async (request) => {
      const user = await requireRealUser(request, 'Impersonated users are not allowed to change settings')
      const email = request.body.email.toLowerCase()
      const [taken] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, user.id)))
      if (taken) throw fieldError('email', 'has already been taken')
      await app.db
        .update(users)
        .set({ email, emailVerified: false, updatedAt: new Date() })
        .where(eq(users.id, user.id))
      return { ok: true as const }
    },
  )

  app.post(
    '/api/v1/users/password',
    { schema: { tags: ['users'], summary: 'Change password', body: ChangePasswordBody, response: { 200: Ok } } },
    async (request) => {
      await requireRealUser(request, 'Impersonated users are not allowed to change settings')
      try {
        await app.auth.api.changePassword({
          body: {
            currentPassword: request.body.current_password,
            newPassword: request.body.new_password,
            revokeOtherSessions: false,
          },
          headers: fromNodeHeaders(request.headers),
        })
      } catch {
        throw badRequest('Current password is incorrect', { current_password: ['is incorrect'] })
      }
      return { ok: true as const }
    },
  )
}

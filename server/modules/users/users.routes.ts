// The signed-in user's own record and settings (name, username, onboarding's basic information, e-mail, password).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MENU_SIZE } from '#contracts/notifications.ts'
import { IMPERSONATED_CHANGE_SETTINGS } from '#contracts/onboarding.ts'
import {
  ChangeEmailBody,
  ChangePasswordBody,
  CurrentUserResponse,
  SetPasswordBody,
  UpdateProfileBody,
} from '#contracts/users.ts'
import { authHeaders } from '../../auth/auth-headers.ts'
import { requireRealUser, requireSessionUser } from '../../http/auth-guard.ts'
import { presentNotification } from '../notifications/notifications.presenter.ts'
import { countNotifications, listNotifications } from '../notifications/notifications.queries.ts'
import { findPendingEmail } from './email-verification.service.ts'
import { presentCurrentUser } from './users.presenter.ts'
import { findUserProfile, listPersonalStacks, listSignInProviders, listUserCompanies } from './users.queries.ts'
import {
  assertAddressChangeable,
  assertPasswordsOn,
  changeEmail,
  changePassword,
  setFirstPassword,
  updateProfile,
} from './users.service.ts'

const Ok = z.object({ ok: z.literal(true) })

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The e-mail and password routes check a password: few tries per address, like sign-in.
  const rateLimit = app.config.rateLimitEnabled ? { max: 10, timeWindow: '15 minutes' } : false

  app.get(
    '/api/v1/users/current',
    {
      // "nobody" is all it tells a visitor, and every page's frame asks (private mode: server/http/private-mode.ts)
      config: { openInPrivateMode: true },
      schema: { tags: ['users'], summary: 'The signed-in user, or null', response: { 200: CurrentUserResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const session = await request.sessionUser()
      if (!session) return { user: null }
      const [profile, companies, personalStacks, signInProviders, pendingEmail, notifications, notificationCounts] =
        await Promise.all([
          findUserProfile(app.db, session.id),
          listUserCompanies(app.db, session.id),
          listPersonalStacks(app.db, session.id),
          listSignInProviders(app.db, session.id),
          findPendingEmail(app.db, session.id),
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
          signInProviders,
          pendingEmail,
          notifications: notifications.map(presentNotification),
          notificationCounts,
        }),
      }
    },
  )

  app.post(
    '/api/v1/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Change name, username, photo, first and last name, company, job title and the newsletter',
        body: UpdateProfileBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      await updateProfile(app.db, user, request.body)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/v1/users/email',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change e-mail address (current password, or a recent sign-in without one): a link to the new address makes the change; signs out other sessions',
        body: ChangeEmailBody,
        response: { 200: Ok },
      },
      // an unverified account may fix a mistyped address (decision 052)
      config: { rateLimit, allowUnverified: true },
    },
    async (request) => {
      const user = await requireSessionUser(request, IMPERSONATED_CHANGE_SETTINGS)
      assertAddressChangeable(app.config)
      await changeEmail(app.auth, app.db, user, request.body, app.config, app.jobQueue, request.log)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/v1/users/password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change password with the current one; signs out other sessions',
        body: ChangePasswordBody,
        response: { 200: Ok },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      await requireSessionUser(request, IMPERSONATED_CHANGE_SETTINGS)
      assertPasswordsOn(app.config)
      const headers = await changePassword(app.auth, authHeaders(request), request.body)
      // Better Auth replaced every session with a new one: this browser gets its cookie.
      for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/v1/users/password/set',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a first password (accounts made through GitHub; needs a recent sign-in)',
        body: SetPasswordBody,
        response: { 200: Ok },
      },
      config: { rateLimit },
    },
    async (request) => {
      const user = await requireSessionUser(request, IMPERSONATED_CHANGE_SETTINGS)
      assertPasswordsOn(app.config)
      await setFirstPassword(app.auth, app.db, user, authHeaders(request), request.body.new_password)
      return { ok: true as const }
    },
  )
}

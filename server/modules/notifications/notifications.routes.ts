// Notifications (specs/stack-match-and-community.md §7 'Notifications', specs/onboarding-customers-teams-
// notifications.md §7 'Notifications'): the paged list, the counts, clear (opening the bell), set_read_all,
// set_read (the web's cached keys), the live stream, the settings, and /notifications/{id} which marks one read and
// redirects to what it is about. Everything is the signed-in user's own; an admin impersonating someone may look
// but not change their state (docs/decisions/010-notifications.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  IMPERSONATED_NOTIFICATIONS,
  INVALID_UNSUBSCRIBE_LINK,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCounts,
  NotificationCounts as NotificationCountsSchema,
  type NotificationEvent,
  NotificationSettings,
  NotificationsIndexQuery,
  NotificationsIndexResponse,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  OneClickUnsubscribeBody,
  SetReadBody,
  UnsubscribeBody,
  UnsubscribeQuery,
  UnsubscribeResponse,
  UpdateNotificationSettingsBody,
} from '#contracts/notifications.ts'
import { IMPERSONATED_CHANGE_SETTINGS } from '#contracts/onboarding.ts'
import { Id } from '#contracts/stacks.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { notFound } from '../../http/errors.ts'
import { isApiTokenActive } from '../api-tokens/api-tokens.queries.ts'
import { closeIfSignedOut, NotificationHub, type StreamConnection } from './notification-hub.ts'
import { presentNotification } from './notifications.presenter.ts'
import {
  countNotifications,
  findNotificationRow,
  findWeeklyDigest,
  isSessionActive,
  listNotifications,
  saveWeeklyDigest,
} from './notifications.queries.ts'
import {
  clearNotifications,
  loadNotificationSettings,
  readAllNotifications,
  readNotification,
  readNotificationKeys,
  updateNotificationSettings,
} from './notifications.service.ts'
import { readUnsubscribeToken, registerWeeklyDigest } from './weekly-digest.ts'

const tags = ['notifications']
/** A comment line keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new NotificationHub(
    app.database,
    {
      loadEvent: async (userId, id): Promise<NotificationEvent | null> => {
        const [row, counts] = await Promise.all([
          findNotificationRow(app.db, userId, id),
          countNotifications(app.db, userId),
        ])
        return row ? { notification: presentNotification(row), counts } : null
      },
      loadCounts: (userId) => countNotifications(app.db, userId),
    },
    (error) => app.log.error({ err: error }, 'notification delivery failed'),
  )
  app.metrics.watch('notification_streams_open', () => hub.connectionCount)
  // Open streams would keep server.close() waiting: end them before the server closes.
  app.addHook('preClose', async () => {
    await hub.close()
  })

  registerWeeklyDigest(app.jobQueue, {
    db: app.db,
    config: app.config,
    scheduled: Boolean(app.config.weeklyDigest),
    log: app.log,
  })

  app.get(
    '/api/v1/notifications/unsubscribe',
    {
      // the e-mailed link's token is the proof, signed in or not (private mode too: server/http/private-mode.ts)
      config: { openInPrivateMode: true },
      schema: {
        tags,
        summary: "Whether the weekly digest link's user is subscribed (no sign-in: the token is the proof)",
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const userId = readUnsubscribeToken(app.config.authSecret, request.query.token)
      if (userId === null) throw notFound(INVALID_UNSUBSCRIBE_LINK)
      return { weekly_digest: await findWeeklyDigest(app.db, userId) }
    },
  )

  app.post(
    '/api/v1/notifications/unsubscribe',
    {
      // the e-mailed link's token is the proof, signed in or not (private mode too: server/http/private-mode.ts)
      config: { ...LEAVES_PUBLIC_CONTENT, openInPrivateMode: true },
      schema: {
        tags,
        summary: 'Stops the weekly digest for the user the link was made for',
        body: UnsubscribeBody,
        response: { 200: UnsubscribeResponse },
      },
    },
    async (request) => {
      const userId = readUnsubscribeToken(app.config.authSecret, request.body.token)
      if (userId === null) throw notFound(INVALID_UNSUBSCRIBE_LINK)
      await saveWeeklyDigest(app.db, userId, false)
      return { weekly_digest: false }
    },
  )

  // RFC 8058 one-click unsubscribe, in a scope of its own so the form-encoded body it needs is parsed here only.
  const oneClickUnsubscribe: FastifyPluginAsyncZod = async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    scope.post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      {
        // the signed URL is the proof, and mail providers POST it from their servers: no origin to check
        config: { ...LEAVES_PUBLIC_CONTENT, csrf: false, openInPrivateMode: true },
        schema: {
          tags,
          summary:
            "One-click unsubscribe from the weekly digest (RFC 8058): the List-Unsubscribe URL's token, " +
            'body List-Unsubscribe=One-Click',
          querystring: UnsubscribeQuery,
          body: OneClickUnsubscribeBody,
          response: { 200: UnsubscribeResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const userId = readUnsubscribeToken(app.config.authSecret, request.query.token)
        if (userId === null) throw notFound(INVALID_UNSUBSCRIBE_LINK)
        await saveWeeklyDigest(app.db, userId, false)
        return { weekly_digest: false }
      },
    )
  }
  await app.register(oneClickUnsubscribe)

  app.get(
    '/api/v1/notifications/index',
    {
      schema: {
        tags,
        summary: `Your notifications, newest first, ${NOTIFICATIONS_PAGE_SIZE} a page (an empty page is the end)`,
        querystring: NotificationsIndexQuery,
        response: { 200: NotificationsIndexResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const { page } = request.query
      const rows = await listNotifications(app.db, user.id, {
        limit: NOTIFICATIONS_PAGE_SIZE,
        offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
      })
      return { notifications: rows.map(presentNotification), page, per_page: NOTIFICATIONS_PAGE_SIZE }
    },
  )

  app.get(
    '/api/v1/notifications/notification_count',
    {
      schema: {
        tags,
        summary: 'How many notifications you have, and how many are unseen (the badge)',
        response: { 200: NotificationCountsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      return countNotifications(app.db, user.id)
    },
  )

  app.post(
    '/api/v1/notifications/clear',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Opening the bell: marks every notification seen and clears the badge',
        response: { 200: NotificationCountsSchema },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_NOTIFICATIONS)
      await clearNotifications(app.db, user.id)
      return countNotifications(app.db, user.id)
    },
  )

  app.post(
    '/api/v1/notifications/set_read_all',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: { tags, summary: 'Mark All as Read', response: { 200: NotificationCountsSchema } },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_NOTIFICATIONS)
      await readAllNotifications(app.db, user.id)
      return countNotifications(app.db, user.id)
    },
  )

  app.post(
    '/api/v1/notifications/set_read',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Marks the notifications whose keys are listed read or seen (keys that are not yours are ignored)',
        body: SetReadBody,
        response: { 200: NotificationCountsSchema },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_NOTIFICATIONS)
      await readNotificationKeys(app.db, user.id, request.body.notifications)
      return countNotifications(app.db, user.id)
    },
  )

  app.get(
    '/api/v1/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Which notifications you receive, and the weekly digest',
        response: { 200: NotificationSettings },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      return loadNotificationSettings(app.db, user.id)
    },
  )

  app.post(
    '/api/v1/notifications/settings',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Switch notification types and the weekly digest on or off (only the ones given change)',
        body: UpdateNotificationSettingsBody,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      return updateNotificationSettings(app.db, user.id, request.body)
    },
  )

  app.get(
    '/api/v1/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: `notification` (a new or changed notification with the counts) and `counts` ' +
          '(after reading or seeing); one `counts` first; `session_ended` before it closes on sign-out or deletion',
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      await hub.start()
      const counts = await countNotifications(app.db, user.id)
      reply.hijack()
      const response = reply.raw
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies must not buffer the stream
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      })
      const write = (event: string, data: unknown) => {
        if (!response.writableEnded) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      }
      response.write(`retry: ${RETRY_MS}\n\n`)
      write('counts', counts satisfies NotificationCounts)
      const stop = () => {
        clearInterval(keepalive)
        remove()
      }
      const connection: StreamConnection = {
        userId: user.id,
        send: write,
        // a token's stream ends like a session's: when it is revoked or expires
        isSessionActive: async () => {
          if (user.apiToken) return isApiTokenActive(app.db, user.apiToken.id)
          return user.sessionId !== null && isSessionActive(app.db, user.sessionId)
        },
        // the page stops reconnecting and learns it is signed out (use-notification-stream.ts)
        endSession: () => {
          stop()
          write('session_ended', {})
          response.end()
        },
        // the instance is shutting down: the browser reconnects soon, through the balancer to another instance, at
        // spread times so the streams of one instance do not all arrive at once (decision 054)
        end: () => {
          stop()
          if (!response.writableEnded) response.write(`retry: ${Math.round(500 + Math.random() * 2_000)}\n\n`)
          response.end()
        },
      }
      // Each keepalive also checks the session: sign-out and account deletion close the stream at once (they signal),
      // and this catches the rest within 25 s (an expiry, other sessions signed out from the settings).
      const keepalive = setInterval(() => {
        if (response.writableEnded) return
        response.write(': keepalive\n\n')
        closeIfSignedOut(connection).catch((error) => app.log.error({ err: error }, 'session check failed'))
      }, KEEPALIVE_MS)
      const remove = hub.add(connection)
      request.raw.on('close', stop)
    },
  )

  app.get(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'A notification link: marks it read and redirects to what it is about',
        params: z.object({ id: Id }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await request.sessionUser()
      // the list page asks a visitor to sign in
      if (!user) return reply.redirect('/notifications', 302)
      if (user.impersonated) {
        const row = await findNotificationRow(app.db, user.id, request.params.id)
        if (!row) throw notFound()
        return reply.redirect(sitePath(row.notification.targetPath), 302)
      }
      const target = await readNotification(app.db, user.id, request.params.id)
      if (!target) throw notFound()
      return reply.redirect(sitePath(target), 302)
    },
  )
}

/** Targets are paths on this site; anything else (never written by notify's callers) goes home. */
function sitePath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/'
}

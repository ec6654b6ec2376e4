// POST /api/v1/analytics/track (anyone, rate limited per IP) and GET /api/v1/admin/analytics (admins).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AnalyticsCountsResponse, TrackEventBody } from '#contracts/analytics.ts'
import { requireAdmin } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { presentEventCounts } from './analytics.presenter.ts'
import { countEventsByName } from './analytics.queries.ts'
import { track } from './analytics.service.ts'

const Ok = z.object({ ok: z.literal(true) })

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per IP: generous for a person clicking around, a wall for a script filling the table.
  const rateLimit = app.config.rateLimitEnabled ? { max: 120, timeWindow: '1 minute' } : false

  app.post(
    '/api/v1/analytics/track',
    {
      config: { ...LEAVES_PUBLIC_CONTENT, rateLimit },
      schema: {
        tags: ['analytics'],
        summary: 'Record an analytics event (signed out allowed)',
        body: TrackEventBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await request.sessionUser()
      // An admin acting as someone else is not that person using the site: their clicks stay out of the counts.
      if (user?.impersonated) return { ok: true as const }
      await track(app.db, request.body.name, request.body.properties, user?.id)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/v1/admin/analytics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Event counts per name: last 7 days, last 30 days, all time',
        response: { 200: AnalyticsCountsResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      reply.header('cache-control', 'no-store')
      return presentEventCounts(await countEventsByName(app.db))
    },
  )
}

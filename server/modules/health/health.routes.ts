import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { HttpError } from '../../http/errors.ts'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      // load balancers ask without signing in (private mode: server/http/private-mode.ts)
      config: { openInPrivateMode: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check: 503 when the database does not answer',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        await app.db.execute(sql`select 1`)
      } catch (error) {
        // A load balancer takes the instance out of rotation on 503; the cause goes to the log only.
        request.log.error({ err: error }, 'health check: the database did not answer')
        throw new HttpError(503, 'service_unavailable', 'The database is not answering.')
      }
      return { status: 'ok' as const, database: app.database.kind }
    },
  )
}

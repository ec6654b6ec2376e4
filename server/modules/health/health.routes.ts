// Liveness and readiness, for load balancers and orchestrators (decision 054). /healthz answers while the process
// does; /readyz answers 200 only while this instance should get traffic: its database answers, every committed
// migration is applied, and it is not shutting down.
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { findPendingMigrations } from '../../db/migration-state.ts'
import { HttpError } from '../../http/errors.ts'

const Status = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })

/** Which check failed, in the envelope's error_msg. */
const notReady = (check: 'shutting_down' | 'database_unreachable' | 'migrations_pending', message: string) =>
  new HttpError(503, 'service_unavailable', message, { errorMsg: check })

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.close() (SIGTERM: server/main.ts) stops accepting at once; a request already on an open connection asks
  // /readyz and is told to go elsewhere while the requests in flight finish.
  let shuttingDown = false
  // Migrations only move forward: once this version's are all applied, later checks ask the database one round trip
  // (`select 1`) instead of reading the migrations table every few seconds from every balancer.
  let migrationsCurrent = false
  app.addHook('preClose', async () => {
    shuttingDown = true
  })

  app.get(
    '/healthz',
    {
      // load balancers ask without signing in (private mode: server/http/private-mode.ts)
      config: { openInPrivateMode: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process answers (the database is /readyz)',
        response: { 200: Status },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const, database: app.database.kind }
    },
  )

  app.get(
    '/readyz',
    {
      config: { openInPrivateMode: true },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 503 while shutting down, when the database does not answer or a migration is pending ' +
          '(error_msg says which)',
        response: { 200: Status, 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (shuttingDown) throw notReady('shutting_down', 'The server is shutting down.')
      let pending: string[] = []
      try {
        if (migrationsCurrent) await app.db.execute(sql`select 1`)
        else pending = await findPendingMigrations(app.db)
      } catch (error) {
        // A load balancer takes the instance out of rotation on 503; the cause goes to the log only.
        request.log.error({ err: error }, 'readiness check: the database did not answer')
        throw notReady('database_unreachable', 'The database is not answering.')
      }
      if (pending.length > 0) {
        throw notReady('migrations_pending', `Database migrations are not applied yet: ${pending.join(', ')}.`)
      }
      migrationsCurrent = true
      return { status: 'ok' as const, database: app.database.kind }
    },
  )
}

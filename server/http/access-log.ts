// One access line per request at info: method, URL, status and duration, never bodies or headers (Fastify's own
// request logging, two lines each, is off in app.ts). Failures are logged apart, at error, by the error handler
// (5xx and unexpected errors only).
import type { FastifyInstance } from 'fastify'

export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    )
  })
}

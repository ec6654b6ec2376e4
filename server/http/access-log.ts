// Fastify's own request log lines, made one access line per request at info: method, URL (its query's secrets
// redacted), status and duration, never bodies or headers (Fastify writes two by default, "incoming request" with the
// headers and "request completed"). Failures are logged at error by the error handler, for 5xx and unexpected errors only; a browser that
// closes a stream early (the notification stream, a download) is no error, so that line is debug (decision 035).
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * Query parameters that carry a secret: e-mailed links' tokens (verification, password reset, invitations,
 * unsubscribe) and OAuth's code and state. Whoever reads the logs must not be able to use them.
 */
const SECRET_QUERY_KEYS = new Set(['token', 'code', 'state'])

/** The URL as the access line shows it, with the values of secret query parameters replaced. */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart === -1) return url
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0]!
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) ? `${key}=[redacted]` : pair
    })
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`
}

export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    }
    // an error here is the response failing after it started (Fastify's reply callback), not a handled one
    if (error) reply.log.error({ ...line, err: error }, 'request failed while answering')
    else request.log.info(line, 'request')
  }

  // a 404 is answered by our not-found handler and has its access line
  override routeNotFound() {}

  override streamError(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ url: loggedUrl(reply.request.url) }, 'the client closed the stream')
    } else {
      reply.log.warn({ err: error }, 'the response stream failed after its headers were sent')
    }
  }
}

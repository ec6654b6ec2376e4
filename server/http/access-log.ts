// Fastify's own request log lines, made one access line per request at info: method, URL (an auth page's query left
// out, secret-looking query values redacted everywhere), status and duration, never bodies or headers (Fastify writes
// two by default, "incoming request" with the headers and "request completed"). Failures are logged at error by the
// error handler, for 5xx and unexpected errors only; a browser that closes a stream early (the notification stream, a
// download) is no error, so that line is debug (decision 035).
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * Pages and endpoints whose query strings are about signing in (e-mailed links' tokens, OAuth's code and state, a
 * form submitted before its script ran, security report F-7): their query is never written, whatever its keys.
 */
const AUTH_PATHS = [
  '/sign-in',
  '/join',
  '/verify-email',
  '/reset-password',
  '/forgot-password',
  '/unsubscribe',
  '/invitations/accept',
  '/settings/password',
  '/settings/email',
  '/users/sign-in-error',
]
const isAuthPath = (path: string) =>
  path.startsWith('/api/auth/') || AUTH_PATHS.some((page) => path === page || path === `${page}/`)

/**
 * Query parameters that look like they carry a secret, anywhere: passwords, tokens (e-mailed links', API ones),
 * secrets and keys, OAuth's code and state, signatures and sessions. Whoever reads the logs must not be able to use
 * them. Matched on the decoded key, so 'pass%77ord' and 'new_password' are caught too.
 */
const SECRET_QUERY_KEY =
  /pass|pwd|token|secret|code|state|^key$|_key$|apikey|^auth(?:orization)?$|session|cookie|credential|signature|^sig$|^otp$/i

/** The URL as the access line shows it: an auth path's query left out, secret-looking query values replaced. */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart === -1) return url
  const path = url.slice(0, queryStart)
  if (isAuthPath(path)) return `${path}?[redacted]`
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0]!
      return SECRET_QUERY_KEY.test(decodedKey(key)) ? `${key}=[redacted]` : pair
    })
  return `${path}?${pairs.join('&')}`
}

function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll('+', ' '))
  } catch {
    return key
  }
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

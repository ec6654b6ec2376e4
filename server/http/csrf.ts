// CSRF protection for cookie-authenticated writes: an unsafe method (or a route marked `config: { csrf: true }`,
// such as the spec's GET /api/v1/follows/toggle) carrying cookies must come from one of the site's origins (BASE_URL,
// TRUSTED_ORIGINS, and in development BASE_URL's loopback aliases: config.ts), shown by the Origin header or,
// failing that, the Referer or Sec-Fetch-Site: same-origin. These are the origins Better Auth accepts too, so a page
// opened at another address is refused the same way by both, with what to set (wrongOriginMessage).
// Requests without cookies cannot ride a session. Requests with an API token (`Authorization: Bearer`, outside
// /api/auth/*) are judged by the token alone, their cookies ignored (auth-guard.ts), and a page of another site cannot
// send that header without a CORS grant the site never gives: they are not checked (decision 049).
// A route marked `config: { csrf: false }` opts out: only RFC 8058 one-click unsubscribe, whose signed URL is the
// proof and which mail providers POST from their own servers, and the code hosts' push webhooks, signed with the
// connection's secret and posted from the hosts' servers (decision 063).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppConfig } from '../config.ts'
import { apiTokenOf } from './auth-guard.ts'
import { HttpError } from './errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: check even a GET; false: never check (a signed URL that is its own proof). */
    csrf?: boolean
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A request that changes something: an unsafe method, or a GET marked `config: { csrf: true }`. */
export function isWriteRequest(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === true
}

/** The answer to a write from an origin the site is not configured for: where to open it, or what to set. */
export function wrongOriginMessage(baseUrl: string): string {
  return `This site is configured for ${baseUrl}; open it there or set BASE_URL.`
}

export function registerCsrfProtection(app: FastifyInstance, config: Pick<AppConfig, 'baseUrl' | 'trustedOrigins'>) {
  const allowed = new Set(config.trustedOrigins.map((origin) => new URL(origin).origin))
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/auth/')) return // Better Auth checks origins itself, against the same list
    if (request.routeOptions.config?.csrf === false) return
    if (!isWriteRequest(request) || !request.headers.cookie) return
    if (apiTokenOf(request) !== null) return
    const origin = requestOrigin(request)
    if (origin && allowed.has(origin)) return
    if (origin) throw new HttpError(403, 'csrf_failed', wrongOriginMessage(config.baseUrl))
    if (request.headers['sec-fetch-site'] === 'same-origin') return
    throw new HttpError(403, 'csrf_failed', 'This request did not come from this site. Reload the page and try again.')
  })
}

/** The origin a browser says the request comes from: the Origin header, else the Referer's origin. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  if (origin && origin !== 'null') return origin
  const referer = request.headers.referer
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

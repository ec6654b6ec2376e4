// CSRF protection for cookie-authenticated writes: an unsafe method (or a route marked `config: { csrf: true }`,
// such as the spec's GET /api/v1/follows/toggle) carrying cookies must come from our own origin, shown by the
// Origin header or, failing that, Sec-Fetch-Site: same-origin. Requests without cookies cannot ride a session.
// A route marked `config: { csrf: false }` opts out: only RFC 8058 one-click unsubscribe, whose signed URL is the
// proof and which mail providers POST from their own servers.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: check even a GET; false: never check (a signed URL that is its own proof). */
    csrf?: boolean
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: string[]) {
  const allowed = new Set(trustedOrigins.map((origin) => new URL(origin).origin))
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/auth/')) return // Better Auth checks origins itself
    if (request.routeOptions.config?.csrf === false) return
    const needsCheck = !SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === true
    if (!needsCheck || !request.headers.cookie) return
    if (!isSameOrigin(request, allowed)) {
      throw new HttpError(
        403,
        'csrf_failed',
        'This request did not come from this site. Reload the page and try again.',
      )
    }
  })
}

function isSameOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin
  if (origin && origin !== 'null') return allowed.has(origin) || origin === hostOrigin(request)
  const referer = request.headers.referer
  if (referer) {
    try {
      const refererOrigin = new URL(referer).origin
      return allowed.has(refererOrigin) || refererOrigin === hostOrigin(request)
    } catch {
      return false
    }
  }
  return request.headers['sec-fetch-site'] === 'same-origin'
}

function hostOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

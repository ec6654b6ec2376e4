// What a request with an API token may do, checked for every route before it runs (docs/decisions/049-api-tokens.md):
// the token must be valid (401: unknown, expired or revoked), counts in its own rate limit (429), is never admitted
// to admin or moderation routes (403) and, when read-only, to a write (403: any unsafe method, or a GET marked as a
// write with `config: { csrf: true }`, or one that starts work, `config: { isWriteForApiTokens: true }`: the scan of
// GET /api/v1/analyze, decision 078). Better Auth's routes (/api/auth/*) never see a token (auth-guard.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_TOKEN_ADMIN, API_TOKEN_RATE_LIMITED, API_TOKEN_READ_ONLY } from '#contracts/api-tokens.ts'
import { apiTokenOf } from './auth-guard.ts'
import { isWriteRequest } from './csrf.ts'
import { forbidden, tooManyRequests } from './errors.ts'
import { countRateLimitHit } from './rate-limit.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: a GET that a read-only token may not make, since it starts work and fetches for its caller (the scan of
     * GET /api/v1/analyze), without being a write a cookie's CSRF check must guard (decision 078).
     */
    isWriteForApiTokens?: boolean
  }
}

/** spec: token requests carry their own rate limit; 300 a minute is 5 a second sustained, per token. */
export const API_TOKEN_RATE_LIMIT = { max: 300, windowMs: 60_000 }

/** Admin and moderation routes: refused to tokens here as a whole; requireAdmin and requireModerator refuse too. */
const ADMIN_PREFIXES = ['/api/v1/admin/', '/api/v1/moderation/']

const isAdminRoute = (request: FastifyRequest) => {
  const path = request.routeOptions.url ?? request.url
  return ADMIN_PREFIXES.some((prefix) => path.startsWith(prefix))
}

export function registerApiTokenRules(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (apiTokenOf(request) === null) return
    const user = await request.sessionUser() // throws the 401 of a bad token
    if (!user?.apiToken) return
    if (app.config.rateLimitEnabled) {
      const { hits, msLeft } = await countRateLimitHit(
        app.db,
        `api-token:${user.apiToken.id}`,
        API_TOKEN_RATE_LIMIT.windowMs,
      )
      reply.header('x-ratelimit-limit', API_TOKEN_RATE_LIMIT.max)
      reply.header('x-ratelimit-remaining', Math.max(0, API_TOKEN_RATE_LIMIT.max - hits))
      reply.header('x-ratelimit-reset', Math.ceil(msLeft / 1000))
      if (hits > API_TOKEN_RATE_LIMIT.max) {
        reply.header('retry-after', Math.ceil(msLeft / 1000))
        throw tooManyRequests(API_TOKEN_RATE_LIMITED)
      }
    }
    const isWrite = isWriteRequest(request) || request.routeOptions.config?.isWriteForApiTokens === true
    if (user.apiToken.scope === 'read' && isWrite) throw forbidden(API_TOKEN_READ_ONLY)
    if (isAdminRoute(request)) throw forbidden(API_TOKEN_ADMIN)
  })
}

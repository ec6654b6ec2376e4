// Mounts Better Auth under /api/auth/* (its documented Fastify handler). Sign-in, sign-up and password reset get
// their own routes so that only they carry the per-address rate limit; password sign-ins also count their failures
// per account and per address (sign-in-lockout.ts, decision 035).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SIGN_UP_REFUSALS } from '#contracts/auth.ts'
import type { ErrorEnvelope } from '#contracts/errors.ts'
import { LEAVES_PUBLIC_CONTENT } from '../http/content-changes.ts'
import { wrongOriginMessage } from '../http/csrf.ts'
import { notFound, tooManyRequests } from '../http/errors.ts'
import { forwardAuditedAdminCall } from '../modules/audit/admin-plugin-audit.ts'
import { signal } from '../modules/notifications/notify.ts'
import type { Auth } from './auth.ts'
import { authHeaders } from './auth-headers.ts'
import {
  countSignInAttempt,
  identifySignInAttempt,
  SIGN_IN_ACCOUNT_FIELDS,
  settleSignInAttempt,
} from './sign-in-lockout.ts'

const SIGN_UP_PREFIX = '/api/auth/sign-up/*'
const RATE_LIMITED_PREFIXES = ['/api/auth/sign-in/*', SIGN_UP_PREFIX, '/api/auth/request-password-reset']

export async function authRoutes(app: FastifyInstance, { auth, rateLimited }: { auth: Auth; rateLimited: boolean }) {
  const forward = (request: FastifyRequest, reply: FastifyReply, beforeSend?: (status: number) => Promise<void>) =>
    forwardToBetterAuth(auth, app.config.baseUrl, request, reply, beforeSend)
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // the sign-ins that check a password (GitHub's, sign-in/social, checks none here)
    const by = SIGN_IN_ACCOUNT_FIELDS[(request.url.split('?')[0] ?? '') as keyof typeof SIGN_IN_ACCOUNT_FIELDS]
    if (!rateLimited || !by) return forward(request, reply)
    const attempt = await identifySignInAttempt(app.db, by, request.body, request.ip)
    if (!attempt) return forward(request, reply)
    const refusal = await countSignInAttempt(app.db, attempt)
    if (refusal) {
      reply.header('retry-after', String(refusal.retryAfterSeconds))
      throw tooManyRequests(refusal.message)
    }
    const answer = await forward(request, reply)
    await settleSignInAttempt(app.db, attempt, reply.statusCode)
    return answer
  }
  // signing in is what the private mode's wall asks for (server/http/private-mode.ts)
  const open = { openInPrivateMode: true }
  const limit = rateLimited ? { ...open, rateLimit: { max: 10, timeWindow: '1 minute' } } : open
  for (const url of RATE_LIMITED_PREFIXES) {
    // a sign-in or a reset link changes nothing a visitor reads; a sign-up adds a profile
    const config = url === SIGN_UP_PREFIX ? limit : { ...limit, ...LEAVES_PUBLIC_CONTENT }
    app.route({ method: ['POST'], url, schema: { hide: true }, config, handler })
  }
  // Signing out closes the user's open notification streams whose session it ended, on every instance (decision 010).
  app.route({
    method: ['POST'],
    url: '/api/auth/sign-out',
    schema: { hide: true },
    config: { ...open, ...LEAVES_PUBLIC_CONTENT },
    handler: async (request, reply) => {
      const user = await request.sessionUser()
      const answer = await forward(request, reply)
      if (user && reply.statusCode < 400) await signal(app.db, { recipient_id: user.id, sessions: true })
      return answer
    },
  })
  // The admin plugin's writes (roles, bans, removals, impersonation) go to the audit log once they succeed (decision 050).
  app.route({
    method: ['POST'],
    url: '/api/auth/admin/*',
    schema: { hide: true },
    handler: (request, reply) =>
      forwardAuditedAdminCall(app.db, request, (beforeSend) => forward(request, reply, beforeSend)),
  })
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, config: open, handler: forward })
}

/** `beforeSend` runs once Better Auth has answered, before the answer is sent (the audit log's record, decision 050). */
async function forwardToBetterAuth(
  auth: Auth,
  baseUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  beforeSend?: (status: number) => Promise<void>,
) {
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  // Fastify routed the path as sent, Better Auth routes it as a URL reads it: /api/auth/./sign-in/email (or %2e, ..,
  // a backslash) reached the password check through the catch-all route, past the rate limit and the lockout
  if (url.pathname !== request.url.split('?')[0]) throw notFound()
  const headers = authHeaders(request)
  const init: RequestInit = { method: request.method, headers }
  if (request.method !== 'GET') {
    // Better Auth reads JSON only: whatever arrived (nothing, text, multipart) is forwarded as a JSON object, and
    // the original length no longer applies.
    const body = request.body
    init.body = JSON.stringify(body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {})
    headers.set('content-type', 'application/json')
    headers.delete('content-length')
    headers.delete('transfer-encoding')
  }
  const response = await auth.handler(new Request(url, init))
  if (beforeSend) await beforeSend(response.status)
  reply.status(response.status)
  const isError = response.status >= 400
  for (const [key, value] of response.headers) {
    const name = key.toLowerCase()
    // an error becomes the JSON envelope, whatever type and length Better Auth's answer had ('Not Found' as text)
    if (name === 'set-cookie' || (isError && (name === 'content-type' || name === 'content-length'))) continue
    reply.header(key, value)
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  const text = await response.text()
  if (isError) return reply.type('application/json').send(toEnvelope(response.status, text, baseUrl))
  return reply.send(text.length > 0 ? text : null)
}

/** Better Auth error codes that belong to one input (others, like INVALID_EMAIL_OR_PASSWORD, are form-level). */
const FIELD_OF_CODE: Record<string, string> = {
  USERNAME_IS_ALREADY_TAKEN: 'username',
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: 'username',
  INVALID_USERNAME: 'username',
  USERNAME_TOO_SHORT: 'username',
  USERNAME_TOO_LONG: 'username',
  INVALID_EMAIL: 'email',
  USER_ALREADY_EXISTS: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  [SIGN_UP_REFUSALS.domain]: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
}

/** Better Auth answers {code, message}; the rest of the API answers the one envelope, so convert. */
function toEnvelope(status: number, text: string, baseUrl: string): ErrorEnvelope {
  let body: { code?: string; message?: string } = {}
  try {
    body = JSON.parse(text)
  } catch {}
  // the page was opened at an address Better Auth does not accept: the same answer as our CSRF check (csrf.ts)
  if (body.code === 'INVALID_ORIGIN') {
    return { error: { code: 'csrf_failed', message: wrongOriginMessage(baseUrl), error_msg: body.code } }
  }
  const code =
    status === 401
      ? 'unauthorized'
      : status === 404
        ? 'not_found'
        : status === 403
          ? 'forbidden'
          : status === 429
            ? 'rate_limited'
            : status === 400 || status === 422
              ? 'validation_failed'
              : 'auth_failed'
  const message = body.message || 'Authentication failed.'
  const field = body.code ? FIELD_OF_CODE[body.code] : undefined
  const fields = field ? { [field]: [message] } : undefined
  return { error: { code, message, ...(fields ? { fields } : {}), ...(body.code ? { error_msg: body.code } : {}) } }
}

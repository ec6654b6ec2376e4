// Who is asking: the session behind the request's cookie, resolved once per request; and the one rule that an
// account whose e-mail address is not verified can read but not act (decision 052).

import type { FastifyInstance, FastifyRequest } from 'fastify'
import { EMAIL_UNVERIFIED, unverifiedMessage } from '#contracts/email-verification.ts'
import type { Auth } from '../auth/auth.ts'
import { authHeaders } from '../auth/auth-headers.ts'
import { forbidden, HttpError, unauthorized } from './errors.ts'

export type Role = 'user' | 'moderator' | 'admin'

export interface SessionUser {
  id: number
  username: string
  name: string
  email: string
  image: string | null
  role: Role
  /** True when an admin is acting as this user (admin plugin impersonation). */
  impersonated: boolean
  /** The address was proved by an e-mailed link, GitHub or the OpenID provider; until then the account cannot act. */
  emailVerified: boolean
  /** The role's powers need a verified address too (an unverified admin would read the outbox, links and all). */
  isAdmin: boolean
  isModerator: boolean
  /** The session behind the cookie: settings sign out the others and ask for a recent sign-in. */
  sessionId: number
  sessionCreatedAt: Date
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: an account whose address is not verified may call this write (verify, resend, change the address, delete
     * the account); every other write refuses it (registerUnverifiedWriteGuard). */
    allowUnverified?: boolean
  }
  interface FastifyRequest {
    /** The signed-in user or null; memoized per request. */
    sessionUser(): Promise<SessionUser | null>
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()

export function registerSessionResolver(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let pending = cache.get(this)
    if (!pending) {
      pending = resolveSessionUser(auth, this)
      cache.set(this, pending)
    }
    return pending
  })
}

/** A request carrying a session cookie (it may still be expired or forged: getSession decides). */
export const hasSessionCookie = (request: FastifyRequest) => request.headers.cookie?.includes('session_token') ?? false

async function resolveSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  if (!hasSessionCookie(request)) return null
  const result = await auth.api.getSession({ headers: authHeaders(request) })
  if (!result) return null
  const user = result.user as typeof result.user & { username?: string | null; role?: string | null }
  const role = (['admin', 'moderator'].includes(user.role ?? '') ? user.role : 'user') as Role
  const emailVerified = Boolean(user.emailVerified)
  return {
    id: Number(user.id),
    username: user.username ?? '',
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role,
    impersonated: Boolean((result.session as { impersonatedBy?: unknown }).impersonatedBy),
    emailVerified,
    isAdmin: emailVerified && role === 'admin',
    isModerator: emailVerified && (role === 'moderator' || role === 'admin'),
    sessionId: Number(result.session.id),
    sessionCreatedAt: new Date(result.session.createdAt),
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The refusal of an unverified account's write (and, in private mode, of its reads). */
export const unverifiedRefusal = (user: Pick<SessionUser, 'email'>) =>
  new HttpError(403, 'forbidden', unverifiedMessage(user.email), { errorMsg: EMAIL_UNVERIFIED })

/**
 * Spec (issue 17): an unverified account cannot act. Every write (an unsafe method, under /api/v1 or at the spec's
 * paths outside it such as /users/delete) by a signed-in user whose address is not verified answers 403, here rather
 * than route by route, so a new route cannot forget it; the few a person needs to get out of that state say
 * `config: { allowUnverified: true }`. Sign-out is Better Auth's (/api/auth/*), outside this rule but for its admin
 * endpoints. Signed-out
 * requests pass: the route's own guard answers them.
 */
export function registerUnverifiedWriteGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    // a GET that writes (csrf: true, such as /api/v1/follows/toggle) is a write; a signed URL that is its own proof
    // (csrf: false, the digest's one-click unsubscribe) is not the session's act
    const isWrite = !SAFE_METHODS.has(request.method) || config?.csrf === true
    // Better Auth's admin endpoints (impersonation, roles, bans) check the role alone: an unverified holder of an
    // admin role gets none of them, reads included (stopping an impersonation of an unverified user is the admin's)
    if (request.url.startsWith('/api/auth/admin/') && !request.url.startsWith('/api/auth/admin/stop-impersonating')) {
      const user = await request.sessionUser()
      if (user && !user.emailVerified) throw unverifiedRefusal(user)
      return
    }
    if (!isWrite || config?.csrf === false || config?.allowUnverified || request.url.startsWith('/api/auth/')) return
    const user = await request.sessionUser()
    if (user && !user.emailVerified) throw unverifiedRefusal(user)
  })
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser()
  if (!user) throw unauthorized()
  return user
}

/** For writes an admin acting as someone else must not make (spec: impersonated users are refused). */
export async function requireRealUser(request: FastifyRequest, message: string): Promise<SessionUser> {
  const user = await requireUser(request)
  if (user.impersonated) throw forbidden(message)
  return user
}

export async function requireModerator(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request)
  if (!user.isModerator) throw forbidden('Only moderators can do that.')
  return user
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request)
  if (!user.isAdmin) throw forbidden('Only admins can do that.')
  return user
}

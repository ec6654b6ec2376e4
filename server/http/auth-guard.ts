// Who is asking: the session behind the request's cookie, or the personal API token of an `Authorization: Bearer`
// header (docs/decisions/049-api-tokens.md), resolved once per request; and the one rule that an account whose e-mail
// address is not verified can read but not act (decision 052).

import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  API_TOKEN_ADMIN,
  API_TOKEN_EXPIRED,
  API_TOKEN_INVALID,
  API_TOKEN_NEEDS_SESSION,
  API_TOKEN_REVOKED,
  type ApiTokenScope,
} from '#contracts/api-tokens.ts'
import { EMAIL_UNVERIFIED, unverifiedMessage } from '#contracts/email-verification.ts'
import type { Auth } from '../auth/auth.ts'
import { authHeaders } from '../auth/auth-headers.ts'
import type { Db } from '../db/client.ts'
import { bearerTokenOf, hashApiTokenSecret } from '../modules/api-tokens/api-token-secret.ts'
import { findApiTokenByHash, LAST_USE_EVERY_MS, recordApiTokenUse } from '../modules/api-tokens/api-tokens.queries.ts'
import { forbidden, HttpError, unauthorized } from './errors.ts'
import { METRICS_PATH } from './metrics.ts'

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
  /** The admin acting as this user, when impersonated (the audit log records who really acted, decision 050). */
  impersonatedBy: number | null
  /** The address was proved by an e-mailed link, GitHub or the OpenID provider; until then the account cannot act. */
  emailVerified: boolean
  /** The role's powers need a verified address too (an unverified admin would read the outbox, links and all). */
  isAdmin: boolean
  isModerator: boolean
  /**
   * How the request proved who it is: null for the session cookie, the token (its id and scope) for an
   * `Authorization: Bearer` API token. A 'read' token is refused on every write before any route runs.
   */
  apiToken: { id: number; scope: ApiTokenScope } | null
  /**
   * The session behind the cookie (settings sign out the others and ask for a recent sign-in); null for an API
   * token. Routes that need it take the user from requireSessionUser.
   */
  sessionId: number | null
  sessionCreatedAt: Date | null
}

/** A user signed in through the site with a cookie (not an API token). */
export type CookieSessionUser = SessionUser & { apiToken: null; sessionId: number; sessionCreatedAt: Date }

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
      const token = apiTokenOf(this)
      pending = token === null ? resolveSessionUser(auth, this) : resolveApiTokenUser(app.db, token, this.ip)
      cache.set(this, pending)
    }
    return pending
  })
}

/** A request carrying a session cookie (it may still be expired or forged: getSession decides). */
export const hasSessionCookie = (request: FastifyRequest) => request.headers.cookie?.includes('session_token') ?? false

/**
 * The API token a request carries: any `Authorization: Bearer` header outside /api/auth/* (Better Auth's own routes,
 * which know only cookies). A request that carries one is judged by it alone: its cookies are ignored, so a bad token
 * is a 401 even beside a valid cookie, and no CSRF check applies (csrf.ts; decision 049).
 */
export function apiTokenOf(request: FastifyRequest): string | null {
  // /metrics' Bearer is the scraper's METRICS_TOKEN, which that route checks itself (metrics.ts)
  if (request.url.startsWith('/api/auth/') || request.routeOptions.url === METRICS_PATH) return null
  return bearerTokenOf(request.headers.authorization)
}

/** A request that may come from a signed-in user: a session cookie or an API token. */
export const hasCredentials = (request: FastifyRequest) => hasSessionCookie(request) || apiTokenOf(request) !== null

async function resolveApiTokenUser(db: Db, secret: string, address: string): Promise<SessionUser> {
  const found = secret ? await findApiTokenByHash(db, hashApiTokenSecret(secret)) : null
  if (!found || found.user.isBanned) throw unauthorized(API_TOKEN_INVALID)
  const { token, user } = found
  if (token.revokedAt) throw unauthorized(API_TOKEN_REVOKED)
  if (token.isExpired) throw unauthorized(API_TOKEN_EXPIRED)
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    await recordApiTokenUse(db, token.id, address)
  }
  const role = asRole(user.role)
  return {
    id: user.id,
    username: user.username ?? '',
    name: user.name,
    email: user.email,
    image: user.image,
    role,
    impersonated: false,
    impersonatedBy: null,
    emailVerified: user.emailVerified,
    // moderation and administration are done at the site, by a person (decision 049): a token, read or write, sees
    // and does what its owner may as a member, never the moderators' views of unapproved tools (decision 078)
    isAdmin: false,
    isModerator: false,
    apiToken: { id: token.id, scope: token.scope === 'write' ? 'write' : 'read' },
    sessionId: null,
    sessionCreatedAt: null,
  }
}

const asRole = (role: string | null | undefined): Role => (role === 'admin' || role === 'moderator' ? role : 'user')

async function resolveSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  if (!hasSessionCookie(request)) return null
  const result = await auth.api.getSession({ headers: authHeaders(request) })
  if (!result) return null
  const user = result.user as typeof result.user & { username?: string | null; role?: string | null }
  const role = asRole(user.role)
  const impersonator = (result.session as { impersonatedBy?: unknown }).impersonatedBy
  const impersonatedBy = impersonator ? Number(impersonator) : null
  const emailVerified = Boolean(user.emailVerified)
  return {
    id: Number(user.id),
    username: user.username ?? '',
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role,
    impersonated: impersonatedBy !== null,
    impersonatedBy,
    emailVerified,
    isAdmin: emailVerified && role === 'admin',
    isModerator: emailVerified && (role === 'moderator' || role === 'admin'),
    apiToken: null,
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

/**
 * For what only the person at the site may do, never a script: account security (e-mail, password, deletion) and
 * the API tokens themselves. Refuses API tokens, and an admin acting as someone else with `impersonatedMessage`.
 */
export async function requireSessionUser(
  request: FastifyRequest,
  impersonatedMessage: string,
): Promise<CookieSessionUser> {
  const user = await requireUser(request)
  if (user.apiToken || user.sessionId === null || user.sessionCreatedAt === null) {
    throw forbidden(API_TOKEN_NEEDS_SESSION)
  }
  if (user.impersonated) throw forbidden(impersonatedMessage)
  return { ...user, apiToken: null, sessionId: user.sessionId, sessionCreatedAt: user.sessionCreatedAt }
}

/** Admin and moderation work is done at the site, by a person: an API token never does it, whoever holds it. */
export function refuseApiTokenForAdmin(user: SessionUser) {
  if (user.apiToken) throw forbidden(API_TOKEN_ADMIN)
}

export async function requireModerator(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request)
  refuseApiTokenForAdmin(user)
  if (!user.isModerator) throw forbidden('Only moderators can do that.')
  return user
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request)
  refuseApiTokenForAdmin(user)
  if (!user.isAdmin) throw forbidden('Only admins can do that.')
  return user
}

// Who is asking: the session behind the request's cookie, or the personal API token of an `Authorization: Bearer`
// header (docs/decisions/049-api-tokens.md), resolved once per request.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  API_TOKEN_ADMIN,
  API_TOKEN_EXPIRED,
  API_TOKEN_INVALID,
  API_TOKEN_NEEDS_SESSION,
  API_TOKEN_REVOKED,
  type ApiTokenScope,
} from '#contracts/api-tokens.ts'
import type { Auth } from '../auth/auth.ts'
import { authHeaders } from '../auth/auth-headers.ts'
import type { Db } from '../db/client.ts'
import { bearerTokenOf, hashApiTokenSecret } from '../modules/api-tokens/api-token-secret.ts'
import { findApiTokenByHash, LAST_USE_EVERY_MS, recordApiTokenUse } from '../modules/api-tokens/api-tokens.queries.ts'
import { forbidden, unauthorized } from './errors.ts'

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
  if (request.url.startsWith('/api/auth/')) return null
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
    isAdmin: role === 'admin',
    isModerator: role === 'moderator' || role === 'admin',
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
  return {
    id: Number(user.id),
    username: user.username ?? '',
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role,
    impersonated: impersonatedBy !== null,
    impersonatedBy,
    isAdmin: role === 'admin',
    isModerator: role === 'moderator' || role === 'admin',
    apiToken: null,
    sessionId: Number(result.session.id),
    sessionCreatedAt: new Date(result.session.createdAt),
  }
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

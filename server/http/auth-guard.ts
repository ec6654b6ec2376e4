// Who is asking: the session behind the request's cookie, resolved once per request.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Auth } from '../auth/auth.ts'
import { authHeaders } from '../auth/auth-headers.ts'
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
  /** The session behind the cookie: settings sign out the others and ask for a recent sign-in. */
  sessionId: number
  sessionCreatedAt: Date
}

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

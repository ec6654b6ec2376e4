// Who may moderate: moderators and admins acting as themselves. An admin impersonating a moderator is refused, so
// the log's "who" is always the person who acted (docs/decisions/019-soft-approval-and-moderation.md).
import type { FastifyRequest } from 'fastify'
import { requireAdmin, requireModerator, type SessionUser } from '../../http/auth-guard.ts'
import { forbidden } from '../../http/errors.ts'

export const IMPERSONATED_MODERATION = 'Impersonated users are not allowed to moderate'

export async function requireActingModerator(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireModerator(request)
  if (user.impersonated) throw forbidden(IMPERSONATED_MODERATION)
  return user
}

export async function requireLogReader(request: FastifyRequest): Promise<SessionUser> {
  return requireAdmin(request)
}

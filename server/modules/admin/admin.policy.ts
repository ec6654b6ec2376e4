import type { Role } from '#contracts/admin.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { forbidden } from '../../http/errors.ts'

/** An admin cannot demote themselves: the site must never be left without the admin who was using it. */
export function assertCanChangeRole(actor: SessionUser, target: { id: number }, role: Role) {
  if (actor.id === target.id && role !== 'admin') throw forbidden('You cannot remove your own admin role.')
}

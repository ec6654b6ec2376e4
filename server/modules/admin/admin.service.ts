// The admin area's writes: each runs in one transaction with its audit event (decision 050).
import type { Role } from '#contracts/admin.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import { findUserForAdmin, setUserRole } from './admin.queries.ts'

/** Sets a user's role; a change (not a repeat of the role they have) is recorded with the roles before and after. */
export async function changeUserRole(db: Db, audit: AuditContext, userId: number, role: Role) {
  return db.transaction(async (tx) => {
    const target = await findUserForAdmin(tx, userId, { forUpdate: true })
    if (!target) throw notFound('No user with that id.')
    const updated = await setUserRole(tx, target.id, role)
    if (target.role !== role) {
      await recordAudit(tx, audit, {
        action: 'user.role_changed',
        subjectType: 'user',
        subjectId: target.id,
        subjectLabel: target.username ?? target.email,
        details: { before: { role: target.role }, after: { role } },
      })
    }
    return updated
  })
}

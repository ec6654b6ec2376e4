// Makes an existing user an admin by e-mail address: the first admin of an installation
// (`npm run admin:create -- <email>`, docs/decisions/007-admin-bootstrap.md). The operator at the console vouches for
// the address, so it is verified too (decision 052: a site without SMTP_URL gets its first admin this way), and what
// the proved address grants follows (decision 074). The change is in the audit log, by the operator.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { recordAudit, SYSTEM_AUDIT } from '../audit/audit.service.ts'

export type MakeAdminResult =
  /** promoted: the role is new; verified: it was an admin already, but its address was not proved until now */
  { outcome: 'promoted' | 'verified' | 'already-admin'; username: string; email: string } | { outcome: 'no-such-user' }

export async function makeAdminByEmail(db: Db, email: string): Promise<MakeAdminResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .for('update')
    if (!user) return { outcome: 'no-such-user' as const }
    const found = { username: user.username ?? '', email: user.email }
    if (user.role === 'admin' && user.emailVerified) return { outcome: 'already-admin' as const, ...found }
    await tx
      .update(users)
      .set({ role: 'admin', emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, user.id))
    await recordAudit(tx, SYSTEM_AUDIT, {
      action: 'user.role_changed',
      subjectType: 'user',
      subjectId: user.id,
      subjectLabel: found.username || found.email,
      details: {
        before: { role: user.role, email_verified: user.emailVerified },
        after: { role: 'admin', email_verified: true },
        reason: 'admin:create',
      },
    })
    return { outcome: user.role === 'admin' ? ('verified' as const) : ('promoted' as const), ...found }
  })
}

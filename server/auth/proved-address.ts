// An address grants nothing until it is proved (issue 31, docs/decisions/074-an-address-grants-nothing-until-proved.md).
// What an address may bring an account (the ADMIN_EMAILS role, the site invitation to that address) is given here,
// once the account holds the address verified, and nowhere else: when a mailed link is followed, when a provider that
// vouches for the address makes or joins the account, when a password-reset link is followed, when an invitation's
// link makes the account. Until then an account holds the rights every unproved account holds, and changing its
// address moves nothing with it.
import { eq } from 'drizzle-orm'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import { recordAudit, SYSTEM_AUDIT } from '../modules/audit/audit.service.ts'
import { acceptSiteInvitation } from './invite-rule.ts'

export type ProvedAddressConfig = Pick<AppConfig, 'adminEmails'>

/**
 * Gives what the account's verified address grants, if it is verified (idempotent: an address proved twice grants
 * once). ADMIN_EMAILS: the role admin, recorded in the audit log; a site invitation to the address: used up by it.
 */
export async function grantProvedAddress(db: Db, config: ProvedAddressConfig, userId: number): Promise<void> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      username: users.username,
      verified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user?.verified) return
  const address = user.email.toLowerCase()
  await acceptSiteInvitation(db, address, user.id)
  if (user.role === 'admin' || !(config.adminEmails ?? []).includes(address)) return
  await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id))
  await recordAudit(db, SYSTEM_AUDIT, {
    action: 'user.role_changed',
    subjectType: 'user',
    subjectId: user.id,
    subjectLabel: user.username ?? address,
    details: {
      before: { role: user.role ?? 'user' },
      after: { role: 'admin' },
      reason: 'ADMIN_EMAILS',
      email: address,
    },
  })
}

/** The account's current address is proved (a link to it was followed): verified, with what it grants. */
export async function proveAddress(db: Db, config: ProvedAddressConfig, userId: number): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId))
  await grantProvedAddress(db, config, userId)
}

// The SQL of site invitations (server/db/schema/identity.ts). Finding the open one for an address is the invite rule's
// (server/auth/invite-rule.ts).
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { siteInvitations, users } from '../../db/schema/index.ts'

/** Pending invitations (neither accepted, revoked nor expired), oldest first, with who sent them. */
export async function listPendingSiteInvitations(db: Db, limit: number) {
  return db
    .select({
      id: siteInvitations.id,
      email: siteInvitations.email,
      sentAt: siteInvitations.sentAt,
      expiresAt: siteInvitations.expiresAt,
      invitedBy: users.username,
    })
    .from(siteInvitations)
    .leftJoin(users, eq(users.id, siteInvitations.invitedById))
    .where(
      and(
        isNull(siteInvitations.acceptedAt),
        isNull(siteInvitations.revokedAt),
        gt(siteInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(siteInvitations.sentAt), asc(siteInvitations.id))
    .limit(limit)
}

/** The invitation still open (neither accepted nor revoked, expired or not) for an address, locked. */
export async function lockOpenSiteInvitation(tx: Db, email: string) {
  const [row] = await tx
    .select()
    .from(siteInvitations)
    .where(and(eq(siteInvitations.email, email), isNull(siteInvitations.acceptedAt), isNull(siteInvitations.revokedAt)))
    .for('update')
  return row ?? null
}

export async function findSiteInvitation(db: Db, id: number) {
  const [row] = await db.select().from(siteInvitations).where(eq(siteInvitations.id, id))
  return row ?? null
}

export async function hasAccountWithEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  return Boolean(row)
}

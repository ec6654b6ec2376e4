// The SQL of e-mail verification links (server/db/schema/identity.ts).
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { emailVerifications } from '../../db/schema/index.ts'

export type EmailVerificationRow = typeof emailVerifications.$inferSelect
export type VerificationPurpose = EmailVerificationRow['purpose']

export async function insertEmailVerification(db: Db, values: typeof emailVerifications.$inferInsert) {
  const [row] = await db.insert(emailVerifications).values(values).returning()
  return row!
}

/** A newer link replaces the older ones of the same user and purpose (only the latest e-mail works). */
export async function deleteOpenEmailVerifications(db: Db, userId: number, purpose: VerificationPurpose) {
  await db
    .delete(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.purpose, purpose),
        isNull(emailVerifications.usedAt),
      ),
    )
}

/** The row a link names, locked for the rest of the transaction (two clicks at once: one wins). */
export async function lockEmailVerification(tx: Db, id: number): Promise<EmailVerificationRow | null> {
  const [row] = await tx.select().from(emailVerifications).where(eq(emailVerifications.id, id)).for('update')
  return row ?? null
}

export async function markEmailVerificationUsed(db: Db, id: number) {
  await db.update(emailVerifications).set({ usedAt: new Date() }).where(eq(emailVerifications.id, id))
}

/** The newest link of a purpose still waiting to be followed (its address and when it was sent), or null. */
export async function findOpenEmailVerification(db: Db, userId: number, purpose: VerificationPurpose) {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.purpose, purpose),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailVerifications.sentAt))
    .limit(1)
  return row ?? null
}

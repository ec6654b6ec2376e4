// The points ledger (docs/decisions/018-pros-and-cons-and-points.md): every change to a user's points is a
// point_event row written in the same transaction as the change that earns it, and user.popularity (the spec's
// points) moves with it, so it always equals the sum of the user's rows and recomputePoints can rebuild it.
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { POINTS } from '#contracts/reasons.ts'
import type { Db } from '../../db/client.ts'
import { type PointKind, pointEvents, reasons, reasonVotes, users } from '../../db/schema/index.ts'

export interface PointEntry {
  userId: number
  amount: number
  kind: PointKind
  reasonId?: number | null
  actorId?: number | null
}

/** Writes the entries (those of 0 points are skipped) and moves each user's total by their sum. */
export async function addPoints(tx: Db, entries: PointEntry[]) {
  const rows = entries.filter((entry) => entry.amount !== 0)
  if (rows.length === 0) return
  await tx.insert(pointEvents).values(
    rows.map((entry) => ({
      userId: entry.userId,
      amount: entry.amount,
      kind: entry.kind,
      reasonId: entry.reasonId ?? null,
      actorId: entry.actorId ?? null,
    })),
  )
  const byUser = new Map<number, number>()
  for (const entry of rows) byUser.set(entry.userId, (byUser.get(entry.userId) ?? 0) + entry.amount)
  // In id order, so two transactions touching the same users lock them in the same order.
  for (const [userId, amount] of [...byUser].sort(([a], [b]) => a - b)) {
    if (amount === 0) continue
    await tx
      .update(users)
      .set({ popularity: sql`${users.popularity} + ${amount}` })
      .where(eq(users.id, userId))
  }
}

/** What a user's ledger holds for one reason (what deleting it takes back). */
export async function pointsForReason(tx: Db, userId: number, reasonId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${pointEvents.amount}), 0)::int` })
    .from(pointEvents)
    .where(and(eq(pointEvents.userId, userId), eq(pointEvents.reasonId, reasonId)))
  return row?.total ?? 0
}

export async function pointsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ popularity: users.popularity }).from(users).where(eq(users.id, userId))
  return row?.popularity ?? 0
}

/** Rebuilds user.popularity from the ledger (every user, or those given); answers how many totals were wrong. */
export async function recomputePoints(db: Db, userIds?: number[]): Promise<number> {
  const ledgerSum = sql`coalesce((select sum(${pointEvents.amount}) from ${pointEvents} where ${pointEvents.userId} = ${users.id}), 0)::int`
  const differs = sql`${users.popularity} <> ${ledgerSum}`
  const fixed = await db
    .update(users)
    .set({ popularity: ledgerSum })
    .where(userIds ? and(inArray(users.id, userIds), differs) : differs)
    .returning({ id: users.id })
  return fixed.length
}

/** Before a voter's votes go (their account is deleted), the authors lose what those up-votes earned them. */
export async function withdrawUpvotePointsBy(tx: Db, voterId: number) {
  const upvoted = await tx
    .select({ reasonId: reasons.id, authorId: reasons.userId })
    .from(reasonVotes)
    .innerJoin(reasons, eq(reasons.id, reasonVotes.reasonId))
    .where(
      and(
        eq(reasonVotes.userId, voterId),
        eq(reasonVotes.value, 1),
        isNotNull(reasons.userId),
        ne(reasons.userId, voterId),
      ),
    )
  await addPoints(
    tx,
    upvoted.map((row) => ({
      userId: row.authorId!,
      amount: -POINTS.upvoteReceived,
      kind: 'reason_upvote_withdrawn' as const,
      reasonId: row.reasonId,
      actorId: voterId,
    })),
  )
}

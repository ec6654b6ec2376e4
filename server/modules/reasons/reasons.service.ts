// Reasons and their votes. One vote per user per reason (1 or -1). reason.votes_total is the sum of its votes and
// tool.votes_count the sum over the tool's reasons (it feeds tool.popularity); both move with the vote in one
// transaction, together with the author's points (./points.ts, docs/decisions/018-pros-and-cons-and-points.md).
import { and, eq, sql } from 'drizzle-orm'
import { POINTS, REASON_DELETE_MAX_VOTES, REASON_NOT_AUTHOR, REASON_TOO_MANY_VOTES } from '#contracts/reasons.ts'
import type { Db } from '../../db/client.ts'
import { reasons, reasonVotes, tools } from '../../db/schema/index.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { addPoints, type PointEntry, pointsForReason, pointsOf } from './points.ts'
import { forgetReasonNotifications, notifyReasonUpvoted, withdrawReasonUpvote } from './reasons.notifications.ts'

export type ReasonRow = typeof reasons.$inferSelect
type VoteValue = -1 | 0 | 1

/**
 * Sets the user's vote on a reason to what `decide` answers from the vote they have now (0: none), under a lock
 * on the reason so concurrent votes on it queue and each sees the vote the previous one left.
 */
async function setReasonVote(
  db: Db,
  input: { reasonId: number; userId: number; decide: (current: VoteValue) => VoteValue },
) {
  return db.transaction(async (tx) => {
    const [reason] = await tx.select().from(reasons).where(eq(reasons.id, input.reasonId)).for('update')
    if (!reason) throw notFound()
    const key = and(eq(reasonVotes.reasonId, reason.id), eq(reasonVotes.userId, input.userId))
    const [existing] = await tx.select({ value: reasonVotes.value }).from(reasonVotes).where(key)
    const current = (existing?.value ?? 0) as VoteValue
    const next = input.decide(current)
    if (next === current) return { reason, userVote: current, changed: false }
    if (current === 0) {
      await tx.insert(reasonVotes).values({ reasonId: reason.id, userId: input.userId, value: next })
    } else if (next === 0) {
      await tx.delete(reasonVotes).where(key)
    } else {
      await tx.update(reasonVotes).set({ value: next, createdAt: new Date() }).where(key)
    }
    const delta = next - current
    const [updated] = await tx
      .update(reasons)
      .set({ votesTotal: sql`${reasons.votesTotal} + ${delta}` })
      .where(eq(reasons.id, reason.id))
      .returning()
    await tx
      .update(tools)
      .set({ votesCount: sql`${tools.votesCount} + ${delta}` })
      .where(eq(tools.id, reason.toolId))
    // The author earns a point while someone else's up-vote stands (their own votes earn nothing).
    if (reason.userId !== null && reason.userId !== input.userId) {
      const wasUp = current === 1
      const isUp = next === 1
      if (wasUp !== isUp) {
        await addPoints(tx, [
          {
            userId: reason.userId,
            amount: isUp ? POINTS.upvoteReceived : -POINTS.upvoteReceived,
            kind: isUp ? 'reason_upvoted' : 'reason_upvote_withdrawn',
            reasonId: reason.id,
            actorId: input.userId,
          },
        ])
      }
    }
    // An up-vote tells the author (the notifications module skips one's own votes); taking it back untells them.
    if (next === 1) await notifyReasonUpvoted(tx, input.userId, reason)
    else if (current === 1) await withdrawReasonUpvote(tx, input.userId, reason)
    return { reason: updated!, userVote: next, changed: true }
  })
}

/** The stack wizard's vote: 1 or -1; the same vote again takes it back, the other way switches it. */
export function toggleReasonVote(db: Db, input: { reasonId: number; userId: number; vote: 1 | -1 }) {
  return setReasonVote(db, {
    reasonId: input.reasonId,
    userId: input.userId,
    decide: (current) => (current === input.vote ? 0 : input.vote),
  })
}

/**
 * The Pros & Cons page's vote: true gives the user's up-vote (switching a down-vote), false takes an up-vote back
 * (a down-vote given in the stack wizard stays). Repeating a call changes nothing.
 */
export function setReasonUpvote(db: Db, input: { reasonId: number; userId: number; vote: boolean }) {
  return setReasonVote(db, {
    reasonId: input.reasonId,
    userId: input.userId,
    decide: (current) => (input.vote ? 1 : current === 1 ? 0 : current),
  })
}

export type CreateReasonResult = { status: 'created'; reason: ReasonRow; points: number } | { status: 'duplicate' }

/** Adds a pro or con (the text is unique per tool and type, ignoring case) and its author's point. */
export async function createReason(
  db: Db,
  input: { toolId: number; userId: number; text: string; isCon: boolean },
): Promise<CreateReasonResult> {
  return db.transaction(async (tx) => {
    const [reason] = await tx
      .insert(reasons)
      .values({ toolId: input.toolId, userId: input.userId, text: input.text, isCon: input.isCon })
      .onConflictDoNothing()
      .returning()
    if (!reason) return { status: 'duplicate' as const }
    const entry: PointEntry = {
      userId: input.userId,
      amount: POINTS.reasonCreated,
      kind: 'reason_created',
      reasonId: reason.id,
      actorId: input.userId,
    }
    await addPoints(tx, [entry])
    return { status: 'created' as const, reason, points: await pointsOf(tx, input.userId) }
  })
}

/**
 * Deletes a reason: only its author, and only while it has at most REASON_DELETE_MAX_VOTES votes (its votes total,
 * the number the page shows). Its votes leave the tool's count and what it earned leaves the author's points.
 */
export async function deleteReason(db: Db, input: { reasonId: number; userId: number }) {
  return db.transaction(async (tx) => {
    const [reason] = await tx.select().from(reasons).where(eq(reasons.id, input.reasonId)).for('update')
    if (!reason) throw notFound()
    if (reason.userId !== input.userId) throw forbidden(REASON_NOT_AUTHOR)
    if (reason.votesTotal > REASON_DELETE_MAX_VOTES) throw forbidden(REASON_TOO_MANY_VOTES)
    const earned = await pointsForReason(tx, input.userId, reason.id)
    await addPoints(tx, [
      { userId: input.userId, amount: -earned, kind: 'reason_deleted', reasonId: reason.id, actorId: input.userId },
    ])
    if (reason.votesTotal !== 0) {
      await tx
        .update(tools)
        .set({ votesCount: sql`${tools.votesCount} - ${reason.votesTotal}` })
        .where(eq(tools.id, reason.toolId))
    }
    await forgetReasonNotifications(tx, reason)
    await tx.delete(reasons).where(eq(reasons.id, reason.id))
    return { reason, points: await pointsOf(tx, input.userId) }
  })
}

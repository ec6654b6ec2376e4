// One vote per user per reason (1 or -1): voting again the same way takes the vote back, the other way switches it.
// reason.votes_total is the sum of its votes and tool.votes_count the sum over the tool's reasons (it feeds
// tool.popularity); both move with the vote in one transaction.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { reasons, reasonVotes, tools } from '../../db/schema/index.ts'
import { notFound } from '../../http/errors.ts'
import { notifyReasonUpvoted } from './reasons.notifications.ts'

export async function toggleReasonVote(db: Db, input: { reasonId: number; userId: number; vote: 1 | -1 }) {
  return db.transaction(async (tx) => {
    // Locking the reason orders concurrent votes on it, so each sees the vote the previous one left.
    const [reason] = await tx.select().from(reasons).where(eq(reasons.id, input.reasonId)).for('update')
    if (!reason) throw notFound()
    const key = and(eq(reasonVotes.reasonId, reason.id), eq(reasonVotes.userId, input.userId))
    const [existing] = await tx.select({ value: reasonVotes.value }).from(reasonVotes).where(key)
    let delta: number
    let userVote: number
    if (!existing) {
      await tx.insert(reasonVotes).values({ reasonId: reason.id, userId: input.userId, value: input.vote })
      delta = input.vote
      userVote = input.vote
    } else if (existing.value === input.vote) {
      await tx.delete(reasonVotes).where(key)
      delta = -input.vote
      userVote = 0
    } else {
      await tx.update(reasonVotes).set({ value: input.vote, createdAt: new Date() }).where(key)
      delta = input.vote - existing.value
      userVote = input.vote
    }
    const [updated] = await tx
      .update(reasons)
      .set({ votesTotal: sql`${reasons.votesTotal} + ${delta}` })
      .where(eq(reasons.id, reason.id))
      .returning()
    await tx
      .update(tools)
      .set({ votesCount: sql`${tools.votesCount} + ${delta}` })
      .where(eq(tools.id, reason.toolId))
    if (userVote === 1 && existing?.value !== 1) await notifyReasonUpvoted(tx, input.userId, reason)
    return { reason: updated!, userVote }
  })
}

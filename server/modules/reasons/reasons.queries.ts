import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { reasons, reasonVotes, tools } from '../../db/schema/index.ts'

export type ReasonRow = typeof reasons.$inferSelect

export async function listToolsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({ id: tools.id, name: tools.name, slug: tools.slug, imageUrl: tools.imageUrl })
    .from(tools)
    .where(inArray(tools.id, ids))
}

/** The best `perTool` reasons to use each tool (pros), most votes first. */
export async function listTopReasons(db: Db, toolIds: number[], perTool: number) {
  if (toolIds.length === 0) return []
  const ranked = db
    .select({
      id: reasons.id,
      toolId: reasons.toolId,
      text: reasons.text,
      votesTotal: reasons.votesTotal,
      rank: sql<number>`row_number() over (partition by ${reasons.toolId} order by ${reasons.votesTotal} desc, ${reasons.id} asc)`.as(
        'rank',
      ),
    })
    .from(reasons)
    .where(and(inArray(reasons.toolId, toolIds), eq(reasons.isCon, false)))
    .as('ranked')
  return db
    .select({ id: ranked.id, toolId: ranked.toolId, text: ranked.text, votesTotal: ranked.votesTotal })
    .from(ranked)
    .where(lte(ranked.rank, perTool))
    .orderBy(asc(ranked.toolId), desc(ranked.votesTotal), asc(ranked.id))
}

/** The user's vote (1 or -1) on each of these reasons that they voted on. */
export async function findUserVotes(db: Db, userId: number, reasonIds: number[]): Promise<Map<number, number>> {
  if (reasonIds.length === 0) return new Map()
  const rows = await db
    .select({ reasonId: reasonVotes.reasonId, value: reasonVotes.value })
    .from(reasonVotes)
    .where(and(eq(reasonVotes.userId, userId), inArray(reasonVotes.reasonId, reasonIds)))
  return new Map(rows.map((row) => [row.reasonId, row.value]))
}

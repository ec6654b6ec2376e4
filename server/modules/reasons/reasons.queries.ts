import { and, asc, desc, eq, inArray, lte, notExists, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { reasons, reasonVotes, stacks, stackTools, tools, users } from '../../db/schema/index.ts'

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

// ---------------------------------------------------------------------------------------------------------------
// The Pros & Cons page's lists (specs/stack-match-and-community.md §4, decision 018). Each answers tool ids in a
// stable order for one page; tools that are hidden or not yet approved never appear.

const isListedTool = and(eq(tools.isApproved, true), eq(tools.isHidden, false))!

export interface PageWindow {
  limit: number
  offset: number
}

/** Tools the user wrote a pro for and no con, in the order of their first pro there. */
export async function listUserCreatedProsNotCons(db: Db, userId: number, window: PageWindow): Promise<number[]> {
  const userCon = db
    .select({ one: sql`1` })
    .from(reasons)
    .where(and(eq(reasons.toolId, tools.id), eq(reasons.userId, userId), eq(reasons.isCon, true)))
  const rows = await db
    .select({ toolId: reasons.toolId })
    .from(reasons)
    .innerJoin(tools, eq(tools.id, reasons.toolId))
    .where(and(eq(reasons.userId, userId), eq(reasons.isCon, false), isListedTool, notExists(userCon)))
    .groupBy(reasons.toolId)
    .orderBy(sql`min(${reasons.id})`, asc(reasons.toolId))
    .limit(window.limit)
    .offset(window.offset)
  return rows.map((row) => row.toolId)
}

/** Tools where the user up-voted a pro and no con, in the order of their first such up-vote. */
export async function listUserUpvotedProsNotCons(db: Db, userId: number, window: PageWindow): Promise<number[]> {
  const conReasons = alias(reasons, 'con_reason')
  const upvotedCon = db
    .select({ one: sql`1` })
    .from(reasonVotes)
    .innerJoin(conReasons, eq(conReasons.id, reasonVotes.reasonId))
    .where(
      and(
        eq(reasonVotes.userId, userId),
        eq(reasonVotes.value, 1),
        eq(conReasons.toolId, tools.id),
        eq(conReasons.isCon, true),
      ),
    )
  const rows = await db
    .select({ toolId: reasons.toolId })
    .from(reasonVotes)
    .innerJoin(reasons, eq(reasons.id, reasonVotes.reasonId))
    .innerJoin(tools, eq(tools.id, reasons.toolId))
    .where(
      and(
        eq(reasonVotes.userId, userId),
        eq(reasonVotes.value, 1),
        eq(reasons.isCon, false),
        isListedTool,
        notExists(upvotedCon),
      ),
    )
    .groupBy(reasons.toolId)
    .orderBy(sql`min(${reasonVotes.createdAt})`, asc(reasons.toolId))
    .limit(window.limit)
    .offset(window.offset)
  return rows.map((row) => row.toolId)
}

/** A tool lacks reasons while it has fewer than `wanted` pros or fewer than `wanted` cons. */
function lacksReasons(wanted: number) {
  const countOf = (isCon: boolean) =>
    sql`(select count(*) from ${reasons} where ${reasons.toolId} = ${tools.id} and ${reasons.isCon} = ${isCon})`
  return or(sql`${countOf(false)} < ${wanted}`, sql`${countOf(true)} < ${wanted}`)!
}

/** The ids of the tools in stacks the user owns. */
function userStackToolIds(db: Db, userId: number) {
  return db
    .selectDistinct({ toolId: stackTools.toolId })
    .from(stackTools)
    .innerJoin(stacks, eq(stacks.id, stackTools.stackId))
    .where(eq(stacks.ownerUserId, userId))
}

/**
 * The third list: tools lacking reasons. For a signed-in user those in their own stacks come first (most popular
 * first), then every other tool lacking reasons, most popular first; a visitor gets the second part only.
 */
export async function listToolsLackingReasons(
  db: Db,
  userId: number | null,
  wanted: number,
  window: PageWindow,
): Promise<number[]> {
  const lacking = lacksReasons(wanted)
  const order = [desc(tools.popularity), asc(tools.id)]
  let mine: number[] = []
  if (userId !== null) {
    const rows = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(isListedTool, lacking, inArray(tools.id, userStackToolIds(db, userId))))
      .orderBy(...order)
    mine = rows.map((row) => row.id)
  }
  const fromMine = mine.slice(window.offset, window.offset + window.limit)
  const remaining = window.limit - fromMine.length
  if (remaining === 0) return fromMine
  const rest = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(isListedTool, lacking, mine.length > 0 ? notInArray(tools.id, mine) : undefined))
    .orderBy(...order)
    .limit(remaining)
    .offset(Math.max(0, window.offset - mine.length))
  return [...fromMine, ...rest.map((row) => row.id)]
}

/** The cards' tools. */
export async function listProsConsTools(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({ id: tools.id, name: tools.name, slug: tools.slug, title: tools.title, imageUrl: tools.imageUrl })
    .from(tools)
    .where(and(inArray(tools.id, ids), isListedTool))
}

/** The pros and cons of these tools with their authors, at most `perType` of each per tool, most votes first. */
export async function listToolReasons(db: Db, toolIds: number[], perType: number) {
  if (toolIds.length === 0) return []
  const ranked = db
    .select({
      id: reasons.id,
      toolId: reasons.toolId,
      text: reasons.text,
      isCon: reasons.isCon,
      votesTotal: reasons.votesTotal,
      userId: reasons.userId,
      rank: sql<number>`row_number() over (partition by ${reasons.toolId}, ${reasons.isCon} order by ${reasons.votesTotal} desc, ${reasons.id} asc)`.as(
        'rank',
      ),
    })
    .from(reasons)
    .where(inArray(reasons.toolId, toolIds))
    .as('ranked')
  return db
    .select({
      id: ranked.id,
      toolId: ranked.toolId,
      text: ranked.text,
      isCon: ranked.isCon,
      votesTotal: ranked.votesTotal,
      userId: ranked.userId,
      username: users.username,
      userImage: users.image,
    })
    .from(ranked)
    .leftJoin(users, eq(users.id, ranked.userId))
    .where(lte(ranked.rank, perType))
    .orderBy(asc(ranked.toolId), desc(ranked.votesTotal), asc(ranked.id))
}
export type ToolReasonRow = Awaited<ReturnType<typeof listToolReasons>>[number]

export async function findListedTool(db: Db, id: number) {
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.id, id), isListedTool))
  return row ?? null
}

// What a company's radar reads: the tools of the company's stacks the viewer may see, with how many of them use
// each tool and the tool's catalog layer, and the ring moves its admins made.
import { and, asc, count, countDistinct, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, layers, radarMoves, stacks, stackTools, tools, users } from '../../db/schema/index.ts'
import { ownerCondition, visibleToViewerCondition } from '../stacks/stacks.queries.ts'

export interface RadarToolRow {
  id: number
  slug: string
  name: string
  layer: string | null
  usedBy: number
}

export interface RadarMoveRow {
  toolId: number
  fromRing: string
  toRing: string
  reason: string
  movedAt: Date
  movedBy: string | null
}

function companyStacks(companyId: number, viewerId: number | null) {
  return and(ownerCondition({ type: 'Company', id: companyId }), visibleToViewerCondition(viewerId))
}

export async function countRadarStacks(db: Db, companyId: number, viewerId: number | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stacks).where(companyStacks(companyId, viewerId))
  return row?.n ?? 0
}

/** The visible tools of the stacks, each once, with the number of those stacks that use it. */
export async function listRadarTools(db: Db, companyId: number, viewerId: number | null): Promise<RadarToolRow[]> {
  return db
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      layer: layers.slug,
      usedBy: countDistinct(stackTools.stackId),
    })
    .from(stackTools)
    .innerJoin(stacks, eq(stacks.id, stackTools.stackId))
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .leftJoin(categories, eq(categories.id, tools.categoryId))
    .leftJoin(layers, eq(layers.id, categories.layerId))
    .where(and(companyStacks(companyId, viewerId), eq(tools.isHidden, false)))
    .groupBy(tools.id, tools.slug, tools.name, layers.slug)
    .orderBy(asc(tools.name))
}

/** The moves of these tools on the company's radar, newest first. */
export async function listRadarMoves(db: Db, companyId: number, toolIds: number[]): Promise<RadarMoveRow[]> {
  if (toolIds.length === 0) return []
  return db
    .select({
      toolId: radarMoves.toolId,
      fromRing: radarMoves.fromRing,
      toRing: radarMoves.toRing,
      reason: radarMoves.reason,
      movedAt: radarMoves.movedAt,
      movedBy: users.username,
    })
    .from(radarMoves)
    .leftJoin(users, eq(users.id, radarMoves.movedById))
    .where(and(eq(radarMoves.companyId, companyId), inArray(radarMoves.toolId, toolIds)))
    .orderBy(desc(radarMoves.id))
}

export async function insertRadarMove(db: Db, move: typeof radarMoves.$inferInsert) {
  const [row] = await db.insert(radarMoves).values(move).returning()
  return row!
}

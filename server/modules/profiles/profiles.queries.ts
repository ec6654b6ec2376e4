import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { PROFILE_STACK_TOOLS_MAX } from '#contracts/profiles.ts'
import type { Db } from '../../db/client.ts'
import { companies, companyMembers, ownerHandles, stacks, stackTools, tools, users } from '../../db/schema/index.ts'

/** Looks the handle up in the namespace users and companies share, so a company's slug finds no user. */
export async function findUserByHandle(db: Db, handle: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      image: users.image,
      createdAt: users.createdAt,
      popularity: users.popularity,
    })
    .from(ownerHandles)
    .innerJoin(users, eq(users.id, ownerHandles.userId))
    .where(eq(ownerHandles.slug, handle.toLowerCase()))
  return row ?? null
}

/** Companies the user belongs to; private-mode companies only when the viewer is that user. */
export async function listProfileCompanies(db: Db, userId: number, { includePrivate }: { includePrivate: boolean }) {
  return db
    .select({ name: companies.name, slug: companies.slug, imageUrl: companies.imageUrl })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), includePrivate ? undefined : eq(companies.privateMode, false)))
    .orderBy(asc(companies.name))
}

/** The user's personal stacks, newest first; private ones only when the viewer owns them. */
export async function listProfileStacks(db: Db, userId: number, { includePrivate }: { includePrivate: boolean }) {
  return db
    .select({ id: stacks.id, name: stacks.name, slug: stacks.slug, isPrivate: stacks.isPrivate })
    .from(stacks)
    .where(and(eq(stacks.ownerUserId, userId), includePrivate ? undefined : eq(stacks.isPrivate, false)))
    .orderBy(sql`${stacks.createdAt} desc`, sql`${stacks.id} desc`)
}

/** The first tools of each stack in the stack's order, and how many visible tools each has. */
export async function listStackToolPreviews(db: Db, stackIds: number[]) {
  if (stackIds.length === 0) return { previews: [], counts: [] }
  const visible = and(inArray(stackTools.stackId, stackIds), eq(tools.isHidden, false))
  const ranked = db
    .select({
      stackId: stackTools.stackId,
      name: tools.name,
      slug: tools.slug,
      imageUrl: tools.imageUrl,
      rank: sql<number>`row_number() over (partition by ${stackTools.stackId} order by ${stackTools.position}, ${stackTools.createdAt}, ${tools.id})`.as(
        'rank',
      ),
    })
    .from(stackTools)
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .where(visible)
    .as('ranked')
  const [previews, counts] = await Promise.all([
    db
      .select({ stackId: ranked.stackId, name: ranked.name, slug: ranked.slug, imageUrl: ranked.imageUrl })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${PROFILE_STACK_TOOLS_MAX}`)
      .orderBy(ranked.stackId, ranked.rank),
    db
      .select({ stackId: stackTools.stackId, value: count() })
      .from(stackTools)
      .innerJoin(tools, eq(tools.id, stackTools.toolId))
      .where(visible)
      .groupBy(stackTools.stackId),
  ])
  return { previews, counts }
}

// Follow rows and the follower counts kept beside them (tool, company and stack carry followers_count; a user's
// count is counted from the rows, served by follow_followee_idx).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FolloweeType } from '#contracts/follows.ts'
import type { Db } from '../../db/client.ts'
import { companies, follows, stacks, tools, users } from '../../db/schema/index.ts'

export interface Followee {
  type: FolloweeType
  id: number
}

const countedTables = { tool: tools, company: companies, stack: stacks } as const

/** Whether the followee exists and may be followed (a private stack may not). */
export async function followeeExists(db: Db, followee: Followee): Promise<boolean> {
  switch (followee.type) {
    case 'tool': {
      const [row] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, followee.id))
      return Boolean(row)
    }
    case 'company': {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, followee.id))
      return Boolean(row)
    }
    case 'stack': {
      const [row] = await db
        .select({ id: stacks.id })
        .from(stacks)
        .where(and(eq(stacks.id, followee.id), eq(stacks.isPrivate, false)))
      return Boolean(row)
    }
    case 'user': {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, followee.id))
      return Boolean(row)
    }
  }
}

export async function countFollowers(db: Db, followee: Followee): Promise<number> {
  if (followee.type === 'user') {
    const [row] = await db
      .select({ total: count() })
      .from(follows)
      .where(and(eq(follows.followeeType, 'user'), eq(follows.followeeId, followee.id)))
    return row?.total ?? 0
  }
  const table = countedTables[followee.type]
  const [row] = await db.select({ total: table.followersCount }).from(table).where(eq(table.id, followee.id))
  return row?.total ?? 0
}

export async function isFollowing(db: Db, userId: number, followee: Followee): Promise<boolean> {
  const [row] = await db.select({ id: follows.id }).from(follows).where(followCondition(userId, followee))
  return Boolean(row)
}

function followCondition(userId: number, followee: Followee) {
  return and(eq(follows.userId, userId), eq(follows.followeeType, followee.type), eq(follows.followeeId, followee.id))
}

/**
 * Adds or removes the follow and moves the counter in the same transaction; answers whether it now follows.
 * `onFollowed` runs in that transaction when a follow was added (the notification, follows.notifications.ts).
 */
export async function toggleFollow(
  db: Db,
  userId: number,
  followee: Followee,
  onFollowed?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(follows).where(followCondition(userId, followee)).returning({ id: follows.id })
    let delta = -removed.length
    if (removed.length === 0) {
      const inserted = await tx
        .insert(follows)
        .values({ userId, followeeType: followee.type, followeeId: followee.id })
        .onConflictDoNothing()
        .returning({ id: follows.id })
      delta = inserted.length
      if (inserted.length > 0 && onFollowed) await onFollowed(tx)
    }
    if (delta !== 0 && followee.type !== 'user') {
      const table = countedTables[followee.type]
      await tx
        .update(table)
        .set({ followersCount: sql`greatest(${table.followersCount} + ${delta}, 0)` })
        .where(eq(table.id, followee.id))
    }
    return removed.length === 0
  })
}

export async function listFollowers(db: Db, userId: number, page: { limit: number; offset: number }) {
  const where = and(eq(follows.followeeType, 'user'), eq(follows.followeeId, userId))
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, name: users.name, image: users.image })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.userId))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(follows).where(where),
  ])
  return { rows, total: total?.total ?? 0 }
}

/** What the user follows, newest first, each loaded with what its page path needs. */
export async function listFollowing(db: Db, userId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ type: follows.followeeType, id: follows.followeeId })
      .from(follows)
      .where(eq(follows.userId, userId))
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(follows).where(eq(follows.userId, userId)),
  ])
  const idsOf = (type: FolloweeType) => rows.filter((row) => row.type === type).map((row) => row.id)
  const none = Promise.resolve([])
  const [toolRows, companyRows, stackRows, userRows] = await Promise.all([
    idsOf('tool').length
      ? db
          .select({ id: tools.id, name: tools.name, slug: tools.slug, imageUrl: tools.imageUrl })
          .from(tools)
          .where(inArray(tools.id, idsOf('tool')))
      : none,
    idsOf('company').length
      ? db
          .select({ id: companies.id, name: companies.name, slug: companies.slug, imageUrl: companies.imageUrl })
          .from(companies)
          .where(inArray(companies.id, idsOf('company')))
      : none,
    idsOf('stack').length
      ? db
          .select({
            id: stacks.id,
            name: stacks.name,
            slug: stacks.slug,
            imageUrl: stacks.imageUrl,
            isPrivate: stacks.isPrivate,
            ownerSlug: sql<string | null>`coalesce(${users.username}, ${companies.slug})`,
          })
          .from(stacks)
          .leftJoin(users, eq(users.id, stacks.ownerUserId))
          .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
          .where(inArray(stacks.id, idsOf('stack')))
      : none,
    idsOf('user').length
      ? db
          .select({ id: users.id, name: users.name, username: users.username, imageUrl: users.image })
          .from(users)
          .where(inArray(users.id, idsOf('user')))
      : none,
  ])
  return { rows, tools: toolRows, companies: companyRows, stacks: stackRows, users: userRows, total: total?.total ?? 0 }
}

export type FollowingRows = Awaited<ReturnType<typeof listFollowing>>

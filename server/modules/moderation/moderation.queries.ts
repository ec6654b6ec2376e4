// Reads and writes of the moderation area: the log, the flagged-comment queue and the names of what comments hang
// off. Tool submissions are read through ../tools/soft-approval.queries.ts. Every function takes the database first.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { ModerationAction } from '#contracts/moderation.ts'
import type { Db } from '../../db/client.ts'
import { comments, companies, moderationLog, stacks, tools, users } from '../../db/schema/index.ts'

export interface ModerationEntry {
  actorId: number
  action: ModerationAction
  subjectType: 'tool' | 'comment'
  subjectId: number
  subjectLabel: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  reason?: string | null
}

export async function insertModerationEntry(db: Db, entry: ModerationEntry) {
  const [row] = await db
    .insert(moderationLog)
    .values({ ...entry, before: entry.before ?? null, after: entry.after ?? null, reason: entry.reason ?? null })
    .returning()
  return row!
}

export async function listModerationLog(
  db: Db,
  filter: { action?: ModerationAction },
  page: { limit: number; offset: number },
) {
  const where: SQL | undefined = filter.action ? eq(moderationLog.action, filter.action) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: moderationLog,
        actor: { id: users.id, username: users.username, image: users.image },
      })
      .from(moderationLog)
      .leftJoin(users, eq(users.id, moderationLog.actorId))
      .where(where)
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(moderationLog).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

export type ModerationLogRow = Awaited<ReturnType<typeof listModerationLog>>['rows'][number]

/** The latest 'comment.flagged' entry of a comment: who flagged it and when. */
const latestFlag = (column: SQL) => sql`(
  select ${column} from ${moderationLog}
  where ${moderationLog.subjectType} = 'comment' and ${moderationLog.subjectId} = ${comments.id}
    and ${moderationLog.action} = 'comment.flagged'
  order by ${moderationLog.createdAt} desc, ${moderationLog.id} desc limit 1)`

/** One page of flagged comments, the longest-waiting first. */
export async function listFlaggedComments(db: Db, page: { limit: number; offset: number }) {
  const flaggedAt = sql<Date | string | null>`${latestFlag(sql`${moderationLog.createdAt}`)}`
  const [rows, [total]] = await Promise.all([
    db
      .select({
        comment: comments,
        author: { id: users.id, username: users.username, image: users.image },
        flaggedAt,
        flaggedById: sql<number | null>`${latestFlag(sql`${moderationLog.actorId}`)}`,
        repliesCount: sql<number>`(select count(*)::int from "comment" as "reply" where "reply"."parent_id" = ${comments.id})`,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.flagged, true))
      .orderBy(sql`${flaggedAt} asc nulls first`, asc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    countFlaggedComments(db).then((value) => [{ value }]),
  ])
  return { rows, total: total?.value ?? 0 }
}

export type FlaggedCommentRow = Awaited<ReturnType<typeof listFlaggedComments>>['rows'][number]

export async function countFlaggedComments(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(comments).where(eq(comments.flagged, true))
  return row?.value ?? 0
}

export async function countReplies(db: Db, commentId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(comments).where(eq(comments.parentId, commentId))
  return row?.value ?? 0
}

export async function findPeople(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; username: string | null; image: string | null }>()
  const rows = await db
    .select({ id: users.id, username: users.username, image: users.image })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

export interface Commentable {
  name: string
  url: string | null
}

/** The name and page of each tool, stack or company the comments hang off, keyed 'type:id'. */
export async function describeCommentables(
  db: Db,
  refs: Array<{ type: string; id: number }>,
): Promise<Map<string, Commentable>> {
  const idsOf = (type: string) => [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id))]
  const described = new Map<string, Commentable>()
  const [toolRows, stackRows, companyRows] = await Promise.all([
    idsOf('tool').length
      ? db
          .select({ id: tools.id, name: tools.name, slug: tools.slug })
          .from(tools)
          .where(inArray(tools.id, idsOf('tool')))
      : [],
    idsOf('stack').length
      ? db
          .select({
            id: stacks.id,
            name: stacks.name,
            slug: stacks.slug,
            ownerSlug: sql<string | null>`coalesce(${users.username}, ${companies.slug})`,
          })
          .from(stacks)
          .leftJoin(users, eq(users.id, stacks.ownerUserId))
          .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
          .where(inArray(stacks.id, idsOf('stack')))
      : [],
    idsOf('company').length
      ? db
          .select({ id: companies.id, name: companies.name, slug: companies.slug })
          .from(companies)
          .where(and(inArray(companies.id, idsOf('company'))))
      : [],
  ])
  for (const row of toolRows) described.set(`tool:${row.id}`, { name: row.name, url: `/tools/${row.slug}` })
  for (const row of stackRows)
    described.set(`stack:${row.id}`, { name: row.name, url: row.ownerSlug ? `/${row.ownerSlug}/${row.slug}` : null })
  for (const row of companyRows) described.set(`company:${row.id}`, { name: row.name, url: `/companies/${row.slug}` })
  return described
}

// Comment rows, their authors and the viewer's up-votes. Queries take the database first.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { CommentableType } from '#contracts/comments.ts'
import type { Db } from '../../db/client.ts'
import { comments, commentVotes, companies, stacks, tools, users } from '../../db/schema/index.ts'
import { builtOnce } from '../../db/statements.ts'

export type CommentRecord = typeof comments.$inferSelect

const commentColumns = {
  comment: comments,
  author: { id: users.id, username: users.username, image: users.image },
}

export type CommentRow = {
  comment: CommentRecord
  author: { id: number; username: string | null; image: string | null }
}

/** Whether the tool, stack (public) or company exists, so comments hang off something real. */
export async function commentableExists(db: Db, type: CommentableType, id: number): Promise<boolean> {
  const [row] = await builtOnce(db, `commentable_${type}_exists`, (db, name) => buildExists(db, type, name)).execute({
    id,
  })
  return Boolean(row)
}

// Every page that shows comments asks for them when it is drawn: its two statements are prepared once per database
// handle (decision 068)
const idValue = sql.placeholder('id')

function buildExists(db: Db, type: CommentableType, name: string) {
  if (type === 'tool') return db.select({ id: tools.id }).from(tools).where(eq(tools.id, idValue)).prepare(name)
  if (type === 'stack')
    return db
      .select({ id: stacks.id })
      .from(stacks)
      .where(and(eq(stacks.id, idValue), eq(stacks.isPrivate, false)))
      .prepare(name)
  return db.select({ id: companies.id }).from(companies).where(eq(companies.id, idValue)).prepare(name)
}

/** Every comment on the commentable, oldest first (replies included); flagged ones only when asked. */
export async function listComments(
  db: Db,
  commentable: { type: CommentableType; id: number },
  options: { includeFlagged: boolean },
): Promise<CommentRow[]> {
  const name = options.includeFlagged ? 'list_comments_with_flagged' : 'list_comments'
  return builtOnce(db, name, (db, name) => buildListComments(db, options.includeFlagged, name)).execute(commentable)
}

function buildListComments(db: Db, includeFlagged: boolean, name: string) {
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.commentableType, sql.placeholder('type')),
        eq(comments.commentableId, idValue),
        includeFlagged ? undefined : eq(comments.flagged, false),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare(name)
}

export async function findComment(db: Db, id: number): Promise<CommentRecord | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id))
  return row ?? null
}

export async function findCommentRow(db: Db, id: number): Promise<CommentRow | null> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id))
  return row ?? null
}

/** The ids among `commentIds` the user has up-voted. */
export async function findVotedCommentIds(db: Db, userId: number, commentIds: number[]): Promise<Set<number>> {
  if (commentIds.length === 0) return new Set()
  const rows = await db
    .select({ id: commentVotes.commentId })
    .from(commentVotes)
    .where(and(eq(commentVotes.userId, userId), inArray(commentVotes.commentId, commentIds)))
  return new Set(rows.map((row) => row.id))
}

export async function insertComment(db: Db, values: typeof comments.$inferInsert): Promise<CommentRecord> {
  const [row] = await db.insert(comments).values(values).returning()
  return row!
}

export async function updateCommentBody(db: Db, id: number, body: string): Promise<CommentRecord> {
  const [row] = await db.update(comments).set({ body, updatedAt: new Date() }).where(eq(comments.id, id)).returning()
  return row!
}

export async function setCommentFlagged(db: Db, id: number, flagged: boolean): Promise<CommentRecord> {
  const [row] = await db.update(comments).set({ flagged }).where(eq(comments.id, id)).returning()
  return row!
}

/**
 * Adds or removes the user's up-vote and moves comment.votes in the same transaction. `onChange` runs in that
 * transaction with whether an up-vote was added or taken back (the notification, comments.notifications.ts).
 */
export async function toggleCommentVote(
  db: Db,
  commentId: number,
  userId: number,
  onChange?: (tx: Db, voted: boolean) => Promise<void>,
): Promise<{ votes: number; voted: boolean }> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)))
      .returning({ id: commentVotes.commentId })
    let delta = -removed.length
    if (removed.length > 0 && onChange) await onChange(tx, false)
    if (removed.length === 0) {
      const inserted = await tx
        .insert(commentVotes)
        .values({ commentId, userId })
        .onConflictDoNothing()
        .returning({ id: commentVotes.commentId })
      delta = inserted.length
      if (inserted.length > 0 && onChange) await onChange(tx, true)
    }
    const [row] = await tx
      .update(comments)
      .set({ votes: sql`greatest(${comments.votes} + ${delta}, 0)` })
      .where(eq(comments.id, commentId))
      .returning({ votes: comments.votes })
    return { votes: row!.votes, voted: removed.length === 0 }
  })
}

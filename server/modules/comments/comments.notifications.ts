// A reply to your comment and an up-vote on it tell you (docs/decisions/010-notifications.md); so does a new
// comment on your stack, or on your company's page or stacks if you are one of its admins (decision 023). All run
// inside the write's transaction. Repeats on one target collapse into one notification, which links to the comment's
// anchor on its page and carries an excerpt of it (decision 038). When a comment or an up-vote goes, so does its
// part in those notifications.
import { and, eq, inArray, isNull, not, sql } from 'drizzle-orm'
import { type CommentableType, commentAnchor } from '#contracts/comments.ts'
import type { NotificationType } from '#contracts/notifications.ts'
import type { Db } from '../../db/client.ts'
import { comments, notifications } from '../../db/schema/index.ts'
import {
  findCommentableTarget,
  findCompanyTarget,
  findStackTarget,
  listCompanyAdminIds,
} from '../notifications/notification-targets.ts'
import { forgetNotificationsAbout, notify, notifyEach, withdrawActor } from '../notifications/notify.ts'
import { commentExcerpt } from './comment-markdown.ts'
import type { CommentRecord } from './comments.queries.ts'

/** The kinds a comment causes: a reply (to the parent's author) and a top-level comment (to the page's owners). */
const REPLY_TYPES = ['comment'] as const satisfies NotificationType[]
const PAGE_COMMENT_TYPES = ['stack_comment', 'company_comment'] as const satisfies NotificationType[]

export async function notifyReplied(tx: Db, replierId: number, parent: CommentRecord, reply: CommentRecord) {
  await notifyAuthor(tx, 'comment', replierId, parent, reply)
}

export async function notifyUpvoted(tx: Db, voterId: number, comment: CommentRecord): Promise<void> {
  await notifyAuthor(tx, 'comment_upvote', voterId, comment, comment)
}

/** An up-vote taken back leaves the notification it caused ('bob and 1 other upvoted' becomes 'bob upvoted'). */
export async function withdrawUpvote(tx: Db, voterId: number, comment: CommentRecord): Promise<void> {
  await withdrawActor(tx, { actorId: voterId, types: ['comment_upvote'], target: { type: 'comment', id: comment.id } })
}

/**
 * A new top-level comment tells whoever owns the page: a user's stack its owner, a company's stack or page the
 * company's admins. Tools have no owner to tell. (Replies tell the parent's author instead: notifyReplied.)
 */
export async function notifyCommented(tx: Db, commenterId: number, comment: CommentRecord): Promise<void> {
  const target = { type: comment.commentableType, id: comment.commentableId }
  if (comment.commentableType === 'stack') {
    const stack = await findStackTarget(tx, comment.commentableId)
    if (!stack || stack.isPrivate) return
    const recipients = stack.ownerCompanyId ? await listCompanyAdminIds(tx, stack.ownerCompanyId) : stack.ownerIds
    await notifyEach(tx, recipients, {
      type: 'stack_comment',
      actorId: commenterId,
      target,
      path: anchoredPath(stack.path, comment.id),
      subject: stack.name,
      excerpt: commentExcerpt(comment.body),
      commentId: comment.id,
    })
  } else if (comment.commentableType === 'company') {
    const company = await findCompanyTarget(tx, comment.commentableId)
    if (!company) return
    await notifyEach(tx, await listCompanyAdminIds(tx, comment.commentableId), {
      type: 'company_comment',
      actorId: commenterId,
      target,
      path: anchoredPath(company.path, comment.id),
      subject: company.name,
      excerpt: commentExcerpt(comment.body),
      commentId: comment.id,
    })
  }
}

/** An edited comment: the notifications that quote it quote what it says now. */
export async function refreshCommentExcerpt(tx: Db, comment: CommentRecord): Promise<void> {
  await tx
    .update(notifications)
    .set({ excerpt: commentExcerpt(comment.body) })
    .where(eq(notifications.commentId, comment.id))
}

/**
 * Before comments are deleted (with their replies, `doomed` lists both): the notifications about them go (up-votes
 * on them, replies to them); the notifications they caused lose their authors unless another of the author's
 * comments still stands there (a reply to the same parent, a comment on the same page); and a notification that
 * pointed at one of them (its anchor, its excerpt) keeps only the page.
 */
export async function forgetComments(tx: Db, doomed: CommentRecord[]): Promise<void> {
  if (doomed.length === 0) return
  const ids = doomed.map((comment) => comment.id)
  await forgetNotificationsAbout(tx, 'comment', ids)
  const gone = new Set(ids)
  // one author's several comments in one place are one check: the first settles it for the rest
  const checked = new Set<string>()
  for (const comment of doomed) {
    if (comment.parentId !== null && gone.has(comment.parentId)) continue
    const isReply = comment.parentId !== null
    const target = isReply
      ? { type: 'comment', id: comment.parentId! }
      : { type: comment.commentableType, id: comment.commentableId }
    const place = `${comment.userId}:${target.type}:${target.id}`
    if (checked.has(place)) continue
    checked.add(place)
    const sameKind = isReply
      ? eq(comments.parentId, comment.parentId!)
      : and(
          isNull(comments.parentId),
          eq(comments.commentableType, comment.commentableType),
          eq(comments.commentableId, comment.commentableId),
        )
    const [other] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(sameKind, eq(comments.userId, comment.userId), not(inArray(comments.id, ids))))
      .limit(1)
    if (other) continue
    await withdrawActor(tx, { actorId: comment.userId, types: isReply ? REPLY_TYPES : PAGE_COMMENT_TYPES, target })
  }
  await tx
    .update(notifications)
    .set({ excerpt: null, commentId: null, targetPath: sql`split_part(${notifications.targetPath}, '#', 1)` })
    .where(inArray(notifications.commentId, ids))
}

async function notifyAuthor(
  tx: Db,
  type: 'comment' | 'comment_upvote',
  actorId: number,
  comment: CommentRecord,
  shown: CommentRecord,
): Promise<void> {
  const page = await findCommentableTarget(tx, comment.commentableType as CommentableType, comment.commentableId)
  if (!page) return
  await notify(tx, {
    recipientId: comment.userId,
    type,
    actorId,
    target: { type: 'comment', id: comment.id },
    path: anchoredPath(page.path, shown.id),
    subject: page.name,
    excerpt: commentExcerpt(shown.body),
    commentId: shown.id,
  })
}

function anchoredPath(path: string, commentId: number): string {
  return `${path}#${commentAnchor(commentId)}`
}

// A reply to your comment and an up-vote on it tell you (docs/decisions/010-notifications.md); so does a new
// comment on your stack, or on your company's page or stacks if you are one of its admins (decision 023). All run
// inside the write's transaction. Repeats on one target collapse into one notification while it is unread.
import type { CommentableType } from '#contracts/comments.ts'
import type { Db } from '../../db/client.ts'
import {
  findCommentableTarget,
  findCompanyTarget,
  findStackTarget,
  listCompanyAdminIds,
} from '../notifications/notification-targets.ts'
import { notify, notifyEach } from '../notifications/notify.ts'
import type { CommentRecord } from './comments.queries.ts'

export async function notifyReplied(tx: Db, replierId: number, parent: CommentRecord): Promise<void> {
  await notifyAuthor(tx, 'comment', replierId, parent)
}

export async function notifyUpvoted(tx: Db, voterId: number, comment: CommentRecord): Promise<void> {
  await notifyAuthor(tx, 'comment_upvote', voterId, comment)
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
      path: stack.path,
      subject: stack.name,
    })
  } else if (comment.commentableType === 'company') {
    const company = await findCompanyTarget(tx, comment.commentableId)
    if (!company) return
    await notifyEach(tx, await listCompanyAdminIds(tx, comment.commentableId), {
      type: 'company_comment',
      actorId: commenterId,
      target,
      path: company.path,
      subject: company.name,
    })
  }
}

async function notifyAuthor(
  tx: Db,
  type: 'comment' | 'comment_upvote',
  actorId: number,
  comment: CommentRecord,
): Promise<void> {
  const page = await findCommentableTarget(tx, comment.commentableType as CommentableType, comment.commentableId)
  if (!page) return
  await notify(tx, {
    recipientId: comment.userId,
    type,
    actorId,
    target: { type: 'comment', id: comment.id },
    path: page.path,
    subject: page.name,
  })
}

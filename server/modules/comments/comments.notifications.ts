// A reply to your comment and an up-vote on it tell you (docs/decisions/010-notifications.md); both run inside the
// write's transaction. Replies to one comment collapse into one notification while unread, and so do its up-votes.
import type { CommentableType } from '#contracts/comments.ts'
import type { Db } from '../../db/client.ts'
import { findCommentableTarget } from '../notifications/notification-targets.ts'
import { notify } from '../notifications/notify.ts'
import type { CommentRecord } from './comments.queries.ts'

export async function notifyReplied(tx: Db, replierId: number, parent: CommentRecord): Promise<void> {
  await notifyAuthor(tx, 'comment', replierId, parent)
}

export async function notifyUpvoted(tx: Db, voterId: number, comment: CommentRecord): Promise<void> {
  await notifyAuthor(tx, 'comment_upvote', voterId, comment)
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

// Every field of a comment that leaves the server (specs/stack-match-and-community.md §3 "Comment"), with the
// markdown rendered and sanitized here, never in the browser.
import type { Comment, CommentReply } from '#contracts/comments.ts'
import { renderCommentMarkdown } from './comment-markdown.ts'
import type { CommentRecord, CommentRow } from './comments.queries.ts'

export function presentComment(row: CommentRow, votedIds: Set<number>, now = new Date()): CommentReply {
  const { comment, author } = row
  return {
    id: comment.id,
    parentId: comment.parentId,
    body: comment.body,
    body_html: renderCommentMarkdown(comment.body),
    votes: comment.votes,
    user_voted: votedIds.has(comment.id),
    flagged: comment.flagged,
    user: { userId: author.id, userImage: author.image, username: author.username ?? '' },
    createdAt: comment.createdAt.toISOString(),
    createdAtReadable: readableTimeAgo(comment.createdAt, now),
    commentable_id: comment.commentableId,
    commentable_type: comment.commentableType as Comment['commentable_type'],
  }
}

/** Top-level comments oldest first, each with its replies; replies whose parent is hidden are left out. */
export function presentCommentThreads(rows: CommentRow[], votedIds: Set<number>): Comment[] {
  const now = new Date()
  const threads = new Map<number, Comment>()
  for (const row of rows) {
    if (row.comment.parentId === null)
      threads.set(row.comment.id, { ...presentComment(row, votedIds, now), children: [] })
  }
  for (const row of rows) {
    if (row.comment.parentId !== null)
      threads.get(row.comment.parentId)?.children.push(presentComment(row, votedIds, now))
  }
  return [...threads.values()]
}

export function presentCommentUpdate(comment: CommentRecord) {
  return {
    id: comment.id,
    parentId: comment.parentId,
    body: comment.body,
    body_html: renderCommentMarkdown(comment.body),
  }
}

/** '12 seconds ago', '3 minutes ago', '2 days ago'. */
export function readableTimeAgo(date: Date, now = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000))
  const units: Array<[string, number]> = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ]
  for (const [unit, size] of units) {
    const value = Math.floor(seconds / size)
    if (value >= 1) return `${value} ${unit}${value === 1 ? '' : 's'} ago`
  }
  return 'just now'
}

// POST /api/v1/comments/reply {comment: {parent_id, body, user_id, commentable_id, commentable_type}}.
import type { Comment } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'
import type { Commentable } from './get-comments.ts'

export function replyToComment(commentable: Commentable, parentId: number, body: string, userId: number) {
  return apiFetch<Comment>('/api/v1/comments/reply', {
    method: 'POST',
    body: {
      comment: {
        parent_id: parentId,
        body,
        user_id: userId,
        commentable_id: commentable.id,
        commentable_type: commentable.type,
      },
    },
  })
}

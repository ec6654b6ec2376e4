// POST /api/v1/comments {comment: {body, user_id, commentable_id, commentable_type}}: the new comment.
// (The server takes the author from the session; user_id is sent because the spec's payload has it.)
import type { Comment } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'
import type { Commentable } from './get-comments.ts'

export function createComment(commentable: Commentable, body: string, userId: number) {
  return apiFetch<Comment>('/api/v1/comments', {
    method: 'POST',
    body: { comment: { body, user_id: userId, commentable_id: commentable.id, commentable_type: commentable.type } },
  })
}

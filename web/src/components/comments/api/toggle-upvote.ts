// POST /api/v1/comments/{id}/toggle_upvote: id, parentId, votes (and user_voted).
import type { CommentVoteResponse } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'

export function toggleCommentUpvote(id: number) {
  return apiFetch<CommentVoteResponse>(`/api/v1/comments/${id}/toggle_upvote`, { method: 'POST', body: {} })
}

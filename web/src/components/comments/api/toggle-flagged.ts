// POST /api/v1/comments/{id}/toggle_flagged: id, parentId, flagged (moderators and admins).
import type { CommentFlagResponse } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'

export function toggleCommentFlagged(id: number) {
  return apiFetch<CommentFlagResponse>(`/api/v1/comments/${id}/toggle_flagged`, { method: 'POST', body: {} })
}

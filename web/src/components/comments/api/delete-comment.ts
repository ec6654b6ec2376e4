// DELETE /api/v1/comments/{id}: id, parentId.
import type { CommentDeleteResponse } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'

export function deleteComment(id: number) {
  return apiFetch<CommentDeleteResponse>(`/api/v1/comments/${id}`, { method: 'DELETE' })
}

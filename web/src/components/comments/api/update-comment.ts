// PUT /api/v1/comments/{id} {comment: {body}}: id, parentId, body (and body_html).
import type { CommentUpdateResponse } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'

export function updateComment(id: number, body: string) {
  return apiFetch<CommentUpdateResponse>(`/api/v1/comments/${id}`, { method: 'PUT', body: { comment: { body } } })
}

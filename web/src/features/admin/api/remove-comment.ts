// POST /api/v1/moderation/comments/{id}/remove: the flagged comment (and its replies) goes; the log keeps it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CommentModerationResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const removeComment = ({ id, reason }: { id: number; reason: string }) =>
  apiFetch<CommentModerationResponse>(`/api/v1/moderation/comments/${id}/remove`, {
    method: 'POST',
    body: { reason: reason.trim() || null },
  })

export function useRemoveComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  })
}

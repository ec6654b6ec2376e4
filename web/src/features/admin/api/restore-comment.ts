// POST /api/v1/moderation/comments/{id}/restore: the flag is cleared, the comment visible to everyone again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CommentModerationResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const restoreComment = (id: number) =>
  apiFetch<CommentModerationResponse>(`/api/v1/moderation/comments/${id}/restore`, { method: 'POST', body: {} })

export function useRestoreComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  })
}

// POST /api/v1/moderation/tools/{id}/reject: back to the submitter with the reason they read.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ModeratedToolResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const rejectTool = ({ id, reason }: { id: number; reason: string }) =>
  apiFetch<ModeratedToolResponse>(`/api/v1/moderation/tools/${id}/reject`, { method: 'POST', body: { reason } })

export function useRejectTool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rejectTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  })
}

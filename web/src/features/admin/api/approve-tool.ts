// POST /api/v1/moderation/tools/{id}/approve: the tool becomes public and is_approved.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ModeratedToolResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const approveTool = (id: number) =>
  apiFetch<ModeratedToolResponse>(`/api/v1/moderation/tools/${id}/approve`, { method: 'POST', body: {} })

export function useApproveTool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: approveTool,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  })
}

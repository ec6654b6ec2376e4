// PUT /api/v1/moderation/tools/{id}: a moderator edits a submitted tool (also its website and category).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { EditToolBody, ModeratedToolResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export type EditToolValues = z.output<typeof EditToolBody>['service']

export const editTool = ({ id, service }: { id: number; service: EditToolValues }) =>
  apiFetch<ModeratedToolResponse>(`/api/v1/moderation/tools/${id}`, { method: 'PUT', body: { service } })

export function useEditTool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: editTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  })
}

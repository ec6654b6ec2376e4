// POST /api/v1/company_owner_invites: invite by e-mail (team admins); the answer is the pending entry.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateInviteBody, TeamInvite } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const createInvite = (body: CreateInviteBody) =>
  apiFetch<TeamInvite>('/api/v1/company_owner_invites', { method: 'POST', body })

export function useCreateInvite(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
  })
}

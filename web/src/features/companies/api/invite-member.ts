// POST /api/v1/company_owners/invite: invite someone by username (team admins); the answer is the pending entry.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddMemberBody, TeamInvite } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const inviteMember = (body: AddMemberBody) =>
  apiFetch<TeamInvite>('/api/v1/company_owners/invite', { method: 'POST', body })

export function useInviteMember(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
  })
}

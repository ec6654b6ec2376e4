// POST /api/v1/company_owners/invite: add someone by username at once (team admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddMemberBody, TeamMember } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const addMember = (body: AddMemberBody) =>
  apiFetch<TeamMember>('/api/v1/company_owners/invite', { method: 'POST', body })

export function useAddMember(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
  })
}

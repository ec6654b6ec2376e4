// PATCH /api/v1/company_owners/{id}: change another member's role (team admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TeamRole, UpdateMemberResponse } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const updateMember = ({ id, companyId, role }: { id: number; companyId: number; role: TeamRole }) =>
  apiFetch<UpdateMemberResponse>(`/api/v1/company_owners/${id}`, {
    method: 'PATCH',
    body: { id, company_id: companyId, company_owner: { role } },
  })

export function useUpdateMember(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
  })
}

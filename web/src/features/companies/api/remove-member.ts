// DELETE /api/v1/company_owners/{id}: remove another member (team admins; nobody removes themselves).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const removeMember = ({ id, companyId }: { id: number; companyId: number }) =>
  apiFetch<{ id: number }>(`/api/v1/company_owners/${id}`, { method: 'DELETE', body: { id, company_id: companyId } })

export function useRemoveMember(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
  })
}

// POST /api/v1/admin/users/{id}/role (admins; never one's own admin role).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangeRoleResponse, Role } from '#contracts/admin.ts'
import { apiFetch } from '../../../lib/api.ts'

export const changeRole = ({ userId, role }: { userId: number; role: Role }) =>
  apiFetch<ChangeRoleResponse>(`/api/v1/admin/users/${userId}/role`, { method: 'POST', body: { role } })

export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  })
}

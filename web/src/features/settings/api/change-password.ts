// POST /api/v1/users/password: needs the current password.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangePasswordBody } from '#contracts/users.ts'
import { apiFetch } from '../../../lib/api.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const changePassword = (body: ChangePasswordBody) =>
  apiFetch<{ ok: true }>('/api/v1/users/password', { method: 'POST', body })

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  })
}

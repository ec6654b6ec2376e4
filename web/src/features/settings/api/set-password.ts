// POST /api/v1/users/password/set: a first password for an account made through GitHub (needs a recent sign-in).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SetPasswordBody } from '#contracts/users.ts'
import { apiFetch } from '../../../lib/api.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const setPassword = (body: SetPasswordBody) =>
  apiFetch<{ ok: true }>('/api/v1/users/password/set', { method: 'POST', body })

export function useSetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  })
}

// POST /api/v1/users/email: the e-mail address the account signs in with.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangeEmailBody } from '#contracts/users.ts'
import { apiFetch } from '../../../lib/api.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const changeEmail = (body: ChangeEmailBody) =>
  apiFetch<{ ok: true }>('/api/v1/users/email', { method: 'POST', body })

export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  })
}

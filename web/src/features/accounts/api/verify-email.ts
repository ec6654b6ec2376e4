// POST /api/v1/users/email/verify: follows an e-mailed verification link (no sign-in needed: the mailbox is the proof).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { VerifyEmailResponse } from '#contracts/email-verification.ts'
import { apiFetch } from '../../../lib/api.ts'
import { announceEmailVerified } from '../../../lib/email-verified.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const verifyEmail = (token: string) =>
  apiFetch<VerifyEmailResponse>('/api/v1/users/email/verify', { method: 'POST', body: { token } })

export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => verifyEmail(token),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
      announceEmailVerified()
    },
  })
}

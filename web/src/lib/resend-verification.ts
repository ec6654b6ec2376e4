// POST /api/v1/users/email/verification/resend: a new verification link to the signed-in account's address.
import { useMutation } from '@tanstack/react-query'
import type { ResendVerificationResponse } from '#contracts/email-verification.ts'
import { apiFetch } from './api.ts'

export const resendVerification = () =>
  apiFetch<ResendVerificationResponse>('/api/v1/users/email/verification/resend', { method: 'POST', body: {} })

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification })
}

// Better Auth's POST /api/auth/sign-up/email with the invitation's token: the account starts verified (the link was
// e-mailed to the address), and on an invite-only site it is what lets the address sign up (decision 052).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignUpForm } from '#contracts/auth.ts'
import { apiFetch } from '../../../lib/api.ts'

export const signUpByInvitation = (body: SignUpForm & { invitation: string }) =>
  apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', body })

export function useSignUpByInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signUpByInvitation,
    // everything cached was fetched as a visitor
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

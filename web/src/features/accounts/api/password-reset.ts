// "Forgot password?" (decision 074): Better Auth's two endpoints. Asking for a link answers the same whether or not
// an account uses the address; choosing the password spends the e-mailed token.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const requestPasswordReset = (email: string) =>
  apiFetch<{ status: boolean }>('/api/auth/request-password-reset', { method: 'POST', body: { email } })

export const resetPassword = (token: string, newPassword: string) =>
  apiFetch<{ status: boolean }>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } })

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (newPassword: string) => resetPassword(token, newPassword) })
}

// Better Auth's POST /api/auth/admin/stop-impersonating: back to the admin's own session.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const stopImpersonating = () =>
  apiFetch<unknown>('/api/auth/admin/stop-impersonating', { method: 'POST', body: {} })

export function useStopImpersonating() {
  return useMutation({
    mutationFn: stopImpersonating,
    // A full load, so nothing fetched as the impersonated user stays in memory.
    onSuccess: () => window.location.assign('/admin/users'),
  })
}

// Better Auth's POST /api/auth/admin/impersonate-user: the session becomes that user's (for one hour) and the
// admin's own session waits in a signed cookie until stop-impersonating.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const impersonateUser = (userId: number) =>
  apiFetch<unknown>('/api/auth/admin/impersonate-user', { method: 'POST', body: { userId } })

export function useImpersonateUser() {
  return useMutation({
    mutationFn: ({ userId }: { userId: number; username: string }) => impersonateUser(userId),
    // A full load, so nothing fetched as the admin stays in memory: the site as that user sees it.
    onSuccess: (_data, { username }) => window.location.assign(`/${username}`),
  })
}

// POST /api/v1/users/profile: name and username.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateProfileBody } from '#contracts/users.ts'
import { apiFetch } from '../../../lib/api.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const updateProfile = (body: UpdateProfileBody) =>
  apiFetch<{ ok: true }>('/api/v1/users/profile', { method: 'POST', body })

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    // The navbar, the avatar menu and the profile page all show the name and username.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  })
}

// POST /api/v1/users/profile: name, username, and onboarding's basic information (photo, first and last name,
// company, job title, the newsletter).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateProfileInput } from '#contracts/users.ts'
import { apiFetch } from '../../../lib/api.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const updateProfile = (body: UpdateProfileInput) =>
  apiFetch<{ ok: true }>('/api/v1/users/profile', { method: 'POST', body })

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    // The navbar, the avatar menu, the profile page's header and the user's stack pages show the name and photo;
    // the onboarding wizard starts from the basic information.
    onSuccess: () =>
      Promise.all(
        [currentUserQuery.queryKey, ['profile'], ['stack-page'], ['onboarding', 'info']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
}

// GET /api/v1/users/{username}: the profile behind /{username}.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UserProfileResponse } from '#contracts/profiles.ts'
import { apiFetch } from '../../../lib/api.ts'

export const getProfile = (username: string) =>
  apiFetch<UserProfileResponse>(`/api/v1/users/${encodeURIComponent(username)}`)

export const profileQuery = (username: string) =>
  queryOptions({ queryKey: ['profile', username.toLowerCase()], queryFn: () => getProfile(username) })

export function useProfile(username: string) {
  return useQuery(profileQuery(username))
}

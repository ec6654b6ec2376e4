// GET /api/v1/users/{username}/followers: the users who follow this user, newest first.
// Keys start with 'follow-lists' so the follow button can refresh every list after a toggle.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FollowersResponse } from '#contracts/follows.ts'
import { apiFetch } from '../../../lib/api.ts'

export const followersQuery = (username: string) =>
  queryOptions({
    queryKey: ['follow-lists', username.toLowerCase(), 'followers'],
    queryFn: ({ signal }) =>
      apiFetch<FollowersResponse>(`/api/v1/users/${encodeURIComponent(username)}/followers`, { signal }),
  })

export function useFollowers(username: string) {
  return useQuery(followersQuery(username))
}

// GET /api/v1/users/{username}/following: the tools, users, companies and stacks this user follows, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FollowingResponse } from '#contracts/follows.ts'
import { apiFetch } from '../../../lib/api.ts'

export const followingQuery = (username: string) =>
  queryOptions({
    queryKey: ['follow-lists', username.toLowerCase(), 'following'],
    queryFn: ({ signal }) =>
      apiFetch<FollowingResponse>(`/api/v1/users/${encodeURIComponent(username)}/following`, { signal }),
  })

export function useFollowing(username: string) {
  return useQuery(followingQuery(username))
}

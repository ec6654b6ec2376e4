// GET /api/v1/moderation/comments?page=: flagged comments, longest flagged first (moderators and admins).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { FlaggedCommentsResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const flaggedCommentsQuery = (page: number) =>
  queryOptions({
    queryKey: ['moderation', 'comments', page],
    queryFn: ({ signal }) =>
      apiFetch<FlaggedCommentsResponse>('/api/v1/moderation/comments', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useFlaggedComments(page: number) {
  return useQuery(flaggedCommentsQuery(page))
}

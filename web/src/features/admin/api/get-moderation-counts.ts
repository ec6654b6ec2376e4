// GET /api/v1/moderation/counts: tools waiting for approval and flagged comments (the tabs' badges).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ModerationCountsResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const moderationCountsQuery = queryOptions({
  queryKey: ['moderation', 'counts'],
  queryFn: ({ signal }) => apiFetch<ModerationCountsResponse>('/api/v1/moderation/counts', { signal }),
  staleTime: 30_000,
})

export function useModerationCounts() {
  return useQuery(moderationCountsQuery)
}

// GET /api/v1/moderation/tools?page=: tools submitted for approval, oldest first (moderators and admins).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ModerationToolsResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const moderationToolsQuery = (page: number) =>
  queryOptions({
    queryKey: ['moderation', 'tools', page],
    queryFn: ({ signal }) => apiFetch<ModerationToolsResponse>('/api/v1/moderation/tools', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useModerationTools(page: number) {
  return useQuery(moderationToolsQuery(page))
}

// GET /api/v1/moderation/log?page=&action=: who did what, when, before and after (admins).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ModerationAction, ModerationLogResponse } from '#contracts/moderation.ts'
import { apiFetch } from '../../../lib/api.ts'

export const moderationLogQuery = (params: { page: number; action: ModerationAction | null }) =>
  queryOptions({
    queryKey: ['moderation', 'log', params],
    queryFn: ({ signal }) =>
      apiFetch<ModerationLogResponse>('/api/v1/moderation/log', {
        query: { page: params.page, action: params.action ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useModerationLog(params: { page: number; action: ModerationAction | null }) {
  return useQuery(moderationLogQuery(params))
}

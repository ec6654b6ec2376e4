// GET /api/v1/notifications/unsubscribe?token=: whether the digest link's user still gets the weekly digest.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UnsubscribeResponse } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'

export const unsubscribeStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      apiFetch<UnsubscribeResponse>('/api/v1/notifications/unsubscribe', { query: { token }, signal }),
    retry: false,
  })

export function useUnsubscribeStatus(token: string) {
  return useQuery(unsubscribeStatusQuery(token))
}

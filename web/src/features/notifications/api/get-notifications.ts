// GET /api/v1/notifications/index?page=: the user's notifications, newest first; an empty page is the end.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { NotificationsIndexResponse } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'

export const NOTIFICATIONS_KEY = ['notifications'] as const

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'index'],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<NotificationsIndexResponse>('/api/v1/notifications/index', { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    // spec: "An empty result stops further loading"
    getNextPageParam: (last) => (last.notifications.length === 0 ? undefined : last.page + 1),
  })

export function useNotifications() {
  return useInfiniteQuery(notificationsQuery())
}

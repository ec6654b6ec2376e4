// GET /api/v1/notifications/settings: which notifications the user receives, and the weekly digest.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { NotificationSettings } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'

export const notificationSettingsQuery = queryOptions({
  queryKey: ['notification-settings'],
  queryFn: ({ signal }) => apiFetch<NotificationSettings>('/api/v1/notifications/settings', { signal }),
})

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery)
}

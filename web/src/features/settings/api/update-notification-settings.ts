// POST /api/v1/notifications/settings: switches types and the weekly digest; answers the settings as saved.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettings, UpdateNotificationSettingsBody } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'
import { notificationSettingsQuery } from './get-notification-settings.ts'

export const updateNotificationSettings = (body: UpdateNotificationSettingsBody) =>
  apiFetch<NotificationSettings>('/api/v1/notifications/settings', { method: 'POST', body })

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQuery.queryKey, saved),
  })
}

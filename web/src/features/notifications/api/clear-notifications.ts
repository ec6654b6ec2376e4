// POST /api/v1/notifications/clear: sent on opening the bell; marks every notification seen.
import type { NotificationCounts } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'

export const clearNotifications = () =>
  apiFetch<NotificationCounts>('/api/v1/notifications/clear', { method: 'POST', body: {} })

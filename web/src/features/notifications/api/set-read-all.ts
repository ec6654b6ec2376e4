// POST /api/v1/notifications/set_read_all: Mark All as Read.
import type { NotificationCounts } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'

export const setReadAll = () =>
  apiFetch<NotificationCounts>('/api/v1/notifications/set_read_all', { method: 'POST', body: {} })

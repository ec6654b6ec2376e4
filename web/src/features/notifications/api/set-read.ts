// POST /api/v1/notifications/set_read: the read and seen keys of the local cache; a 200 clears the cache.
import type { NotificationCounts, SetReadBody } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'

export const setRead = (body: SetReadBody) =>
  apiFetch<NotificationCounts>('/api/v1/notifications/set_read', { method: 'POST', body })

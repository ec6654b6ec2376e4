// GET /api/v1/admin/mail/{id}: one e-mail of the outbox with its text (site admins).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminMailMessageResponse } from '#contracts/mail.ts'
import { apiFetch } from '../../../lib/api.ts'

export const getAdminMailMessage = (id: number) => apiFetch<AdminMailMessageResponse>(`/api/v1/admin/mail/${id}`)

export const adminMailMessageQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'mail', 'message', id], queryFn: () => getAdminMailMessage(id), staleTime: 0 })

export function useAdminMailMessage(id: number) {
  return useQuery(adminMailMessageQuery(id))
}

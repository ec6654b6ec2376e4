// GET /api/v1/admin/mail?status=&page=: the e-mail outbox, newest first (site admins).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminMailResponse, MailStatus } from '#contracts/mail.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface AdminMailParams {
  status?: MailStatus
  page: number
}

export const getAdminMail = (params: AdminMailParams) =>
  apiFetch<AdminMailResponse>('/api/v1/admin/mail', { query: { status: params.status, page: params.page } })

export const adminMailQuery = (params: AdminMailParams) =>
  queryOptions({
    queryKey: ['admin', 'mail', 'list', params],
    queryFn: () => getAdminMail(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useAdminMail(params: AdminMailParams) {
  return useQuery(adminMailQuery(params))
}

// GET /api/v1/admin/users?q=&page=: the user directory (admins).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminUsersResponse } from '#contracts/admin.ts'
import { apiFetch } from '../../../lib/api.ts'

export const getAdminUsers = (params: { q: string; page: number }) =>
  apiFetch<AdminUsersResponse>('/api/v1/admin/users', { query: { q: params.q || undefined, page: params.page } })

export const adminUsersQuery = (params: { q: string; page: number }) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useAdminUsers(params: { q: string; page: number }) {
  return useQuery(adminUsersQuery(params))
}

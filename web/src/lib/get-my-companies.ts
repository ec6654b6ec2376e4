// GET /api/v1/companies/index: the signed-in user's companies with private_mode and admins (owner tiles and picker).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompaniesIndexResponse } from '#contracts/companies.ts'
import { apiFetch } from './api.ts'

export const myCompaniesQuery = queryOptions({
  queryKey: ['companies', 'mine'],
  queryFn: ({ signal }) => apiFetch<CompaniesIndexResponse>('/api/v1/companies/index', { signal }),
  staleTime: 0,
})

export function useMyCompanies(options: { enabled: boolean }) {
  return useQuery({ ...myCompaniesQuery, enabled: options.enabled })
}

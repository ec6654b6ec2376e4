// GET /api/v1/admin/company_verifications?page=: companies waiting for an admin to verify them, newest first (admins).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyVerificationsResponse } from '#contracts/company-verification.ts'
import { apiFetch } from '../../../lib/api.ts'

export const companyVerificationsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'company-verifications', page],
    queryFn: ({ signal }) =>
      apiFetch<CompanyVerificationsResponse>('/api/v1/admin/company_verifications', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useCompanyVerifications(page: number) {
  return useQuery(companyVerificationsQuery(page))
}

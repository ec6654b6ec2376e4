// GET /api/v1/companies/{slug}: the company page and the stacks the viewer may see.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyPage } from '#contracts/companies.ts'
import { apiFetch } from '../../../lib/api.ts'
import { staleUnlessServerAnswer } from '../../../lib/page-state.ts'

export const companyPageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['company-page', slug.toLowerCase()],
    queryFn: ({ signal }) => apiFetch<CompanyPage>(`/api/v1/companies/${encodeURIComponent(slug)}`, { signal }),
    // Its stacks change on other pages (the wizard, I Use This): show what is cached, then check again (not
    // while hydrating a server-rendered page: its answer has just arrived).
    staleTime: staleUnlessServerAnswer,
  })

export function useCompanyPage(slug: string) {
  return useQuery(companyPageQuery(slug))
}

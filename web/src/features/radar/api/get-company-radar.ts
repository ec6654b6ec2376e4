// GET /api/v1/companies/{slug}/radar: the company's Tech Radar as the viewer may see it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyRadar } from '#contracts/radar.ts'
import { apiFetch } from '../../../lib/api.ts'
import { staleUnlessServerAnswer } from '../../../lib/page-state.ts'

export const companyRadarQuery = (slug: string) =>
  queryOptions({
    queryKey: ['company-radar', slug.toLowerCase()],
    queryFn: ({ signal }) => apiFetch<CompanyRadar>(`/api/v1/companies/${encodeURIComponent(slug)}/radar`, { signal }),
    // stacks change on other pages: check again, except while hydrating the server's page
    staleTime: staleUnlessServerAnswer,
  })

export function useCompanyRadar(slug: string) {
  return useQuery(companyRadarQuery(slug))
}

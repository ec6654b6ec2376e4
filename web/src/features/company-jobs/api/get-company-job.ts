// GET /api/v1/companies/{slug}/jobs/{id}: one job with every field of the job form, for the company's admins.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyJobResponse } from '#contracts/jobs.ts'
import { apiFetch } from '../../../lib/api.ts'

export const companyJobQuery = (slug: string, id: number) =>
  queryOptions({
    queryKey: ['company-jobs', slug.toLowerCase(), id],
    queryFn: ({ signal }) =>
      apiFetch<CompanyJobResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/jobs/${id}`, { signal }),
    retry: false,
    // the form starts from what the server has now
    staleTime: 0,
  })

export function useCompanyJob(slug: string, id: number, enabled = true) {
  return useQuery({ ...companyJobQuery(slug, id), enabled })
}

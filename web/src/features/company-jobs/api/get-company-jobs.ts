// GET /api/v1/companies/{slug}/jobs: the company's jobs with their status, for its admins.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyJobsResponse } from '#contracts/jobs.ts'
import { apiFetch } from '../../../lib/api.ts'

export const companyJobsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['company-jobs', slug.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<CompanyJobsResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/jobs`, { signal }),
    retry: false,
  })

export function useCompanyJobs(slug: string, enabled = true) {
  return useQuery({ ...companyJobsQuery(slug), enabled })
}

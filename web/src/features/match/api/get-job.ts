// GET /api/v1/jobs/{slug}: a job's page with its full tool list.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { JobResponse } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'

export const jobQuery = (slug: string) =>
  queryOptions({
    queryKey: ['match', 'job', slug],
    queryFn: () => apiFetch<JobResponse>(`/api/v1/jobs/${encodeURIComponent(slug)}`),
  })

export function useJob(slug: string) {
  return useQuery(jobQuery(slug))
}

// GET /api/v1/match/job_stack: the signed-in user's tools to include and to exclude.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { JobStackResponse } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'

export const jobStackQuery = queryOptions({
  queryKey: ['match', 'job-stack'],
  queryFn: () => apiFetch<JobStackResponse>('/api/v1/match/job_stack'),
})

export function useJobStack(enabled: boolean) {
  return useQuery({ ...jobStackQuery, enabled })
}

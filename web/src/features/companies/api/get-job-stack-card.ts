// GET /api/v1/match/companies/{slug}/job_stack_card: the viewer's match with the company's jobs and the link to them
// (spec §2 'Job-stack card'). It depends on who asks: refetched after signing in like every query.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { JobStackCardResponse } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'

export const jobStackCardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['company-page', slug.toLowerCase(), 'job-stack-card'],
    queryFn: ({ signal }) =>
      apiFetch<JobStackCardResponse>(`/api/v1/match/companies/${encodeURIComponent(slug)}/job_stack_card`, { signal }),
  })

export function useJobStackCard(slug: string) {
  return useQuery(jobStackCardQuery(slug))
}

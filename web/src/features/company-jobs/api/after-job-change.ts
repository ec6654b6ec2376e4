// What a posted, edited, expired or deleted job changes on this page's client: the company's job list and its page's
// job-stack card (job_count), the job pages and any Stack Match results it holds (jobs, and the companies' job_count). Asked again when shown next; the server answers them
// afresh, as match_version rose with the change (docs/decisions/030-stack-match-answer-cache.md).
import type { QueryClient } from '@tanstack/react-query'

export function afterJobChange(queryClient: QueryClient, slug: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['company-jobs', slug.toLowerCase()] }),
    queryClient.invalidateQueries({ queryKey: ['company-page', slug.toLowerCase(), 'job-stack-card'] }),
    queryClient.invalidateQueries({ queryKey: ['match', 'job'] }),
    queryClient.invalidateQueries({ queryKey: ['match', 'jobs'] }),
    queryClient.invalidateQueries({ queryKey: ['match', 'companies'] }),
  ])
}

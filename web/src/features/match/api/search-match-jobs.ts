// GET /api/v1/match/jobs: the job index, 20 hits a page; pages append (Load More).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { JobsPage } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'
import { type MatchSearch, matchSearchQuery } from './match-search.ts'

export const searchMatchJobsQuery = (search: MatchSearch) =>
  infiniteQueryOptions({
    queryKey: ['match', 'jobs', search],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<JobsPage>('/api/v1/match/jobs', { query: { ...matchSearchQuery(search), page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: search.selectedTools.length > 0 || search.excludedTools.length > 0,
  })

export function useSearchMatchJobs(search: MatchSearch) {
  return useInfiniteQuery(searchMatchJobsQuery(search))
}

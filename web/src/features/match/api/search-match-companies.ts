// GET /api/v1/match/companies: the company index (a company's public stacks' tools, job_count), 20 a page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { CompaniesPage } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'
import { type MatchSearch, matchSearchQuery } from './match-search.ts'

export const searchMatchCompaniesQuery = (search: MatchSearch) =>
  infiniteQueryOptions({
    queryKey: ['match', 'companies', search],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<CompaniesPage>('/api/v1/match/companies', {
        query: { ...matchSearchQuery(search), page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: search.selectedTools.length > 0 || search.excludedTools.length > 0,
  })

export function useSearchMatchCompanies(search: MatchSearch) {
  return useInfiniteQuery(searchMatchCompaniesQuery(search))
}

// GET /api/v1/services/search?q=&page=&packages=: the builder's remote tool search, 20 hits a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PagedToolsResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface BuilderSearch {
  q: string
  page: number
  packages: boolean
}

export const builderSearchQuery = ({ q, page, packages }: BuilderSearch) =>
  queryOptions({
    queryKey: ['stack-builder', 'search', { q, page, packages }],
    queryFn: ({ signal }) =>
      apiFetch<PagedToolsResponse>('/api/v1/services/search', {
        query: { q, page, packages: packages ? 'true' : undefined },
        signal,
      }),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  })

export function useBuilderSearch(search: BuilderSearch) {
  return useQuery({ ...builderSearchQuery(search), placeholderData: keepPreviousData })
}

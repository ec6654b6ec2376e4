// GET /api/v1/services/search?q=&page=&packages=: tool search, 20 hits a page (docs/decisions/006-tool-search.md).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PagedToolsResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface ToolSearch {
  q: string
  page: number
  packages: boolean
}

export const searchToolsQuery = ({ q, page, packages }: ToolSearch) =>
  queryOptions({
    queryKey: ['tools', 'search', { q, page, packages }],
    queryFn: ({ signal }) =>
      apiFetch<PagedToolsResponse>('/api/v1/services/search', {
        query: { q, page, packages: packages ? 'true' : undefined },
        signal,
      }),
    enabled: q.trim().length > 0,
  })

export function useSearchTools(search: ToolSearch) {
  return useQuery({ ...searchToolsQuery(search), placeholderData: keepPreviousData })
}

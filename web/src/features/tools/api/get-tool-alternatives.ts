// GET /api/v1/tools/{slug}/alternatives?page=: the tool's alternatives, a page at a time (404 unless it is public).
import { infiniteQueryOptions } from '@tanstack/react-query'
import type { ToolAlternativesResponse } from '#contracts/tool-page.ts'
import { apiFetch } from '../../../lib/api.ts'

export const toolAlternativesQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['tools', 'alternatives', slug],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ToolAlternativesResponse>(`/api/v1/tools/${encodeURIComponent(slug)}/alternatives`, {
        query: { page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: ToolAlternativesResponse) => (last.has_more ? last.page + 1 : undefined),
  })

// GET /api/v1/services/popular_services: the most popular approved tools (home page, stack builder grid).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ToolListResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export const popularToolsQuery = queryOptions({
  queryKey: ['tools', 'popular'],
  queryFn: ({ signal }) => apiFetch<ToolListResponse>('/api/v1/services/popular_services', { signal }),
  staleTime: 5 * 60_000,
})

export function usePopularTools() {
  return useQuery(popularToolsQuery)
}

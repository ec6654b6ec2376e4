// GET /api/v1/services/popular_services: the builder's Popular Tools grid and its instant local filter.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ToolListResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export const builderPopularToolsQuery = queryOptions({
  queryKey: ['stack-builder', 'popular-tools'],
  queryFn: ({ signal }) => apiFetch<ToolListResponse>('/api/v1/services/popular_services', { signal }),
  staleTime: 5 * 60_000,
})

export function useBuilderPopularTools() {
  return useQuery(builderPopularToolsQuery)
}

// GET /api/v1/tools/newest: the newest approved tools (home page).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ToolListResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export const newestToolsQuery = queryOptions({
  queryKey: ['tools', 'newest'],
  queryFn: ({ signal }) => apiFetch<ToolListResponse>('/api/v1/tools/newest', { signal }),
  staleTime: 5 * 60_000,
})

export function useNewestTools() {
  return useQuery(newestToolsQuery)
}

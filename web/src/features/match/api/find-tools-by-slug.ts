// GET /services/find_all_by_actual_slug?slugs=a,b: the tools named in the URL, for the include/exclude pickers.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ToolListResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export const findToolsBySlugQuery = (slugs: string[]) =>
  queryOptions({
    queryKey: ['match', 'tools-by-slug', slugs],
    queryFn: () =>
      apiFetch<ToolListResponse>('/services/find_all_by_actual_slug', { query: { slugs: slugs.join(',') } }),
    enabled: slugs.length > 0,
    staleTime: 5 * 60_000,
  })

export function useFindToolsBySlug(slugs: string[]) {
  return useQuery(findToolsBySlugQuery(slugs))
}

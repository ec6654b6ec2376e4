// GET /services/find_all_by_slug?slugs={slug}: a URL's slug the exact lookup (find-tools-by-slug.ts) did not find,
// read loosely (a name or alias: 'nodejs' is node-js), one slug a request so each answer is its input's.
import { queryOptions, useQueries } from '@tanstack/react-query'
import type { Tool, ToolListResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export const findToolByAliasQuery = (slug: string) =>
  queryOptions({
    queryKey: ['match', 'tool-by-alias', slug],
    queryFn: ({ signal }) =>
      apiFetch<ToolListResponse>('/services/find_all_by_slug', { query: { slugs: slug }, signal }),
    staleTime: 5 * 60_000,
  })

/** The tools `slugs` resolve to, by slug asked; slugs still being asked, or resolving to nothing, are left out. */
export function useFindToolsByAlias(slugs: string[]): Record<string, Tool> {
  return useQueries({
    queries: slugs.map(findToolByAliasQuery),
    combine: (results) =>
      Object.fromEntries(
        results.flatMap((result, index) => {
          const [tool, ...others] = result.data?.tools ?? []
          const slug = slugs[index]
          return tool && others.length === 0 && slug ? [[slug, tool] as const] : []
        }),
      ),
  })
}

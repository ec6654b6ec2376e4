// GET /api/v1/companies/{slug}/code-host/repositories?page=: the synced repositories with their state, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { SyncedRepositoriesResponse } from '#contracts/code-hosts.ts'
import { apiFetch } from '../../../lib/api.ts'

export const syncedRepositoriesQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: ['code-host', slug.toLowerCase(), 'repositories', page],
    queryFn: ({ signal }) =>
      apiFetch<SyncedRepositoriesResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/code-host/repositories`, {
        query: { page },
        signal,
      }),
    retry: false,
  })

export function useSyncedRepositories(
  slug: string,
  page: number,
  { enabled, pollMs }: { enabled: boolean; pollMs?: number },
) {
  return useQuery({
    ...syncedRepositoriesQuery(slug, page),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: pollMs ?? false,
  })
}

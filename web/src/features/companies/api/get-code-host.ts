// GET /api/v1/companies/{slug}/code-host: the company's code host without its credentials, or null (company admins).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CodeHost, CodeHostResponse } from '#contracts/code-hosts.ts'
import { apiFetch } from '../../../lib/api.ts'

export const codeHostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['code-host', slug.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<CodeHostResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/code-host`, { signal }),
    retry: false,
  })

/** `pollMs` answers how often to ask again given the last answer (while a sync runs), or false. */
export function useCodeHost(slug: string, pollMs: (codeHost: CodeHost | null | undefined) => number | false) {
  return useQuery({ ...codeHostQuery(slug), refetchInterval: (query) => pollMs(query.state.data?.code_host) })
}

// GET /api/v1/stacks/{ownerSlug}/{stackSlug}: the stack page (404 for unknown stacks and for private stacks the
// viewer may not see).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StackPage } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'
import { staleUnlessServerAnswer } from '../../../lib/page-state.ts'

export const stackPageQuery = (ownerSlug: string, stackSlug: string) =>
  queryOptions({
    queryKey: ['stack-page', ownerSlug.toLowerCase(), stackSlug.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<StackPage>(`/api/v1/stacks/${encodeURIComponent(ownerSlug)}/${encodeURIComponent(stackSlug)}`, {
        signal,
      }),
    // Tools come and go through other pages (I Use This, the editor): show what is cached, then check again (not
    // while hydrating a server-rendered page: its answer has just arrived).
    staleTime: staleUnlessServerAnswer,
  })

export function useStackPage(ownerSlug: string, stackSlug: string) {
  return useQuery(stackPageQuery(ownerSlug, stackSlug))
}

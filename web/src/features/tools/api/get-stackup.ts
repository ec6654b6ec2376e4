// GET /api/v1/stackups/{a}-vs-{b}: two tools side by side, in the canonical order (404 unless both exist).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StackupResponse } from '#contracts/tool-page.ts'
import { apiFetch } from '../../../lib/api.ts'

export const stackupQuery = (pair: string) =>
  queryOptions({
    queryKey: ['tools', 'stackup', pair],
    queryFn: ({ signal }) => apiFetch<StackupResponse>(`/api/v1/stackups/${encodeURIComponent(pair)}`, { signal }),
  })

export function useStackup(pair: string) {
  return useQuery(stackupQuery(pair))
}

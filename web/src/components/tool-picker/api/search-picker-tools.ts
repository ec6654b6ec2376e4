// GET /api/v1/services/search?q=: the tools a picker offers while typing (Stack Match, the company job form).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PagedToolsResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export const searchPickerToolsQuery = (q: string) =>
  queryOptions({
    queryKey: ['tool-picker', q],
    queryFn: ({ signal }) => apiFetch<PagedToolsResponse>('/api/v1/services/search', { query: { q }, signal }),
    enabled: q.trim().length > 0,
  })

export function useSearchPickerTools(q: string) {
  return useQuery({ ...searchPickerToolsQuery(q), placeholderData: keepPreviousData })
}

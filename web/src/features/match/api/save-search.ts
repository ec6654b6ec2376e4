// POST /api/v1/match/save_search: saves keywords, location, job terms and match_exact.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedSearch, SavedSearchResponse } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'
import { savedSearchQuery } from './get-saved-search.ts'

export function useSaveSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (search: SavedSearch) =>
      apiFetch<SavedSearchResponse>('/api/v1/match/save_search', { method: 'POST', body: { search } }),
    onSuccess: (data) => queryClient.setQueryData(savedSearchQuery.queryKey, data),
  })
}

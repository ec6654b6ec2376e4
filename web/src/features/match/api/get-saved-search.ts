// GET /api/v1/match/saved_search: the signed-in user's saved search (null before one is saved).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SavedSearchResponse } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'

export const savedSearchQuery = queryOptions({
  queryKey: ['match', 'saved-search'],
  queryFn: () => apiFetch<SavedSearchResponse>('/api/v1/match/saved_search'),
})

export function useSavedSearch(enabled: boolean) {
  return useQuery({ ...savedSearchQuery, enabled })
}

// GET /api/v1/companies/search?q: company names for the suggestion box of onboarding and profile settings (spec §7).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const companySuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['company-suggestions', q],
    queryFn: ({ signal }) => apiFetch<string[]>('/api/v1/companies/search', { query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 60_000,
  })

export function useCompanySuggestions(q: string) {
  return useQuery(companySuggestionsQuery(q))
}

// GET /companies/search?name=: companies whose name contains the text (spec §7: debounced 250 ms, results cached).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { COMPANY_SEARCH_DEBOUNCE_MS, type CompanySearchResult } from '#contracts/company-customers.ts'
import { apiFetch } from '../../../lib/api.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'

export const companySearchQuery = (name: string) =>
  queryOptions({
    queryKey: ['company-search', name.toLowerCase()],
    queryFn: ({ signal }) => apiFetch<CompanySearchResult[]>('/companies/search', { query: { name }, signal }),
    // The cache: the same text typed again answers at once.
    staleTime: 5 * 60_000,
  })

/** Searches once typing pauses; spec §5: at least 1 character. */
export function useCompanySearch(text: string) {
  const name = useDebouncedValue(text.trim(), COMPANY_SEARCH_DEBOUNCE_MS)
  const query = useQuery({ ...companySearchQuery(name), enabled: name.length >= 1, placeholderData: keepPreviousData })
  return { ...query, searchedFor: name }
}

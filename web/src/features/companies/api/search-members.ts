// GET /api/v1/company_owners/search?term: people to add by username, the first 10 (spec §7: a failed search is an
// empty result).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { MEMBER_SEARCH_LIMIT, type MemberSearchResponse, type MemberSearchResult } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export async function searchMembers(term: string, companyId: number, signal?: AbortSignal) {
  try {
    const { users } = await apiFetch<MemberSearchResponse>('/api/v1/company_owners/search', {
      query: { term, company_id: companyId },
      signal,
    })
    return users.slice(0, MEMBER_SEARCH_LIMIT)
  } catch {
    return [] as MemberSearchResult[]
  }
}

export const memberSearchQuery = (term: string, companyId: number) =>
  queryOptions({
    queryKey: ['team', companyId, 'search', term.toLowerCase()],
    queryFn: ({ signal }) => searchMembers(term, companyId, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

export function useMemberSearch(term: string, companyId: number, enabled: boolean) {
  return useQuery({ ...memberSearchQuery(term, companyId), enabled: enabled && term.trim().length > 0 })
}

// GET /api/v1/company_owners?company_id: the team (members, roles, pending invitations), for its members.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TeamResponse } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const teamQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['team', companyId],
    queryFn: ({ signal }) =>
      apiFetch<TeamResponse>('/api/v1/company_owners', { query: { company_id: companyId }, signal }),
    staleTime: 0,
  })

export function useTeam(companyId: number | undefined) {
  return useQuery({ ...teamQuery(companyId ?? 0), enabled: companyId !== undefined })
}

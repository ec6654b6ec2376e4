// GET /api/v1/company_owner_invites/show?token: what an invitation link invites to, or why it no longer works.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvitationPreviewResponse } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiFetch<InvitationPreviewResponse>('/api/v1/company_owner_invites/show', { query: { token }, signal }),
    retry: false,
    staleTime: 0,
  })

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token))
}

// GET /api/v1/company_owner_invites/show?token (an e-mailed link) or ?id (the invited account, from its
// notification): what an invitation invites to, or why it no longer works.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvitationPreviewResponse, InvitationRef } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const invitationQuery = (ref: InvitationRef) =>
  queryOptions({
    queryKey: ['invitation', ref.token ?? null, ref.id ?? null],
    queryFn: ({ signal }) =>
      apiFetch<InvitationPreviewResponse>('/api/v1/company_owner_invites/show', { query: ref, signal }),
    retry: false,
    staleTime: 0,
  })

export function useInvitation(ref: InvitationRef) {
  return useQuery(invitationQuery(ref))
}

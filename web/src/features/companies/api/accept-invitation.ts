// POST /api/v1/company_owner_invites/accept: the signed-in user joins the team with the invited role.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AcceptInvitationResponse, InvitationRef } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'
import { currentUserQuery } from '../../../lib/session.tsx'

export const acceptInvitation = (ref: InvitationRef) =>
  apiFetch<AcceptInvitationResponse>('/api/v1/company_owner_invites/accept', { method: 'POST', body: ref })

export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    // the navbar's companies and the company page's member flags change
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  })
}

// POST /api/v1/company_owner_invites/decline: the invitation is withdrawn (decision 037).
import { useMutation } from '@tanstack/react-query'
import type { DeclineInvitationResponse, InvitationRef } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const declineInvitation = (ref: InvitationRef) =>
  apiFetch<DeclineInvitationResponse>('/api/v1/company_owner_invites/decline', { method: 'POST', body: ref })

export function useDeclineInvitation() {
  return useMutation({ mutationFn: declineInvitation })
}

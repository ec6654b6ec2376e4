// POST /api/v1/company_owner_invites/resend: send an invitation e-mail again with a new link (team admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResendInviteBody, ResendInviteResponse } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const resendInvite = (body: ResendInviteBody) =>
  apiFetch<ResendInviteResponse>('/api/v1/company_owner_invites/resend', { method: 'POST', body })

export function useResendInvite(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
  })
}

// POST /api/v1/admin/invitations: invite an address to create an account (site admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SendSiteInvitationBody, SiteInvitation } from '#contracts/site-invitations.ts'
import { apiFetch } from '../../../lib/api.ts'
import { siteInvitationsQuery } from './get-site-invitations.ts'

export const sendSiteInvitation = (body: SendSiteInvitationBody) =>
  apiFetch<{ invitation: SiteInvitation }>('/api/v1/admin/invitations', { method: 'POST', body })

export function useSendSiteInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendSiteInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteInvitationsQuery.queryKey }),
  })
}

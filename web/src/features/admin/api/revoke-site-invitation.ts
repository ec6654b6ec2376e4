// POST /api/v1/admin/invitations/{id}/revoke: its link no longer lets anyone sign up (site admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'
import { siteInvitationsQuery } from './get-site-invitations.ts'

export const revokeSiteInvitation = (id: number) =>
  apiFetch<{ ok: true }>(`/api/v1/admin/invitations/${id}/revoke`, { method: 'POST', body: {} })

export function useRevokeSiteInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeSiteInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteInvitationsQuery.queryKey }),
  })
}

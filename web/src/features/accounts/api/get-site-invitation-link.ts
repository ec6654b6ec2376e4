// GET /api/v1/invitations/site?token=: the address an invitation link signs up (anyone holding the link).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteInvitationLinkResponse } from '#contracts/site-invitations.ts'
import { apiFetch } from '../../../lib/api.ts'

export const getSiteInvitationLink = (token: string) =>
  apiFetch<SiteInvitationLinkResponse>('/api/v1/invitations/site', { query: { token } })

export const siteInvitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['site-invitation', token],
    queryFn: () => getSiteInvitationLink(token),
    retry: false,
    staleTime: 0,
  })

export function useSiteInvitationLink(token: string) {
  return useQuery({ ...siteInvitationLinkQuery(token), enabled: token.length > 0 })
}

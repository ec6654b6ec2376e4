// GET /api/v1/admin/invitations: pending invitations to create an account (site admins).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteInvitationsResponse } from '#contracts/site-invitations.ts'
import { apiFetch } from '../../../lib/api.ts'

export const getSiteInvitations = () => apiFetch<SiteInvitationsResponse>('/api/v1/admin/invitations')

export const siteInvitationsQuery = queryOptions({
  queryKey: ['admin', 'invitations'],
  queryFn: getSiteInvitations,
  staleTime: 0,
})

export function useSiteInvitations() {
  return useQuery(siteInvitationsQuery)
}

import type { SiteInvitation } from '#contracts/site-invitations.ts'

export function presentSiteInvitation(row: {
  id: number
  email: string
  invitedBy: string | null
  sentAt: Date
  expiresAt: Date
}): SiteInvitation {
  return {
    id: row.id,
    email: row.email,
    invited_by: row.invitedBy,
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  }
}

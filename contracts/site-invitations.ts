// Invitations to create an account (SIGNUP_MODE=invite, issue 17; docs/decisions/052-email-verification-and-invitations.md):
// site admins send them from the admin area; a company admin's e-mail invitation to the team counts too.
import { z } from 'zod'

export const SITE_INVITATION_EXPIRY_DAYS = 14
export const SITE_INVITATIONS_PER_PAGE = 50

/** The refusal of a sign-up without an invitation, naming the rule. */
export const INVITE_ONLY = 'Sign-up is by invitation only. Ask an admin to invite you.'
export const INVITATION_NOT_FOR_ADDRESS = 'This invitation is for another e-mail address.'
export const ALREADY_HAS_ACCOUNT = 'An account with that address exists already.'
export const INVITATION_GONE = 'This invitation was revoked or has expired. Ask an admin for a new one.'

/** The sign-up page an invitation's link opens (the token in the query string). */
export function siteInvitationPath(token: string): string {
  return `/join?token=${token}`
}

export const SendSiteInvitationBody = z.object({
  email: z.string().trim().toLowerCase().email('is invalid').max(254, 'is too long (maximum is 254 characters)'),
})
export type SendSiteInvitationBody = z.infer<typeof SendSiteInvitationBody>

export const SiteInvitationParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const SiteInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  invited_by: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
})
export type SiteInvitation = z.infer<typeof SiteInvitation>

export const SiteInvitationsResponse = z.object({ invitations: z.array(SiteInvitation) })
export type SiteInvitationsResponse = z.infer<typeof SiteInvitationsResponse>
export const SiteInvitationResponse = z.object({ invitation: SiteInvitation })

/** What an invitation link is for: the sign-up form fixes this address. */
export const SiteInvitationLinkQuery = z.object({ token: z.string().min(1).max(300) })
export const SiteInvitationLinkResponse = z.object({ email: z.string(), expires_at: z.string() })
export type SiteInvitationLinkResponse = z.infer<typeof SiteInvitationLinkResponse>

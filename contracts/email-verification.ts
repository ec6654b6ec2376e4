// E-mail verification (issue 17, docs/decisions/052-email-verification-and-invitations.md): a password sign-up and a
// changed address are proved by a signed, single-use link e-mailed to the address; until its address is verified an
// account can read but not act.
import { z } from 'zod'

/** A link works this long after it was sent. */
export const EMAIL_LINK_EXPIRY_HOURS = 24
/** "Resend" sends at most one link this often. */
export const EMAIL_LINK_RESEND_INTERVAL_SECONDS = 60

/** The 403 every write answers an account whose address is not verified yet. */
export function unverifiedMessage(email: string): string {
  return `Verify your e-mail address to do that. We sent a link to ${email}.`
}
/** error_msg of that 403, so the web can offer "Resend" beside it. */
export const EMAIL_UNVERIFIED = 'email_unverified'

export const LINK_INVALID = 'This link is not valid. Check that you copied all of it.'
export const LINK_EXPIRED = `This link has expired (links work for ${EMAIL_LINK_EXPIRY_HOURS} hours). Ask for a new one.`
export const LINK_USED = 'This link was already used.'
export const LINK_SUPERSEDED = 'A newer link was sent since this one: use the latest e-mail.'
export const ADDRESS_TAKEN = 'Another account uses that address now, so it cannot become yours.'
export const ALREADY_VERIFIED = 'Your e-mail address is already verified.'
export const LINK_SENT_RECENTLY = `We sent a link less than ${EMAIL_LINK_RESEND_INTERVAL_SECONDS} seconds ago: check your inbox, or try again in a minute.`

/** The landing page the e-mailed link opens (the token in the query: its dots would look like a file name). */
export function emailVerificationPath(token: string): string {
  return `/verify-email?token=${token}`
}

export const VerifyEmailBody = z.object({ token: z.string().min(1, "can't be blank").max(300, 'is invalid') })
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>

export const VerifyEmailResponse = z.object({
  /** sign_up: the account's address is verified; change: the new address replaced the old one. */
  purpose: z.enum(['sign_up', 'change']),
  email: z.string(),
})
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>

export const ResendVerificationResponse = z.object({ email: z.string() })
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponse>

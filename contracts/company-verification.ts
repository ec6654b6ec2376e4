// Company verification (specs/stack-creation-and-editing.md §5: "If the email domain differs from the website domain,
// a notice says the user must be manually verified to get the Verified badge and will be e-mailed once verified").
// A company whose contact e-mail is at its website's domain verifies itself through a link e-mailed to that address;
// any other company waits for a site admin. Decisions: docs/decisions/031-company-verification.md.
import { z } from 'zod'
import { VerificationStatus } from './companies.ts'
import { domainOfWebsite } from './company-customers.ts'
import { Id } from './stacks.ts'

export const COMPANY_VERIFICATIONS_PER_PAGE = 20
/** A confirmation link works this long after it was sent. */
export const VERIFICATION_LINK_EXPIRY_DAYS = 7
/** A company admin may ask for a new link at most this often. */
export const VERIFICATION_RESEND_INTERVAL_SECONDS = 60

/** The part after the '@', lower-cased, or null when it is not an address with a dotted domain. */
export function emailDomainOf(email: string | null | undefined): string | null {
  const domain = email?.trim().split('@')[1]?.toLowerCase().replace(/\.$/, '')
  return domain && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null
}

/** The e-mail is at the website's domain or one of its subdomains ('jo@eu.acme.io' for 'www.acme.io'). */
export function emailMatchesWebsite(websiteUrl: string | null | undefined, email: string | null | undefined): boolean {
  const site = domainOfWebsite(websiteUrl)
  const emailDomain = emailDomainOf(email)
  return Boolean(site && emailDomain && (emailDomain === site || emailDomain.endsWith(`.${site}`)))
}

/** spec §5: both domains are readable and differ, so the form shows the manual-verification notice. */
export function emailDomainDiffers(websiteUrl: string, email: string): boolean {
  return Boolean(domainOfWebsite(websiteUrl) && emailDomainOf(email)) && !emailMatchesWebsite(websiteUrl, email)
}

// spec §5, the form's notice (the company form shows it; the admins' queue explains why a company waits).
export const MANUAL_VERIFICATION_NOTICE =
  "Your email's domain is not your company's website domain, so you will need to be manually verified to get the Verified badge. We will email you once you are verified."

/** Why a company waits for an admin rather than verifying itself by e-mail. */
export const WAITING_REASONS = ['email_domain_differs', 'no_website_domain', 'no_email', 'before_email_links'] as const
export const WaitingReason = z.enum(WAITING_REASONS)
export type WaitingReason = z.infer<typeof WaitingReason>

export function waitingReasonText(
  reason: WaitingReason,
  domains: { email_domain: string | null; website_domain: string | null },
): string {
  switch (reason) {
    case 'email_domain_differs':
      return `Contact e-mail is at ${domains.email_domain}, the website at ${domains.website_domain}.`
    case 'no_website_domain':
      return 'The website has no domain an e-mail could match.'
    case 'no_email':
      return 'No contact e-mail was given.'
    case 'before_email_links':
      return 'Created before e-mail verification existed.'
  }
}

export const CompanyVerificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

/** Who a company is, as every verification answer names it. */
const CompanyReference = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), path: z.string() })
/** ... with what an admin or a link's reader looks at first. */
const CompanyIdentity = CompanyReference.extend({
  image_url: z.string().nullable(),
  website_url: z.string().nullable(),
})

export const CompanyAwaitingVerification = CompanyIdentity.extend({
  website_domain: z.string().nullable(),
  email_address: z.string().nullable(),
  email_domain: z.string().nullable(),
  creator: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  /** When it entered the queue (its creation, or the edit that sent it back). */
  waiting_since: z.string(),
  reason: WaitingReason,
})
export type CompanyAwaitingVerification = z.infer<typeof CompanyAwaitingVerification>

export const CompanyVerificationsResponse = z.object({
  companies: z.array(CompanyAwaitingVerification),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type CompanyVerificationsResponse = z.infer<typeof CompanyVerificationsResponse>

export const CompanyVerificationParams = z.object({ id: Id })

/** The answer of every verification write: the company as it is now. */
export const CompanyVerificationResult = z.object({
  company: CompanyReference.extend({ verified: z.boolean(), verification_status: VerificationStatus }),
  /** An e-mail was queued to the company's contact address (a verification, or a new confirmation link). */
  mail_queued: z.boolean(),
})
export type CompanyVerificationResult = z.infer<typeof CompanyVerificationResult>

export const VerificationTokenQuery = z.object({ token: z.string().trim().min(1).max(300) })
export const ConfirmCompanyVerificationBody = z.object({ token: z.string().trim().min(1).max(300) })
export const ResendCompanyVerificationBody = z.object({ company_id: Id })

/** GET /api/v1/companies/verification?token=: what a confirmation link is for. */
export const VerificationLinkResponse = z.object({
  company: CompanyIdentity,
  email: z.string(),
  expires_at: z.string(),
})
export type VerificationLinkResponse = z.infer<typeof VerificationLinkResponse>

export function companyVerificationPath(token: string): string {
  return `/companies/verify?token=${encodeURIComponent(token)}`
}

// The server's messages (shown as they are).
export const ALREADY_VERIFIED = 'This company is already verified.'
export const ALREADY_DECLINED = 'This company has already been dismissed from the queue.'
export const NOT_AWAITING_EMAIL =
  'This company is not waiting for a confirmation link: its e-mail is not at its website domain, so an admin verifies it.'
export const LINK_SENT_RECENTLY = 'A link was sent less than a minute ago. Please wait a moment before sending another.'
export const ONLY_ADMINS_CONFIRM =
  "Only the company's admins can verify it. Sign in with the account that manages the company and open the link again."
export const ONLY_ADMINS_RESEND = "Only the company's admins can send a new link."
export const IMPERSONATED_VERIFY = 'Impersonated users are not allowed to verify companies'
export const LINK_INVALID = 'This verification link is not valid. Check that you copied all of it.'
export const LINK_EXPIRED =
  "This verification link has expired. A company admin can send a new one from the company's edit page."
export const LINK_SUPERSEDED = 'This verification link was replaced by a newer one. Use the link in the latest e-mail.'
export const LINK_COMPANY_GONE = 'The company this link verifies no longer exists.'

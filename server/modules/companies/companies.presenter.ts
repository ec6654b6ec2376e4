import type { Company, CompanyExistsResponse, CompanyPage, VerificationStatus } from '#contracts/companies.ts'
import type { CompanyVerificationResult } from '#contracts/company-verification.ts'
import type { StackSummary } from '#contracts/stacks.ts'
import type { CompanyRole, CompanyRow } from './companies.queries.ts'

export function presentCompany(company: CompanyRow, adminIds: number[], viewerId: number | null): Company {
  return {
    id: company.id,
    type: 'Company',
    slug: company.slug,
    name: company.name,
    website_url: company.websiteUrl,
    description: company.description,
    angellist_url: company.angellistUrl,
    email_address: company.emailAddress,
    twitter_username: company.twitterUsername,
    image_url: company.imageUrl,
    private_mode: company.privateMode,
    tag_list: company.tagList,
    verified: company.verified,
    verification_status: verificationStatusOf(company),
    verification_sent_at: company.verified ? null : (company.verificationSentAt?.toISOString() ?? null),
    admins: adminIds.map((id) => ({ id })),
    current_user_admin: viewerId !== null && adminIds.includes(viewerId),
    path: companyPath(company.slug),
  }
}

export function verificationStatusOf(company: CompanyRow): VerificationStatus {
  if (company.verified) return 'verified'
  if (company.verificationMethod === 'email') return 'awaiting_email'
  if (company.verificationMethod === 'review') return company.verificationDeclinedAt ? 'declined' : 'awaiting_review'
  return 'unverified'
}

export function companyPath(slug: string): string {
  return `/companies/${slug}`
}

export function presentCompanyExists(company: CompanyRow | null, role: CompanyRole | null): CompanyExistsResponse {
  if (!company) return { exists: false, company: null }
  return {
    exists: true,
    company: {
      id: company.id,
      name: company.name,
      slug: company.slug,
      image_url: company.imageUrl,
      current_user_member: role !== null,
      current_user_admin: role === 'admin',
    },
  }
}

/** The public company page: no contact e-mail, stacks as the viewer may see them. */
export function presentCompanyPage(company: CompanyRow, role: CompanyRole | null, stacks: StackSummary[]): CompanyPage {
  return {
    company: {
      id: company.id,
      type: 'Company',
      slug: company.slug,
      name: company.name,
      path: companyPath(company.slug),
      website_url: company.websiteUrl,
      description: company.description,
      angellist_url: company.angellistUrl,
      twitter_username: company.twitterUsername,
      image_url: company.imageUrl,
      private_mode: company.privateMode,
      verified: company.verified,
      followers_count: company.followersCount,
      stacks_count: stacks.length,
      current_user_member: role !== null,
      current_user_admin: role === 'admin',
    },
    stacks,
  }
}

/** A company as verification answers name it: the admins' queue and a link's page (decision 031). */
export function presentCompanyIdentity(company: CompanyRow) {
  return {
    id: company.id,
    slug: company.slug,
    name: company.name,
    path: companyPath(company.slug),
    image_url: company.imageUrl,
    website_url: company.websiteUrl,
  }
}

/** The answer of every verification write. */
export function presentVerificationResult({
  company,
  mailQueued,
}: {
  company: CompanyRow
  mailQueued: boolean
}): CompanyVerificationResult {
  return {
    company: {
      id: company.id,
      slug: company.slug,
      name: company.name,
      path: companyPath(company.slug),
      verified: company.verified,
      verification_status: verificationStatusOf(company),
    },
    mail_queued: mailQueued,
  }
}

import type { Company, CompanyExistsResponse, CompanyPage } from '#contracts/companies.ts'
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
    verified: company.verified,
    admins: adminIds.map((id) => ({ id })),
    current_user_admin: viewerId !== null && adminIds.includes(viewerId),
    path: companyPath(company.slug),
  }
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

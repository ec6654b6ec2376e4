import { type AdminUser, ROLES, type Role } from '#contracts/admin.ts'
import { domainOfWebsite } from '#contracts/company-customers.ts'
import { type CompanyAwaitingVerification, emailDomainOf } from '#contracts/company-verification.ts'
import { presentCompanyIdentity } from '../companies/companies.presenter.ts'
import type { AwaitingReviewRow } from '../companies/company-verification.queries.ts'
import { waitingReasonOf } from '../companies/company-verification.service.ts'
import type { AdminUserRow } from './admin.queries.ts'

export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username ?? '',
    name: row.name,
    email: row.email,
    image_url: row.image,
    // Better Auth's admin plugin stores roles as text; anything unknown is a plain user.
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'user',
    created_at: row.createdAt.toISOString(),
  }
}

export function presentCompanyAwaitingVerification({
  company,
  creator,
}: AwaitingReviewRow): CompanyAwaitingVerification {
  return {
    ...presentCompanyIdentity(company),
    website_domain: domainOfWebsite(company.websiteUrl),
    email_address: company.emailAddress,
    email_domain: emailDomainOf(company.emailAddress),
    creator: creator ? { id: creator.id, username: creator.username ?? '', name: creator.name } : null,
    created_at: company.createdAt.toISOString(),
    waiting_since: (company.verificationRequestedAt ?? company.createdAt).toISOString(),
    reason: waitingReasonOf(company),
  }
}

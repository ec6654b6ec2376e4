import type { TeamCompany, TeamInvite, TeamMember } from '#contracts/teams.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import type { CompanyRow } from '../companies/companies.queries.ts'
import type { InvitationRow, MemberRow } from './teams.queries.ts'

export function presentTeamCompany(company: CompanyRow): TeamCompany {
  return {
    id: company.id,
    name: company.name,
    slug: company.slug,
    image_url: company.imageUrl,
    path: companyPath(company.slug),
  }
}

export function presentTeamMember(member: MemberRow): TeamMember {
  return {
    id: member.id,
    user_id: member.userId,
    username: member.username ?? '',
    name: member.name,
    image_url: member.image,
    role: member.role,
  }
}

export function presentTeamInvite(invitation: InvitationRow): TeamInvite {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    accepted: invitation.acceptedAt !== null,
    sent_at: invitation.sentAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  }
}

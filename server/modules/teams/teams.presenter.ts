import type { TeamCompany, TeamInvite, TeamMember } from '#contracts/teams.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import type { CompanyRow } from '../companies/companies.queries.ts'
import type { InvitationRow, InviteeRow, MemberRow } from './teams.queries.ts'

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

/** An invitation to an account shows the account, never its address (decision 037). */
export function presentTeamInvite(invitation: InvitationRow, invitee: InviteeRow | null = null): TeamInvite {
  return {
    id: invitation.id,
    email: invitation.inviteeId === null ? invitation.email : null,
    user: invitee
      ? { id: invitee.id, username: invitee.username ?? '', name: invitee.name, image_url: invitee.image }
      : null,
    role: invitation.role,
    accepted: invitation.acceptedAt !== null,
    sent_at: invitation.sentAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  }
}

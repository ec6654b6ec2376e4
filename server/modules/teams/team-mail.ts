// The team's e-mails: an invitation with its signed link, and the note to someone added by username. Queued through
// the outbox in the caller's transaction (docs/decisions/014-mail-outbox.md).
import { INVITATION_EXPIRY_DAYS, invitationPath, type TeamRole } from '#contracts/teams.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { escapeHtml } from '../../http/page-head.ts'
import { enqueueMail, oneLine } from '../mail/mail.service.ts'

type Inviter = { name: string; username: string | null }

const roleLabel = (role: TeamRole) => (role === 'admin' ? 'an admin' : 'a member')

function inviterLabel(inviter: Inviter) {
  return inviter.username ? `${inviter.name} (@${inviter.username})` : inviter.name
}

export async function enqueueInvitationMail(
  tx: Db,
  config: Pick<AppConfig, 'baseUrl' | 'siteName'>,
  input: { to: string; companyName: string; role: TeamRole; inviter: Inviter; token: string; invitationId: number },
) {
  const link = `${config.baseUrl}${invitationPath(input.token)}`
  const who = inviterLabel(input.inviter)
  const subject = oneLine(`${input.inviter.name} invited you to join ${input.companyName}'s team on ${config.siteName}`)
  const text = [
    'Hi,',
    '',
    `${who} invited you to join ${input.companyName}'s team on ${config.siteName} as ${roleLabel(input.role)}.`,
    '',
    'Accept the invitation:',
    link,
    '',
    `The link works for ${INVITATION_EXPIRY_DAYS} days. Sign in, or sign up, and the team is yours to join.`,
    "If you weren't expecting this, you can ignore this e-mail.",
  ].join('\n')
  const html = [
    '<p>Hi,</p>',
    `<p>${escapeHtml(who)} invited you to join <strong>${escapeHtml(input.companyName)}</strong>'s team on ${escapeHtml(config.siteName)} as ${roleLabel(input.role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>The link works for ${INVITATION_EXPIRY_DAYS} days. If you weren't expecting this, you can ignore this e-mail.</p>`,
  ].join('\n')
  return enqueueMail(tx, { to: input.to, subject, text, html, kind: 'team.invitation' })
}

export async function enqueueMemberAddedMail(
  tx: Db,
  config: Pick<AppConfig, 'baseUrl' | 'siteName'>,
  input: { to: string; companyName: string; companySlug: string; role: TeamRole; inviter: Inviter },
) {
  const link = `${config.baseUrl}/companies/${input.companySlug}/team`
  const who = inviterLabel(input.inviter)
  const subject = oneLine(`You're now on ${input.companyName}'s team on ${config.siteName}`)
  const text = [
    'Hi,',
    '',
    `${who} added you to ${input.companyName}'s team on ${config.siteName} as ${roleLabel(input.role)}.`,
    '',
    'See your team:',
    link,
    '',
    'If you would rather not be on this team, open the link and choose Leave My Team.',
  ].join('\n')
  const html = [
    '<p>Hi,</p>',
    `<p>${escapeHtml(who)} added you to <strong>${escapeHtml(input.companyName)}</strong>'s team on ${escapeHtml(config.siteName)} as ${roleLabel(input.role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">See your team</a></p>`,
    '<p>If you would rather not be on this team, open the link and choose Leave My Team.</p>',
  ].join('\n')
  return enqueueMail(tx, { to: input.to, subject, text, html, kind: 'team.member_added' })
}

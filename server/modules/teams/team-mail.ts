// The team's e-mail: an invitation with its signed link, to an address or to an account invited by username (decision
// 037). Queued through the outbox in the caller's transaction (docs/decisions/014-mail-outbox.md).
import { INVITATION_EXPIRY_DAYS, invitationPath, type TeamRole } from '#contracts/teams.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { escapeHtml } from '../../http/page-head.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { enqueueMail, oneLine } from '../mail/mail.service.ts'

type Inviter = { name: string; username: string | null }

const roleLabel = (role: TeamRole) => (role === 'admin' ? 'an admin' : 'a member')

function inviterLabel(inviter: Inviter) {
  return inviter.username ? `${inviter.name} (@${inviter.username})` : inviter.name
}

export async function enqueueInvitationMail(
  tx: Db,
  jobQueue: JobQueue,
  config: Pick<AppConfig, 'baseUrl' | 'siteName'>,
  input: {
    to: string
    companyName: string
    role: TeamRole
    inviter: Inviter
    /** The invited account, for an invitation by username: only it may accept or decline. */
    inviteeUsername: string | null
    token: string
    invitationId: number
  },
) {
  const link = `${config.baseUrl}${invitationPath(input.token)}`
  const who = inviterLabel(input.inviter)
  const howToAnswer = input.inviteeUsername
    ? `Sign in as @${input.inviteeUsername} to accept or decline it.`
    : 'Sign in, or sign up, and the team is yours to join.'
  const subject = oneLine(`${input.inviter.name} invited you to join ${input.companyName}'s team on ${config.siteName}`)
  const text = [
    'Hi,',
    '',
    `${who} invited you to join ${input.companyName}'s team on ${config.siteName} as ${roleLabel(input.role)}.`,
    '',
    'Accept the invitation:',
    link,
    '',
    `The link works for ${INVITATION_EXPIRY_DAYS} days. ${howToAnswer}`,
    "If you weren't expecting this, you can ignore this e-mail.",
  ].join('\n')
  const html = [
    '<p>Hi,</p>',
    `<p>${escapeHtml(who)} invited you to join <strong>${escapeHtml(input.companyName)}</strong>'s team on ${escapeHtml(config.siteName)} as ${roleLabel(input.role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>The link works for ${INVITATION_EXPIRY_DAYS} days. ${escapeHtml(howToAnswer)} If you weren't expecting this, you can ignore this e-mail.</p>`,
  ].join('\n')
  return enqueueMail(tx, jobQueue, { to: input.to, subject, text, html, kind: 'team.invitation' })
}

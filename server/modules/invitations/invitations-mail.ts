// The invitation to create an account (SIGNUP_MODE=invite), queued through the outbox in the caller's transaction.
import { SITE_INVITATION_EXPIRY_DAYS, siteInvitationPath } from '#contracts/site-invitations.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { escapeHtml } from '../../http/page-head.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { enqueueMail, oneLine } from '../mail/mail.service.ts'

export async function enqueueSiteInvitationMail(
  tx: Db,
  jobQueue: JobQueue,
  config: Pick<AppConfig, 'baseUrl' | 'siteName'>,
  input: { to: string; inviter: { name: string; username: string }; token: string },
) {
  const link = `${config.baseUrl}${siteInvitationPath(input.token)}`
  const who = `${input.inviter.name} (@${input.inviter.username})`
  const subject = oneLine(`${input.inviter.name} invited you to ${config.siteName}`)
  const text = [
    'Hi,',
    '',
    `${who} invited you to create an account on ${config.siteName}.`,
    '',
    'Create your account:',
    link,
    '',
    `The link works for ${SITE_INVITATION_EXPIRY_DAYS} days. If you weren't expecting this, you can ignore this e-mail.`,
  ].join('\n')
  const html = [
    '<p>Hi,</p>',
    `<p>${escapeHtml(who)} invited you to create an account on ${escapeHtml(config.siteName)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Create your account</a></p>`,
    `<p>The link works for ${SITE_INVITATION_EXPIRY_DAYS} days. If you weren't expecting this, you can ignore this e-mail.</p>`,
  ].join('\n')
  return enqueueMail(tx, jobQueue, { to: input.to, subject, text, html, kind: 'site.invitation' })
}

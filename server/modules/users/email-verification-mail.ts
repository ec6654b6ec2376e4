// E-mail verification's messages, queued through the outbox in the caller's transaction (decision 014): the link to
// an address (a new account's, or a new address for an existing one) and, once a new address replaced the old one,
// the note to the old address.
import { EMAIL_LINK_EXPIRY_HOURS, emailVerificationPath } from '#contracts/email-verification.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { escapeHtml } from '../../http/page-head.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { enqueueMail, oneLine } from '../mail/mail.service.ts'
import type { VerificationPurpose } from './email-verification.queries.ts'

type MailConfig = Pick<AppConfig, 'baseUrl' | 'siteName'>
type Recipient = { name: string; username: string }

export async function enqueueEmailVerificationMail(
  tx: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  input: { to: string; user: Recipient; purpose: VerificationPurpose; token: string },
) {
  const link = `${config.baseUrl}${emailVerificationPath(input.token)}`
  const greeting = `Hi ${input.user.name || input.user.username},`
  const why =
    input.purpose === 'sign_up'
      ? `Confirm that this is your address to finish creating your ${config.siteName} account @${input.user.username}:`
      : `You asked to make this the e-mail address of your ${config.siteName} account @${input.user.username}. It replaces the old one when you open this link:`
  const subject = oneLine(
    input.purpose === 'sign_up'
      ? `Verify your e-mail address for ${config.siteName}`
      : `Confirm your new e-mail address for ${config.siteName}`,
  )
  const ignore = "If you didn't ask for this, ignore this e-mail: nothing changes unless the link is opened."
  const text = [greeting, '', why, link, '', `The link works once, for ${EMAIL_LINK_EXPIRY_HOURS} hours.`, ignore].join(
    '\n',
  )
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(why)}</p>`,
    `<p><a href="${escapeHtml(link)}">Verify ${escapeHtml(input.to)}</a></p>`,
    `<p>The link works once, for ${EMAIL_LINK_EXPIRY_HOURS} hours. ${escapeHtml(ignore)}</p>`,
  ].join('\n')
  return enqueueMail(tx, jobQueue, {
    to: input.to,
    subject,
    text,
    html,
    kind: input.purpose === 'sign_up' ? 'account.verify_email' : 'account.confirm_new_email',
  })
}

/** To the old address once a new one replaced it (so a change its owner did not make does not go unnoticed). */
export async function enqueueEmailChangedMail(
  tx: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  input: { to: string; newEmail: string; user: Recipient },
) {
  return enqueueMail(tx, jobQueue, {
    to: input.to,
    kind: 'account.email_changed',
    subject: oneLine(`Your ${config.siteName} e-mail address was changed`),
    text: [
      `Hi ${input.user.name || input.user.username},`,
      '',
      `The e-mail address of your ${config.siteName} account @${input.user.username} was changed to ${input.newEmail}:`,
      'the link sent there was opened. Every other session was signed out when the change was asked for.',
      '',
      'If you did not do this, reply to this message at once.',
    ].join('\n'),
  })
}

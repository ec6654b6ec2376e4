// Company verification's two e-mails, to the company's contact address, queued through the outbox in the caller's
// transaction (docs/decisions/014-mail-outbox.md, 031-company-verification.md): the confirmation link (contact e-mail
// at the website's domain) and "you are verified" (spec §5: "will be e-mailed once verified").
import { companyVerificationPath, VERIFICATION_LINK_EXPIRY_DAYS } from '#contracts/company-verification.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { escapeHtml } from '../../http/page-head.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { enqueueMail, oneLine } from '../mail/mail.service.ts'
import { companyPath } from './companies.presenter.ts'

type MailConfig = Pick<AppConfig, 'baseUrl' | 'siteName'>
type MailCompany = { name: string; slug: string; websiteUrl: string | null }

export async function enqueueVerificationLinkMail(
  tx: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  input: { to: string; company: MailCompany; token: string },
) {
  const link = `${config.baseUrl}${companyVerificationPath(input.token)}`
  const { company } = input
  const website = company.websiteUrl ? ` (${company.websiteUrl})` : ''
  const subject = oneLine(`Verify ${company.name} on ${config.siteName}`)
  const text = [
    'Hi,',
    '',
    `${company.name}${website} was added to ${config.siteName} with this address as its contact e-mail.`,
    `If you manage ${company.name}'s page, open this link while signed in as one of its admins to give it the Verified badge:`,
    link,
    '',
    `The link works for ${VERIFICATION_LINK_EXPIRY_DAYS} days.`,
    "If you weren't expecting this, you can ignore this e-mail: nothing is verified unless one of the company's admins opens the link.",
  ].join('\n')
  const html = [
    '<p>Hi,</p>',
    `<p><strong>${escapeHtml(company.name)}</strong>${escapeHtml(website)} was added to ${escapeHtml(config.siteName)} with this address as its contact e-mail.</p>`,
    `<p>If you manage ${escapeHtml(company.name)}'s page, open this link while signed in as one of its admins to give it the Verified badge:</p>`,
    `<p><a href="${escapeHtml(link)}">Verify ${escapeHtml(company.name)}</a></p>`,
    `<p>The link works for ${VERIFICATION_LINK_EXPIRY_DAYS} days. If you weren't expecting this, you can ignore this e-mail: nothing is verified unless one of the company's admins opens the link.</p>`,
  ].join('\n')
  return enqueueMail(tx, jobQueue, { to: input.to, subject, text, html, kind: 'company.verification_link' })
}

export async function enqueueCompanyVerifiedMail(
  tx: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  input: { to: string; company: MailCompany },
) {
  const link = `${config.baseUrl}${companyPath(input.company.slug)}`
  const { company } = input
  const subject = oneLine(`${company.name} is verified on ${config.siteName}`)
  const text = [
    'Hi,',
    '',
    `Good news: ${company.name} is now verified on ${config.siteName}, and its page shows the Verified badge.`,
    '',
    'See it here:',
    link,
  ].join('\n')
  const html = [
    '<p>Hi,</p>',
    `<p>Good news: <strong>${escapeHtml(company.name)}</strong> is now verified on ${escapeHtml(config.siteName)}, and its page shows the Verified badge.</p>`,
    `<p><a href="${escapeHtml(link)}">See ${escapeHtml(company.name)}'s page</a></p>`,
  ].join('\n')
  return enqueueMail(tx, jobQueue, { to: input.to, subject, text, html, kind: 'company.verified' })
}

// Company verification's rules (docs/decisions/031-company-verification.md). A company whose contact e-mail is at its
// website's domain gets a signed link at that address, which verifies it when one of the company's own admins opens
// it (so typing someone else's address gets nobody a badge); any other company waits in the site admins' queue, and
// the admin's Verify e-mails the contact address (spec §5: "will be e-mailed once verified"). Every write takes the
// company row's lock first and runs in one transaction with its e-mail.
import { domainOfWebsite } from '#contracts/company-customers.ts'
import {
  ALREADY_DECLINED,
  ALREADY_VERIFIED,
  emailDomainOf,
  emailMatchesWebsite,
  LINK_COMPANY_GONE,
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_SENT_RECENTLY,
  LINK_SUPERSEDED,
  NOT_AWAITING_EMAIL,
  ONLY_ADMINS_CONFIRM,
  ONLY_ADMINS_RESEND,
  VERIFICATION_LINK_EXPIRY_DAYS,
  VERIFICATION_RESEND_INTERVAL_SECONDS,
  type WaitingReason,
} from '#contracts/company-verification.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.ts'
import { assertResendInterval } from '../../http/resend-interval.ts'
import { newLinkNonce, signLinkToken, verifyLinkToken } from '../../http/signed-link.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { track } from '../analytics/analytics.service.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import { lockCompany } from '../teams/teams.queries.ts'
import { type CompanyRow, findCompanyById, findCompanyRole } from './companies.queries.ts'
import { setCompanyVerification } from './company-verification.queries.ts'
import { enqueueCompanyVerifiedMail, enqueueVerificationLinkMail } from './company-verification-mail.ts'

export type VerificationConfig = Pick<AppConfig, 'baseUrl' | 'siteName' | 'authSecret' | 'rateLimitEnabled'>
export type VerificationOutcome = { company: CompanyRow; mailQueued: boolean }

const EXPIRY_SECONDS = VERIFICATION_LINK_EXPIRY_DAYS * 86_400

/** Why a company is in the admins' queue rather than verifying itself by e-mail. */
export function waitingReasonOf(company: CompanyRow): WaitingReason {
  if (!emailDomainOf(company.emailAddress)) return 'no_email'
  if (!domainOfWebsite(company.websiteUrl)) return 'no_website_domain'
  if (!emailMatchesWebsite(company.websiteUrl, company.emailAddress)) return 'email_domain_differs'
  return 'before_email_links'
}

/** Whole seconds, so the token's expiry and the stored send time are the same instant. */
const nowInSeconds = () => new Date(Math.floor(Date.now() / 1000) * 1000)

function linkTokenFor(secret: string, company: CompanyRow): string {
  return signLinkToken(secret, 'company-verification', {
    id: company.id,
    nonce: company.verificationNonce!,
    expiresAt: Math.floor(company.verificationSentAt!.getTime() / 1000) + EXPIRY_SECONDS,
  })
}

async function sendVerificationLink(tx: Db, jobQueue: JobQueue, config: VerificationConfig, company: CompanyRow) {
  const withLink = await setCompanyVerification(tx, company.id, {
    verificationNonce: newLinkNonce(),
    verificationSentAt: nowInSeconds(),
  })
  await enqueueVerificationLinkMail(tx, jobQueue, config, {
    to: withLink.emailAddress!,
    company: withLink,
    token: linkTokenFor(config.authSecret, withLink),
  })
  return withLink
}

/**
 * A new round, in the caller's transaction (creation, or an edit that changes who the company says it is): unverified,
 * out of any earlier decision, then a link to the contact address when it is at the website's domain, or the queue.
 */
export async function startCompanyVerification(
  tx: Db,
  jobQueue: JobQueue,
  config: VerificationConfig,
  company: CompanyRow,
): Promise<VerificationOutcome> {
  const byEmail = emailMatchesWebsite(company.websiteUrl, company.emailAddress)
  const reset = await setCompanyVerification(tx, company.id, {
    verified: false,
    verificationMethod: byEmail ? 'email' : 'review',
    verificationRequestedAt: new Date(),
    verificationNonce: null,
    verificationSentAt: null,
    verifiedAt: null,
    verifiedById: null,
    verificationDeclinedAt: null,
    verificationDeclinedById: null,
  })
  if (!byEmail) return { company: reset, mailQueued: false }
  return { company: await sendVerificationLink(tx, jobQueue, config, reset), mailQueued: true }
}

/**
 * After an edit: a verified company keeps its badge unless its name or website domain changed (the badge vouches for
 * who it is); an unverified one starts again when any of name, website domain or contact e-mail changed, so a new
 * address gets its own link and a dismissed company goes back to the queue with its new details.
 */
export function shouldRestartVerification(before: CompanyRow, after: CompanyRow): boolean {
  const normalized = (value: string | null) => value?.trim().toLowerCase() ?? ''
  const nameChanged = normalized(before.name) !== normalized(after.name)
  const domainChanged = domainOfWebsite(before.websiteUrl) !== domainOfWebsite(after.websiteUrl)
  if (before.verified) return nameChanged || domainChanged
  return nameChanged || domainChanged || normalized(before.emailAddress) !== normalized(after.emailAddress)
}

async function lockExistingCompany(tx: Db, companyId: number, message?: string) {
  const company = await lockCompany(tx, companyId)
  if (!company) throw notFound(message)
  return company
}

/** The columns of a verified company: who verified it and when; a pending link or an earlier dismissal no longer counts. */
const verifiedBy = (actor: SessionUser) => ({
  verified: true,
  verifiedAt: new Date(),
  verifiedById: actor.id,
  verificationNonce: null,
  verificationDeclinedAt: null,
  verificationDeclinedById: null,
})

function assertNotVerified(company: CompanyRow) {
  if (company.verified) throw conflict(ALREADY_VERIFIED, 'already_verified')
}

/** POST /api/v1/admin/companies/{id}/verify: a site admin verifies any unverified company and the contact is told. */
export async function verifyCompanyByAdmin(
  db: Db,
  jobQueue: JobQueue,
  config: VerificationConfig,
  actor: SessionUser,
  audit: AuditContext,
  companyId: number,
): Promise<VerificationOutcome> {
  return db.transaction(async (tx) => {
    const company = await lockExistingCompany(tx, companyId)
    assertNotVerified(company)
    const verified = await setCompanyVerification(tx, companyId, verifiedBy(actor))
    await recordAudit(tx, audit, {
      action: 'company.verified',
      subjectType: 'company',
      subjectId: companyId,
      subjectLabel: company.name,
      details: { before: { verified: false }, after: { verified: true, method: 'review' } },
    })
    const mail = verified.emailAddress
      ? await enqueueCompanyVerifiedMail(tx, jobQueue, config, { to: verified.emailAddress, company: verified })
      : null
    await track(tx, 'company.verified', { company_id: companyId, method: 'admin' }, actor.id)
    return { company: verified, mailQueued: Boolean(mail) }
  })
}

/**
 * POST /api/v1/admin/companies/{id}/decline_verification: out of the queue without the badge (an impostor, a test, a
 * company that cannot be checked). No e-mail: the address was typed by whoever created the company, so writing to it
 * about a refusal could reach a stranger. Editing the company's details sends it to the queue again.
 */
export async function declineCompanyVerification(db: Db, actor: SessionUser, audit: AuditContext, companyId: number) {
  return db.transaction(async (tx) => {
    const company = await lockExistingCompany(tx, companyId)
    assertNotVerified(company)
    if (company.verificationDeclinedAt) throw conflict(ALREADY_DECLINED, 'already_declined')
    await recordAudit(tx, audit, {
      action: 'company.verification_declined',
      subjectType: 'company',
      subjectId: companyId,
      subjectLabel: company.name,
      details: { before: { awaiting_review: true }, after: { awaiting_review: false } },
    })
    const declined = await setCompanyVerification(tx, companyId, {
      // an e-mail round's link stops working too: the admins have decided
      verificationMethod: 'review',
      verificationNonce: null,
      verificationDeclinedAt: new Date(),
      verificationDeclinedById: actor.id,
    })
    await track(tx, 'company.verification_declined', { company_id: companyId }, actor.id)
    return { company: declined, mailQueued: false }
  })
}

const linkError = (status: number, code: string, message: string) =>
  new HttpError(status, code, message, { errorMsg: code.replace(/^verification_link_/, '') })

/** The company a link verifies, or why the link does not work (tampered, company gone, superseded, expired). */
async function resolveVerificationLink(db: Db, secret: string, token: string, options: { lock?: boolean } = {}) {
  const claims = verifyLinkToken(secret, 'company-verification', token)
  if (!claims) throw linkError(400, 'verification_link_invalid', LINK_INVALID)
  const company = options.lock
    ? await lockExistingCompany(db, claims.id, LINK_COMPANY_GONE)
    : await findCompanyById(db, claims.id)
  if (!company) throw notFound(LINK_COMPANY_GONE)
  return { company, claims }
}

function assertLinkIsCurrent(company: CompanyRow, claims: { nonce: string; expiresAt: number }) {
  if (company.verificationMethod !== 'email' || company.verificationNonce !== claims.nonce) {
    throw linkError(410, 'verification_link_superseded', LINK_SUPERSEDED)
  }
  if (claims.expiresAt * 1000 <= Date.now()) throw linkError(410, 'verification_link_expired', LINK_EXPIRED)
}

/** GET /api/v1/companies/verification?token=: what a link verifies (anyone holding the link may look). */
export async function previewVerificationLink(db: Db, secret: string, token: string) {
  const { company, claims } = await resolveVerificationLink(db, secret, token)
  assertNotVerified(company)
  assertLinkIsCurrent(company, claims)
  return { company, expiresAt: new Date(claims.expiresAt * 1000) }
}

/**
 * POST /api/v1/companies/verify: the link proves the mailbox, the session proves the person; both must be one of
 * the company's admins, or a stranger's mailbox would vouch for whoever created the company.
 */
export async function confirmCompanyVerification(
  db: Db,
  secret: string,
  actor: SessionUser,
  token: string,
): Promise<VerificationOutcome> {
  return db.transaction(async (tx) => {
    const { company, claims } = await resolveVerificationLink(tx, secret, token, { lock: true })
    if ((await findCompanyRole(tx, company.id, actor.id)) !== 'admin') throw forbidden(ONLY_ADMINS_CONFIRM)
    assertNotVerified(company)
    assertLinkIsCurrent(company, claims)
    const verified = await setCompanyVerification(tx, company.id, verifiedBy(actor))
    await track(tx, 'company.verified', { company_id: company.id, method: 'email' }, actor.id)
    return { company: verified, mailQueued: false }
  })
}

/** POST /api/v1/companies/verification/resend: a company admin asks for a new link (the old one stops working). */
export async function resendCompanyVerification(
  db: Db,
  jobQueue: JobQueue,
  config: VerificationConfig,
  actor: SessionUser,
  companyId: number,
): Promise<VerificationOutcome> {
  return db.transaction(async (tx) => {
    const company = await lockExistingCompany(tx, companyId)
    if ((await findCompanyRole(tx, company.id, actor.id)) !== 'admin') throw forbidden(ONLY_ADMINS_RESEND)
    assertNotVerified(company)
    if (company.verificationMethod !== 'email') throw conflict(NOT_AWAITING_EMAIL, 'not_awaiting_email')
    assertResendInterval(config, company.verificationSentAt, VERIFICATION_RESEND_INTERVAL_SECONDS, LINK_SENT_RECENTLY)
    return { company: await sendVerificationLink(tx, jobQueue, config, company), mailQueued: true }
  })
}

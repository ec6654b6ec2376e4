// E-mail verification (issue 17, docs/decisions/052-email-verification-and-invitations.md). A password sign-up and a
// changed address get a signed link (server/http/signed-link.ts) to the address; following it once, within
// EMAIL_LINK_EXPIRY_HOURS, verifies the account's address or makes the new address the account's. Our own links
// rather than Better Auth's emailVerification: its token is a stateless JWT that works again and again until it
// expires, and its change-email flow is not ours (decision 024); a row per link makes ours single-use.
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  ADDRESS_TAKEN,
  ALREADY_VERIFIED,
  EMAIL_LINK_EXPIRY_HOURS,
  EMAIL_LINK_RESEND_INTERVAL_SECONDS,
  emailVerificationPath,
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_SENT_RECENTLY,
  LINK_SUPERSEDED,
  LINK_USED,
  type VerifyEmailResponse,
} from '#contracts/email-verification.ts'
import { grantProvedAddress, proveAddress } from '../../auth/proved-address.ts'
import { addressRefusal } from '../../auth/sign-up-rules.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { conflict, HttpError, tooManyRequests } from '../../http/errors.ts'
import { newLinkNonce, signLinkToken, verifyLinkToken } from '../../http/signed-link.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import {
  deleteOpenEmailVerifications,
  findOpenEmailVerification,
  insertEmailVerification,
  lockEmailVerification,
  markEmailVerificationUsed,
  type VerificationPurpose,
} from './email-verification.queries.ts'
import { enqueueEmailChangedMail, enqueueEmailVerificationMail } from './email-verification-mail.ts'
import { dropPasswordResetLinks } from './password-reset.ts'

export type EmailLinkConfig = Pick<AppConfig, 'baseUrl' | 'siteName' | 'authSecret'> &
  Partial<Pick<AppConfig, 'smtpUrl' | 'adminEmails'>>
/** Where a link for the operator goes when the site sends no e-mail (the server's log). */
export type OperatorLog = Pick<FastifyBaseLogger, 'warn'>
/** Following a link proves an address: the site's rules and what the address grants come in (decision 074). */
export type FollowLinkConfig = EmailLinkConfig & Pick<AppConfig, 'signup' | 'adminEmails'>
type LinkUser = { id: number; name: string; username: string | null }

/** Whole seconds, so the token's expiry and the stored one are the same instant. */
const nowInSeconds = () => Math.floor(Date.now() / 1000)

/**
 * A new link to `email` in the caller's transaction: earlier links of the same purpose stop working, and the e-mail is
 * queued with the commit. A site without SMTP_URL also writes a link to an ADMIN_EMAILS address into `log`: the first
 * admin cannot read the outbox before proving the address, and the server's log is the operator's alone (decision 074).
 */
export async function sendEmailLink(
  tx: Db,
  jobQueue: JobQueue,
  config: EmailLinkConfig,
  user: LinkUser,
  purpose: VerificationPurpose,
  email: string,
  log?: OperatorLog,
) {
  await deleteOpenEmailVerifications(tx, user.id, purpose)
  const sentAt = nowInSeconds()
  const expiresAt = sentAt + EMAIL_LINK_EXPIRY_HOURS * 3600
  const row = await insertEmailVerification(tx, {
    userId: user.id,
    purpose,
    email: email.toLowerCase(),
    nonce: newLinkNonce(),
    sentAt: new Date(sentAt * 1000),
    expiresAt: new Date(expiresAt * 1000),
  })
  const token = signLinkToken(config.authSecret, 'email-verification', { id: row.id, nonce: row.nonce, expiresAt })
  if (log && !config.smtpUrl && config.adminEmails?.includes(row.email)) {
    log.warn(
      { email: row.email, link: `${config.baseUrl}${emailVerificationPath(token)}` },
      `No SMTP_URL is set, so no e-mail is sent: open this link to prove ${row.email}, an ADMIN_EMAILS address`,
    )
  }
  await enqueueEmailVerificationMail(tx, jobQueue, config, {
    to: row.email,
    user: { name: user.name, username: user.username ?? '' },
    purpose,
    token,
  })
  return row
}

const linkError = (code: string, message: string) =>
  new HttpError(code === 'invalid' ? 400 : 410, `email_link_${code}`, message, { errorMsg: code })

/**
 * POST /api/v1/users/email/verify: the link's owner (signed in or not: the mailbox is the proof) verifies the address.
 * A sign-up link verifies the account's address while it is still the one the link went to; a change link makes its
 * address the account's, verified, and tells the old address.
 */
export async function followEmailLink(
  db: Db,
  jobQueue: JobQueue,
  config: FollowLinkConfig,
  token: string,
): Promise<VerifyEmailResponse> {
  const claims = verifyLinkToken(config.authSecret, 'email-verification', token)
  if (!claims) throw linkError('invalid', LINK_INVALID)
  return db.transaction(async (tx) => {
    const row = await lockEmailVerification(tx, claims.id)
    // gone: a newer link of the same purpose replaced it (or the account was deleted)
    if (!row) throw linkError('superseded', LINK_SUPERSEDED)
    if (row.nonce !== claims.nonce) throw linkError('invalid', LINK_INVALID)
    if (row.usedAt) throw linkError('used', LINK_USED)
    if (Math.min(row.expiresAt.getTime(), claims.expiresAt * 1000) <= Date.now())
      throw linkError('expired', LINK_EXPIRED)
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update')
    if (!user) throw linkError('superseded', LINK_SUPERSEDED)
    // the site's rules, asked again now that the address is proved: settings may have changed since the link went,
    // and a change link of an account that never proved an address is a sign-up at the new one
    const refusal = await addressRefusal(tx, config, row.email, {
      admitted: row.purpose === 'sign_up' || user.emailVerified,
    })
    if (refusal)
      throw new HttpError(refusal.status, refusal.status === 403 ? 'forbidden' : 'validation_failed', refusal.message, {
        errorMsg: refusal.code,
      })
    await markEmailVerificationUsed(tx, row.id)
    if (row.purpose === 'sign_up') {
      // the account changed its address since: this link proves an address it no longer has
      if (user.email.toLowerCase() !== row.email) throw linkError('superseded', LINK_SUPERSEDED)
      await proveAddress(tx, config, user.id)
      return { purpose: 'sign_up', email: row.email }
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, row.email), ne(users.id, user.id)))
    if (taken) throw conflict(ADDRESS_TAKEN, 'address_taken')
    await tx
      .update(users)
      .set({ email: row.email, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, user.id))
    // a sign-up link to the old address has nothing left to prove
    await deleteOpenEmailVerifications(tx, user.id, 'sign_up')
    await dropPasswordResetLinks(tx, user.id)
    await grantProvedAddress(tx, config, user.id)
    if (user.email.toLowerCase() !== row.email) {
      await enqueueEmailChangedMail(tx, jobQueue, config, {
        to: user.email,
        newEmail: row.email,
        user: { name: user.name, username: user.username ?? '' },
      })
    }
    return { purpose: 'change', email: row.email }
  })
}

/** POST /api/v1/users/email/verification/resend: a new link to the account's address, at most once a minute. */
export async function resendSignUpLink(
  db: Db,
  jobQueue: JobQueue,
  config: EmailLinkConfig,
  user: LinkUser & { email: string; emailVerified: boolean },
  log?: OperatorLog,
) {
  if (user.emailVerified) throw conflict(ALREADY_VERIFIED, 'already_verified')
  return db.transaction(async (tx) => {
    // the user row's lock serializes two Resends at once
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
    const open = await findOpenEmailVerification(tx, user.id, 'sign_up')
    if (open && Date.now() - open.sentAt.getTime() < EMAIL_LINK_RESEND_INTERVAL_SECONDS * 1000) {
      throw tooManyRequests(LINK_SENT_RECENTLY)
    }
    return sendEmailLink(tx, jobQueue, config, user, 'sign_up', user.email, log)
  })
}

/** The new address waiting for its link to be followed (settings show it), or null. */
export async function findPendingEmail(db: Db, userId: number): Promise<string | null> {
  return (await findOpenEmailVerification(db, userId, 'change'))?.email ?? null
}

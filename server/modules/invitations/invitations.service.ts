// Site invitations (SIGNUP_MODE=invite, docs/decisions/052-email-verification-and-invitations.md): a site admin invites
// an address, the e-mailed link opens sign-up with that address fixed, and an admin may revoke it until it is used.
// Inviting an address again sends a new link (the older one stops working) and restarts the expiry.
import { eq } from 'drizzle-orm'
import { ALREADY_HAS_ACCOUNT, INVITATION_GONE, SITE_INVITATION_EXPIRY_DAYS } from '#contracts/site-invitations.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { siteInvitations } from '../../db/schema/index.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { conflict, HttpError, notFound } from '../../http/errors.ts'
import { newLinkNonce, signLinkToken, verifyLinkToken } from '../../http/signed-link.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import { findSiteInvitation, hasAccountWithEmail, lockOpenSiteInvitation } from './invitations.queries.ts'
import { enqueueSiteInvitationMail } from './invitations-mail.ts'

type InvitationConfig = Pick<AppConfig, 'baseUrl' | 'siteName' | 'authSecret'>

const linkError = (status: number, code: string, message: string) => new HttpError(status, code, message)

export async function sendSiteInvitation(
  db: Db,
  jobQueue: JobQueue,
  config: InvitationConfig,
  actor: SessionUser,
  audit: AuditContext,
  email: string,
) {
  if (await hasAccountWithEmail(db, email)) throw conflict(ALREADY_HAS_ACCOUNT, 'already_has_account')
  return db.transaction(async (tx) => {
    const sentAt = Math.floor(Date.now() / 1000)
    const expiresAt = sentAt + SITE_INVITATION_EXPIRY_DAYS * 86_400
    const values = {
      nonce: newLinkNonce(),
      sentAt: new Date(sentAt * 1000),
      expiresAt: new Date(expiresAt * 1000),
      invitedById: actor.id,
    }
    const open = await lockOpenSiteInvitation(tx, email)
    const [row] = open
      ? await tx.update(siteInvitations).set(values).where(eq(siteInvitations.id, open.id)).returning()
      : await tx
          .insert(siteInvitations)
          .values({ email, ...values })
          .returning()
    const token = signLinkToken(config.authSecret, 'site-invitation', { id: row!.id, nonce: row!.nonce, expiresAt })
    await enqueueSiteInvitationMail(tx, jobQueue, config, {
      to: email,
      inviter: { name: actor.name, username: actor.username },
      token,
    })
    await recordAudit(tx, audit, {
      action: 'invitation.sent',
      subjectType: 'invitation',
      subjectId: row!.id,
      subjectLabel: email,
      details: { after: { email, expires_at: row!.expiresAt.toISOString() } },
    })
    return { ...row!, invitedBy: actor.username }
  })
}

export async function revokeSiteInvitation(db: Db, audit: AuditContext, id: number) {
  const row = await findSiteInvitation(db, id)
  if (!row || row.acceptedAt || row.revokedAt) throw notFound('No pending invitation with that id.')
  await db.transaction(async (tx) => {
    await tx.update(siteInvitations).set({ revokedAt: new Date() }).where(eq(siteInvitations.id, id))
    await recordAudit(tx, audit, {
      action: 'invitation.revoked',
      subjectType: 'invitation',
      subjectId: id,
      subjectLabel: row.email,
    })
  })
}

/** GET /api/v1/invitations/site?token=: the address an invitation link is for (the sign-up form fixes it). */
export async function previewSiteInvitationLink(db: Db, secret: string, token: string) {
  const claims = verifyLinkToken(secret, 'site-invitation', token)
  if (!claims)
    throw linkError(400, 'invitation_invalid', 'This invitation link is not valid. Check that you copied all of it.')
  const row = await findSiteInvitation(db, claims.id)
  if (!row || row.nonce !== claims.nonce) throw linkError(410, 'invitation_gone', INVITATION_GONE)
  if (row.acceptedAt) throw linkError(410, 'invitation_used', 'This invitation was used: sign in instead.')
  if (row.revokedAt || Math.min(row.expiresAt.getTime(), claims.expiresAt * 1000) <= Date.now()) {
    throw linkError(410, 'invitation_gone', INVITATION_GONE)
  }
  return { email: row.email, expiresAt: row.expiresAt }
}

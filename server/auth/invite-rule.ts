// SIGNUP_MODE=invite (issue 17, docs/decisions/052-email-verification-and-invitations.md): who may create an account
// when only invited people may. Called from Better Auth's user create hook (auth.ts), beside the domain rule.
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { companyInvitations, siteInvitations } from '../db/schema/index.ts'
import { verifyLinkToken } from '../http/signed-link.ts'

export type SiteInvitationRow = typeof siteInvitations.$inferSelect

/** A site invitation nobody accepted or revoked and that has not expired, for this address. */
export async function findOpenSiteInvitation(db: Db, email: string): Promise<SiteInvitationRow | null> {
  const [row] = await db
    .select()
    .from(siteInvitations)
    .where(
      and(
        eq(siteInvitations.email, email.toLowerCase()),
        isNull(siteInvitations.acceptedAt),
        isNull(siteInvitations.revokedAt),
        gt(siteInvitations.expiresAt, new Date()),
      ),
    )
  return row ?? null
}

/** A company admin's e-mail invitation to a team, still open, for this address (it lets the address sign up too). */
async function hasOpenTeamInvitation(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(
      and(
        isNotNull(companyInvitations.email),
        eq(companyInvitations.email, email.toLowerCase()),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * Whether a sign-up's `invitation` token is an open invitation for this very address: a site invitation, or a company
 * admin's e-mail invitation to the team. The link was e-mailed there, so following it proves the mailbox and the
 * account starts verified (and, in invite mode, may be created).
 */
export async function isInvitationForAddress(db: Db, secret: string, email: string, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || token.length > 300) return false
  const address = email.toLowerCase()
  const site = verifyLinkToken(secret, 'site-invitation', token)
  if (site && site.expiresAt * 1000 > Date.now()) {
    const open = await findOpenSiteInvitation(db, address)
    return open !== null && open.id === site.id && open.nonce === site.nonce
  }
  const team = verifyLinkToken(secret, 'team-invitation', token)
  if (!team || team.expiresAt * 1000 <= Date.now()) return false
  const [row] = await db
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, team.id),
        eq(companyInvitations.nonce, team.nonce),
        eq(companyInvitations.email, address),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, new Date()),
      ),
    )
  return Boolean(row)
}

/**
 * Whether the invite rule lets this address create an account: always outside invite mode; in it, an address with an
 * open site or team invitation, or one of ADMIN_EMAILS (the operator named them: the first admin needs no invitation).
 */
export async function mayCreateAccountByInvitation(
  db: Db,
  config: Pick<AppConfig, 'signup' | 'adminEmails'>,
  email: string,
): Promise<boolean> {
  if (config.signup.mode !== 'invite') return true
  const address = email.toLowerCase()
  if (config.adminEmails?.includes(address)) return true
  return Boolean(await findOpenSiteInvitation(db, address)) || (await hasOpenTeamInvitation(db, address))
}

/** The account made from an open site invitation: it is used up. */
export async function acceptSiteInvitation(db: Db, email: string, userId: number) {
  await db
    .update(siteInvitations)
    .set({ acceptedAt: new Date(), acceptedById: userId })
    .where(
      and(
        eq(siteInvitations.email, email.toLowerCase()),
        isNull(siteInvitations.acceptedAt),
        isNull(siteInvitations.revokedAt),
      ),
    )
}

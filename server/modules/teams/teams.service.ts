// Team management rules (spec §6, docs/decisions/015-team-management.md). Every change runs in one transaction that
// first locks the company row, then checks who may do it on fresh data: the rules hold under concurrent requests
// (two admins demoting each other, the last two admins leaving at once), whatever the UI showed.
import {
  ALREADY_ON_TEAM,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_LEAVE_FOR_SOMEONE_ELSE,
  CANNOT_REMOVE_YOURSELF,
  INVITATION_EXPIRED,
  INVITATION_EXPIRY_DAYS,
  INVITATION_INVALID,
  INVITATION_SUPERSEDED,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  INVITE_ALREADY_ACCEPTED,
  MAKE_SOMEONE_ELSE_ADMIN,
  NO_SUCH_INVITE,
  NO_SUCH_MEMBER,
  ONLY_TEAM_ADMINS,
  ONLY_TEAM_MEMBERS,
  RESEND_COOLDOWN_SECONDS,
  RESEND_TOO_SOON,
  type TeamRole,
} from '#contracts/teams.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../http/errors.ts'
import { findCompanyById } from '../companies/companies.queries.ts'
import { notify, TEAM_INVITATION_TARGET } from '../notifications/notify.ts'
import { newInvitationNonce, signInvitationToken, verifyInvitationToken } from './invitation-token.ts'
import { enqueueInvitationMail, enqueueMemberAddedMail } from './team-mail.ts'
import {
  countMembers,
  deleteMember,
  deleteOpenInvitations,
  findInvitation,
  findMember,
  findMemberByUser,
  findOpenInvitationByEmail,
  findUserByEmail,
  findUserForTeam,
  type InvitationRow,
  insertInvitation,
  insertMember,
  isEmailOnTeam,
  listMembers,
  listOpenInvitations,
  lockCompany,
  type MemberRow,
  markInvitationAccepted,
  renewInvitation,
  setMemberRole,
} from './teams.queries.ts'

type MailConfig = Pick<AppConfig, 'baseUrl' | 'siteName' | 'authSecret'>

/** The team as one of its members sees it; others get 403 (404 for no such company). */
export async function loadTeam(db: Db, companyId: number, viewer: SessionUser) {
  const company = await findCompanyById(db, companyId)
  if (!company) throw notFound()
  const me = await findMemberByUser(db, companyId, viewer.id)
  if (!me) throw forbidden(ONLY_TEAM_MEMBERS)
  const [members, invites] = await Promise.all([listMembers(db, companyId), listOpenInvitations(db, companyId)])
  return { company, me, members, invites }
}

async function lockTeam(tx: Db, companyId: number) {
  const company = await lockCompany(tx, companyId)
  if (!company) throw notFound()
  return company
}

async function requireTeamAdmin(tx: Db, companyId: number, actor: SessionUser) {
  const company = await lockTeam(tx, companyId)
  const me = await findMemberByUser(tx, companyId, actor.id)
  if (me?.role !== 'admin') throw forbidden(ONLY_TEAM_ADMINS)
  return { company, me }
}

function newExpiry(): Date {
  // whole seconds, so the token's expiry and the row's are the same instant
  return new Date(Math.floor(Date.now() / 1000 + INVITATION_EXPIRY_DAYS * 86_400) * 1000)
}

function tokenFor(secret: string, invitation: InvitationRow): string {
  return signInvitationToken(secret, {
    id: invitation.id,
    nonce: invitation.nonce,
    expiresAt: Math.floor(invitation.expiresAt.getTime() / 1000),
  })
}

/**
 * POST /api/v1/company_owner_invites: invites an address. Inviting an address that already has an open invitation
 * renews that one (new link, new expiry, the new role) instead of failing: the admin wants the e-mail to arrive.
 */
export async function inviteByEmail(
  db: Db,
  config: MailConfig,
  actor: SessionUser,
  input: { companyId: number; email: string; role: TeamRole },
): Promise<InvitationRow> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    if (await isEmailOnTeam(tx, company.id, input.email)) throw conflict(ALREADY_ON_TEAM, 'already_member')
    const existing = await findOpenInvitationByEmail(tx, company.id, input.email)
    const values = { role: input.role, invitedById: actor.id, nonce: newInvitationNonce(), expiresAt: newExpiry() }
    const invitation = existing
      ? await renewInvitation(tx, existing.id, values)
      : await insertInvitation(tx, { ...values, companyId: company.id, email: input.email })
    await enqueueInvitationMail(tx, config, {
      to: invitation.email,
      companyName: company.name,
      role: invitation.role,
      inviter: me,
      token: tokenFor(config.authSecret, invitation),
      invitationId: invitation.id,
    })
    await notifyRegisteredInvitee(tx, actor, company, invitation)
    return invitation
  })
}

/**
 * Issue 5: "invites you to a team" is a notification too, when the address belongs to an account. It names the team
 * and says the link is in the e-mail; it never carries the link itself: addresses are not verified at sign-up, so an
 * account holding an address proves nothing, and the link (a credential) goes only to the mailbox (decision 015).
 */
async function notifyRegisteredInvitee(
  tx: Db,
  actor: SessionUser,
  company: { id: number; slug: string; name: string; imageUrl: string | null },
  invitation: InvitationRow,
) {
  const invitee = await findUserByEmail(tx, invitation.email)
  if (!invitee) return
  await notify(tx, {
    recipientId: invitee.id,
    type: 'team_invite',
    actorId: actor.id,
    target: { type: TEAM_INVITATION_TARGET, id: invitation.id },
    path: `/companies/${company.slug}`,
    subject: company.name,
    imageUrl: company.imageUrl,
  })
}

/** POST /api/v1/company_owner_invites/resend: a new link (older ones stop working) and a new expiry, same role. */
export async function resendInvitation(
  db: Db,
  config: MailConfig,
  actor: SessionUser,
  input: { companyId: number; id: number },
): Promise<InvitationRow> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    const current = await findInvitation(tx, input.id, { forUpdate: true })
    if (!current || current.companyId !== company.id) throw notFound(NO_SUCH_INVITE)
    if (current.acceptedAt) throw conflict(INVITE_ALREADY_ACCEPTED)
    if (Date.now() - current.sentAt.getTime() < RESEND_COOLDOWN_SECONDS * 1000) throw tooManyRequests(RESEND_TOO_SOON)
    const invitation = await renewInvitation(tx, current.id, {
      invitedById: actor.id,
      nonce: newInvitationNonce(),
      expiresAt: newExpiry(),
    })
    await enqueueInvitationMail(tx, config, {
      to: invitation.email,
      companyName: company.name,
      role: invitation.role,
      inviter: me,
      token: tokenFor(config.authSecret, invitation),
      invitationId: invitation.id,
    })
    await notifyRegisteredInvitee(tx, actor, company, invitation)
    return invitation
  })
}

/**
 * POST /api/v1/company_owners/invite: adds an existing user at once (spec §4) and tells them, by a notification and
 * an e-mail. An open invitation to their address is used up by this.
 */
export async function addMemberByUsername(
  db: Db,
  config: MailConfig,
  actor: SessionUser,
  input: { companyId: number; userId: number; role: TeamRole },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    const user = await findUserForTeam(tx, input.userId)
    if (!user) throw notFound('No user with that id.')
    if (await findMemberByUser(tx, company.id, user.id)) throw conflict(ALREADY_ON_TEAM, 'already_member')
    await insertMember(tx, { companyId: company.id, userId: user.id, role: input.role })
    const invitation = await findOpenInvitationByEmail(tx, company.id, user.email.toLowerCase())
    if (invitation) await markInvitationAccepted(tx, invitation.id, user.id)
    await notify(tx, {
      recipientId: user.id,
      type: 'team_invite',
      actorId: actor.id,
      target: { type: 'company', id: company.id },
      path: `/companies/${company.slug}/team`,
      subject: company.name,
      imageUrl: company.imageUrl,
    })
    await enqueueMemberAddedMail(tx, config, {
      to: user.email,
      companyName: company.name,
      companySlug: company.slug,
      role: input.role,
      inviter: me,
    })
    return (await findMemberByUser(tx, company.id, user.id))!
  })
}

/** PATCH /api/v1/company_owners/{id}: admins change other members' roles, never their own (spec §6). */
export async function changeMemberRole(
  db: Db,
  actor: SessionUser,
  input: { companyId: number; id: number; role: TeamRole },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    const target = await findMember(tx, company.id, input.id)
    if (!target) throw notFound(NO_SUCH_MEMBER)
    // The actor stays an admin, so a team never loses its last admin this way.
    if (target.id === me.id) throw forbidden(CANNOT_CHANGE_OWN_ROLE)
    await setMemberRole(tx, target.id, input.role)
    return { ...target, role: input.role }
  })
}

/** DELETE /api/v1/company_owners/{id}: admins remove other members; nobody removes themselves (spec §6). */
export async function removeMember(db: Db, actor: SessionUser, input: { companyId: number; id: number }) {
  return db.transaction(async (tx) => {
    const company = await lockTeam(tx, input.companyId)
    const me = await findMemberByUser(tx, company.id, actor.id)
    if (me && me.id === input.id) throw forbidden(CANNOT_REMOVE_YOURSELF)
    if (me?.role !== 'admin') throw forbidden(ONLY_TEAM_ADMINS)
    const target = await findMember(tx, company.id, input.id)
    if (!target) throw notFound(NO_SUCH_MEMBER)
    await deleteMember(tx, target.id)
    return target
  })
}

/**
 * DELETE /api/v1/company_owners/leave_team/{id}: a member leaves. The only admin of a team of more than one cannot
 * (spec §6). The last member may leave; the company stays (its stacks with it), and its open invitations go, since
 * nobody on the team stands behind them any more.
 */
export async function leaveTeam(db: Db, actor: SessionUser, input: { companyId: number; id: number }) {
  return db.transaction(async (tx) => {
    const company = await lockTeam(tx, input.companyId)
    const me = await findMemberByUser(tx, company.id, actor.id)
    if (!me) throw notFound(NO_SUCH_MEMBER)
    if (me.id !== input.id) throw forbidden(CANNOT_LEAVE_FOR_SOMEONE_ELSE)
    const { members, admins } = await countMembers(tx, company.id)
    if (me.role === 'admin' && admins === 1 && members > 1) throw conflict(MAKE_SOMEONE_ELSE_ADMIN, 'last_admin')
    await deleteMember(tx, me.id)
    if (members === 1) await deleteOpenInvitations(tx, company.id)
    return me
  })
}

const invitationError = (status: number, code: string, message: string) =>
  new HttpError(status, code, message, { errorMsg: code.replace(/^invitation_/, '') })

/** The invitation behind a link, or the reason it does not work (invalid, withdrawn, used, superseded, expired). */
async function resolveInvitation(db: Db, secret: string, token: string, options: { forUpdate?: boolean } = {}) {
  const claims = verifyInvitationToken(secret, token)
  if (!claims) throw invitationError(400, 'invitation_invalid', INVITATION_INVALID)
  const invitation = await findInvitation(db, claims.id, options)
  if (!invitation) throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
  if (invitation.acceptedAt) throw invitationError(409, 'invitation_used', INVITATION_USED)
  if (invitation.nonce !== claims.nonce) throw invitationError(410, 'invitation_superseded', INVITATION_SUPERSEDED)
  if (claims.expiresAt * 1000 <= Date.now()) throw invitationError(410, 'invitation_expired', INVITATION_EXPIRED)
  return invitation
}

/** GET /api/v1/company_owner_invites/show?token: what a link invites to (anyone holding the link may look). */
export async function previewInvitation(db: Db, secret: string, token: string) {
  const invitation = await resolveInvitation(db, secret, token)
  const company = await findCompanyById(db, invitation.companyId)
  if (!company) throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
  const inviter = invitation.invitedById ? await findUserForTeam(db, invitation.invitedById) : null
  return { invitation, company, inviter }
}

/**
 * POST /api/v1/company_owner_invites/accept: the signed-in user joins with the invited role. The link is the proof
 * (it went to the invited address), so whoever holds it and is signed in may accept it, once.
 */
export async function acceptInvitation(db: Db, secret: string, actor: SessionUser, token: string) {
  return db.transaction(async (tx) => {
    const invitation = await resolveInvitation(tx, secret, token, { forUpdate: true })
    const company = await lockCompany(tx, invitation.companyId)
    if (!company) throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
    const existing = await findMemberByUser(tx, company.id, actor.id)
    if (!existing) await insertMember(tx, { companyId: company.id, userId: actor.id, role: invitation.role })
    await markInvitationAccepted(tx, invitation.id, actor.id)
    return { company, role: existing?.role ?? invitation.role, alreadyMember: Boolean(existing) }
  })
}

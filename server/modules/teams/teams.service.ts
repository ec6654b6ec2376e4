// Team management rules (spec §6, docs/decisions/015-team-management.md). Every change runs in one transaction that
// first locks the company row, then checks who may do it on fresh data: the rules hold under concurrent requests
// (two admins demoting each other, the last two admins leaving at once), whatever the UI showed.
import {
  ALREADY_INVITED,
  ALREADY_ON_TEAM,
  accountInvitationPath,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_LEAVE_FOR_SOMEONE_ELSE,
  CANNOT_REMOVE_YOURSELF,
  INVITATION_EXPIRED,
  INVITATION_EXPIRY_DAYS,
  INVITATION_FOR_ANOTHER_ACCOUNT,
  INVITATION_INVALID,
  INVITATION_SUPERSEDED,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  INVITE_ALREADY_ACCEPTED,
  type InvitationRef,
  MAKE_SOMEONE_ELSE_ADMIN,
  NEW_ADMIN_NOT_A_MEMBER,
  NO_SUCH_INVITE,
  NO_SUCH_MEMBER,
  ONLY_TEAM_ADMINS,
  ONLY_TEAM_MEMBERS,
  RESEND_COOLDOWN_SECONDS,
  RESEND_TOO_SOON,
  SOLE_MEMBER_CANNOT_LEAVE,
  type TeamRole,
} from '#contracts/teams.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { conflict, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts'
import { assertResendInterval } from '../../http/resend-interval.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import { findCompanyById } from '../companies/companies.queries.ts'
import { notify, TEAM_ACCOUNT_INVITATION_TARGET, TEAM_INVITATION_TARGET } from '../notifications/notify.ts'
import { newInvitationNonce, signInvitationToken, verifyInvitationToken } from './invitation-token.ts'
import { enqueueInvitationMail } from './team-mail.ts'
import {
  countMembers,
  deleteInvitation,
  deleteMember,
  deleteOpenInvitations,
  findInvitation,
  findMember,
  findMemberByUser,
  findOpenInvitation,
  findUserByEmail,
  findUserForTeam,
  type InvitationRow,
  type InviteeRow,
  insertInvitation,
  insertMember,
  isEmailOnTeam,
  listMembers,
  listOpenInvitations,
  lockCompany,
  type MemberRow,
  markInvitationAccepted,
  markOpenInvitationsAcceptedFor,
  renewInvitation,
  setMemberRole,
} from './teams.queries.ts'

type MailConfig = Pick<AppConfig, 'baseUrl' | 'siteName' | 'authSecret' | 'rateLimitEnabled'>
const NO_SUCH_USER = 'No user with that id.'
type TeamCompanyRow = { id: number; slug: string; name: string; imageUrl: string | null }

/** The team as one of its members sees it; others get 403 (404 for no such company). */
export async function loadTeam(db: Db, companyId: number, viewer: SessionUser) {
  const company = await findCompanyById(db, companyId)
  if (!company) throw notFound()
  const me = await findMemberByUser(db, companyId, viewer.id)
  if (!me) throw forbidden(ONLY_TEAM_MEMBERS)
  const [members, invites] = await Promise.all([listMembers(db, companyId), listOpenInvitations(db, companyId)])
  return { company, me, members, invites }
}

/** Reads that only a team's admins may make (403 for anyone else, 404 for no such company). */
export async function assertTeamAdmin(db: Db, companyId: number, viewer: SessionUser, message = ONLY_TEAM_ADMINS) {
  const company = await findCompanyById(db, companyId)
  if (!company) throw notFound()
  const me = await findMemberByUser(db, companyId, viewer.id)
  if (me?.role !== 'admin') throw forbidden(message)
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
 * POST /api/v1/company_owner_invites: invites an address. An address whose invitation is still open (its link has
 * not expired) is refused, so the admin learns it was invited already and uses Resend Invite (decision 083); one whose
 * invitation expired is invited afresh on that entry (new link, new expiry, the new role).
 */
export async function inviteByEmail(
  db: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  actor: SessionUser,
  input: { companyId: number; email: string; role: TeamRole },
): Promise<InvitationRow> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    if (await isEmailOnTeam(tx, company.id, input.email)) throw conflict(ALREADY_ON_TEAM, 'already_member')
    const existing = await findOpenInvitation(tx, company.id, { email: input.email })
    assertNotInvitedYet(existing)
    const values = { role: input.role, invitedById: actor.id, nonce: newInvitationNonce(), expiresAt: newExpiry() }
    const invitation = existing
      ? await renewInvitation(tx, existing.id, values)
      : await insertInvitation(tx, { ...values, companyId: company.id, email: input.email })
    await sendInvitation(tx, jobQueue, config, actor, { company, inviter: me, invitation })
    return invitation
  })
}

/**
 * spec §8 'Invite failure (either kind)': a second invitation while the first still works is refused in the spec's
 * modal (decision 083), worded for what is true: the person is invited, not on the team yet.
 */
function assertNotInvitedYet(existing: InvitationRow | null) {
  if (existing && existing.expiresAt.getTime() > Date.now()) throw conflict(ALREADY_INVITED, 'already_invited')
}

/**
 * Queues an invitation's e-mail with its signed link and tells the invitee in the app: the one step shared by an
 * invitation by e-mail, one by username, and every resend.
 */
async function sendInvitation(
  tx: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  actor: SessionUser,
  { company, inviter, invitation }: { company: TeamCompanyRow; inviter: MemberRow; invitation: InvitationRow },
): Promise<InviteeRow | null> {
  const invitee = invitation.inviteeId === null ? null : await findUserForTeam(tx, invitation.inviteeId)
  if (invitation.inviteeId !== null && !invitee) throw notFound(NO_SUCH_USER)
  await enqueueInvitationMail(tx, jobQueue, config, {
    to: invitee?.email ?? invitation.email!,
    companyName: company.name,
    role: invitation.role,
    inviter,
    inviteeUsername: invitee?.username ?? null,
    token: tokenFor(config.authSecret, invitation),
    invitationId: invitation.id,
  })
  if (invitee) await notifyInvitedAccount(tx, actor, company, invitation, invitee)
  else await notifyRegisteredInvitee(tx, actor, company, invitation)
  return invitee
}

/**
 * An invitation by username asks the account itself (decision 037): its notification opens the accept page, where
 * Accept joins the team and Decline withdraws the invitation. The id in the path is no credential: only the
 * invited account may use it.
 */
async function notifyInvitedAccount(
  tx: Db,
  actor: SessionUser,
  company: TeamCompanyRow,
  invitation: InvitationRow,
  invitee: InviteeRow,
) {
  await notify(tx, {
    recipientId: invitee.id,
    type: 'team_invite',
    actorId: actor.id,
    target: { type: TEAM_ACCOUNT_INVITATION_TARGET, id: invitation.id },
    path: accountInvitationPath(invitation.id),
    subject: company.name,
    imageUrl: company.imageUrl,
  })
}

/**
 * Issue 5: "invites you to a team" is a notification too, when the address belongs to an account. It names the team
 * and says the link is in the e-mail; it never carries the link itself: addresses are not verified at sign-up, so an
 * account holding an address proves nothing, and the link (a credential) goes only to the mailbox (decision 015).
 */
async function notifyRegisteredInvitee(tx: Db, actor: SessionUser, company: TeamCompanyRow, invitation: InvitationRow) {
  if (invitation.email === null) return
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
  jobQueue: JobQueue,
  config: MailConfig,
  actor: SessionUser,
  input: { companyId: number; id: number },
): Promise<{ invitation: InvitationRow; invitee: InviteeRow | null }> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    const current = await findInvitation(tx, input.id, { forUpdate: true })
    if (!current || current.companyId !== company.id) throw notFound(NO_SUCH_INVITE)
    if (current.acceptedAt) throw conflict(INVITE_ALREADY_ACCEPTED)
    assertResendInterval(config, current.sentAt, RESEND_COOLDOWN_SECONDS, RESEND_TOO_SOON)
    const invitation = await renewInvitation(tx, current.id, {
      invitedById: actor.id,
      nonce: newInvitationNonce(),
      expiresAt: newExpiry(),
    })
    const invitee = await sendInvitation(tx, jobQueue, config, actor, { company, inviter: me, invitation })
    return { invitation, invitee }
  })
}

/**
 * POST /api/v1/company_owners/invite: invites an existing account by username. It joins only when that person
 * accepts (decision 037): until then the team shows it as pending. An account whose invitation still works is
 * refused, as for an address (decision 083); an expired one is invited afresh on that entry.
 */
export async function inviteByUsername(
  db: Db,
  jobQueue: JobQueue,
  config: MailConfig,
  actor: SessionUser,
  input: { companyId: number; userId: number; role: TeamRole },
): Promise<{ invitation: InvitationRow; invitee: InviteeRow | null }> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    const user = await findUserForTeam(tx, input.userId)
    if (!user) throw notFound(NO_SUCH_USER)
    if (await findMemberByUser(tx, company.id, user.id)) throw conflict(ALREADY_ON_TEAM, 'already_member')
    const existing = await findOpenInvitation(tx, company.id, { inviteeId: user.id })
    assertNotInvitedYet(existing)
    const values = { role: input.role, invitedById: actor.id, nonce: newInvitationNonce(), expiresAt: newExpiry() }
    const invitation = existing
      ? await renewInvitation(tx, existing.id, values)
      : await insertInvitation(tx, { ...values, companyId: company.id, inviteeId: user.id })
    const invitee = await sendInvitation(tx, jobQueue, config, actor, { company, inviter: me, invitation })
    return { invitation, invitee }
  })
}

/** PATCH /api/v1/company_owners/{id}: admins change other members' roles, never their own (spec §6). */
export async function changeMemberRole(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  input: { companyId: number; id: number; role: TeamRole },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const { company, me } = await requireTeamAdmin(tx, input.companyId, actor)
    const target = await findMember(tx, company.id, input.id)
    if (!target) throw notFound(NO_SUCH_MEMBER)
    // The actor stays an admin, so a team never loses its last admin this way.
    if (target.id === me.id) throw forbidden(CANNOT_CHANGE_OWN_ROLE)
    await setMemberRole(tx, target.id, input.role)
    if (target.role !== input.role) {
      await recordMemberEvent(tx, audit, 'company.member_role_changed', company, target, {
        before: { role: target.role },
        after: { role: input.role },
      })
    }
    return { ...target, role: input.role }
  })
}

/** A team change in the audit log (decision 050): the member is the subject, named by username and company. */
async function recordMemberEvent(
  tx: Db,
  audit: AuditContext,
  action: 'company.member_role_changed' | 'company.member_removed' | 'company.member_left',
  company: { id: number; name: string },
  member: MemberRow,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, audit, {
    action,
    subjectType: 'company_member',
    subjectId: member.id,
    subjectLabel: `@${member.username} in ${company.name}`,
    details: { company_id: company.id, company_name: company.name, user_id: member.userId, ...details },
  })
}

/** DELETE /api/v1/company_owners/{id}: admins remove other members; nobody removes themselves (spec §6). */
export async function removeMember(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  input: { companyId: number; id: number },
) {
  return db.transaction(async (tx) => {
    const company = await lockTeam(tx, input.companyId)
    const me = await findMemberByUser(tx, company.id, actor.id)
    if (me && me.id === input.id) throw forbidden(CANNOT_REMOVE_YOURSELF)
    if (me?.role !== 'admin') throw forbidden(ONLY_TEAM_ADMINS)
    const target = await findMember(tx, company.id, input.id)
    if (!target) throw notFound(NO_SUCH_MEMBER)
    await deleteMember(tx, target.id)
    await recordMemberEvent(tx, audit, 'company.member_removed', company, target, {
      before: { role: target.role },
      after: null,
    })
    return target
  })
}

/**
 * DELETE /api/v1/company_owners/leave_team/{id}: a member leaves; a team never loses its last admin this way
 * (decision 084). The only admin of a team of more than one names another member as the new admin (new_admin_id,
 * promoted in the same transaction), or is refused with the spec's message (§6, §8). The only member, an admin, is
 * refused and offered to delete the company instead: leaving would leave a company nobody can manage.
 */
export async function leaveTeam(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  input: { companyId: number; id: number; newAdminId?: number },
) {
  return db.transaction(async (tx) => {
    const company = await lockTeam(tx, input.companyId)
    const me = await findMemberByUser(tx, company.id, actor.id)
    if (!me) throw notFound(NO_SUCH_MEMBER)
    if (me.id !== input.id) throw forbidden(CANNOT_LEAVE_FOR_SOMEONE_ELSE)
    const { members, admins } = await countMembers(tx, company.id)
    if (me.role === 'admin' && admins === 1) {
      if (members === 1) throw conflict(SOLE_MEMBER_CANNOT_LEAVE, 'sole_member')
      if (input.newAdminId === undefined) throw conflict(MAKE_SOMEONE_ELSE_ADMIN, 'last_admin')
      await promoteNewAdmin(tx, audit, company, me, input.newAdminId)
    }
    await deleteMember(tx, me.id)
    if (members === 1) await deleteOpenInvitations(tx, company.id)
    await recordMemberEvent(tx, audit, 'company.member_left', company, me, { before: { role: me.role }, after: null })
    return me
  })
}

/** decision 084: the member the leaving only admin names becomes an admin (audited as a role change). */
async function promoteNewAdmin(
  tx: Db,
  audit: AuditContext,
  company: TeamCompanyRow,
  me: MemberRow,
  newAdminId: number,
) {
  const target = await findMember(tx, company.id, newAdminId)
  if (!target || target.id === me.id) throw conflict(NEW_ADMIN_NOT_A_MEMBER, 'new_admin_not_a_member')
  await setMemberRole(tx, target.id, 'admin')
  await recordMemberEvent(tx, audit, 'company.member_role_changed', company, target, {
    before: { role: target.role },
    after: { role: 'admin' },
  })
}

const invitationError = (status: number, code: string, message: string) =>
  new HttpError(status, code, message, { errorMsg: code.replace(/^invitation_/, '') })

/**
 * The invitation behind a link or an id, or the reason it does not work (invalid, withdrawn, used, superseded,
 * expired). A link works for whoever holds it; an id only for the account it invites (anyone else is told it does
 * not exist). An invitation to an account is the account's alone to accept or decline, whichever way it is reached.
 */
async function resolveInvitation(
  db: Db,
  secret: string,
  viewer: SessionUser | null,
  ref: InvitationRef,
  options: { forUpdate?: boolean } = {},
) {
  const claims = ref.token === undefined ? null : verifyInvitationToken(secret, ref.token)
  if (ref.token !== undefined && !claims) throw invitationError(400, 'invitation_invalid', INVITATION_INVALID)
  if (!claims && !viewer) throw unauthorized()
  const invitation = await findInvitation(db, claims?.id ?? Number(ref.id), options)
  if (!invitation || (!claims && invitation.inviteeId !== viewer?.id)) {
    throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
  }
  if (invitation.acceptedAt) throw invitationError(409, 'invitation_used', INVITATION_USED)
  if (claims && invitation.nonce !== claims.nonce) {
    throw invitationError(410, 'invitation_superseded', INVITATION_SUPERSEDED)
  }
  const expiresAt = claims ? claims.expiresAt * 1000 : invitation.expiresAt.getTime()
  if (expiresAt <= Date.now()) throw invitationError(410, 'invitation_expired', INVITATION_EXPIRED)
  return invitation
}

function assertInvitationIsFor(invitation: InvitationRow, actor: SessionUser) {
  if (invitation.inviteeId !== null && invitation.inviteeId !== actor.id) {
    throw forbidden(INVITATION_FOR_ANOTHER_ACCOUNT)
  }
}

/**
 * GET /api/v1/company_owner_invites/show?token (or ?id for the invited account): what an invitation invites to.
 * Anyone holding a link may look.
 */
export async function previewInvitation(db: Db, secret: string, viewer: SessionUser | null, ref: InvitationRef) {
  const invitation = await resolveInvitation(db, secret, viewer, ref)
  const company = await findCompanyById(db, invitation.companyId)
  if (!company) throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
  const [inviter, invitee] = await Promise.all([
    invitation.invitedById ? findUserForTeam(db, invitation.invitedById) : null,
    invitation.inviteeId ? findUserForTeam(db, invitation.inviteeId) : null,
  ])
  return { invitation, company, inviter, invitee }
}

/**
 * POST /api/v1/company_owner_invites/accept: the signed-in user joins with the invited role. The link is the proof
 * (it went to the invited address), so whoever holds it and is signed in may accept it, once.
 */
export async function acceptInvitation(db: Db, secret: string, actor: SessionUser, ref: InvitationRef) {
  return db.transaction(async (tx) => {
    const invitation = await resolveInvitation(tx, secret, actor, ref, { forUpdate: true })
    assertInvitationIsFor(invitation, actor)
    const company = await lockCompany(tx, invitation.companyId)
    if (!company) throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
    const existing = await findMemberByUser(tx, company.id, actor.id)
    if (!existing) await insertMember(tx, { companyId: company.id, userId: actor.id, role: invitation.role })
    await markInvitationAccepted(tx, invitation.id, actor.id)
    // the other open invitations to this person (their account, their address) are answered too
    await markOpenInvitationsAcceptedFor(tx, company.id, actor)
    const member = (await findMemberByUser(tx, company.id, actor.id))!
    return { company, member, alreadyMember: Boolean(existing) }
  })
}

/**
 * POST /api/v1/company_owner_invites/decline: the invitation is withdrawn (deleted), so the team no longer shows it
 * as pending and its links stop working. Like accepting, a link is declined by whoever holds it and an invitation to
 * an account only by that account.
 */
export async function declineInvitation(db: Db, secret: string, actor: SessionUser, ref: InvitationRef) {
  return db.transaction(async (tx) => {
    const invitation = await resolveInvitation(tx, secret, actor, ref, { forUpdate: true })
    assertInvitationIsFor(invitation, actor)
    const company = await findCompanyById(tx, invitation.companyId)
    if (!company) throw invitationError(404, 'invitation_withdrawn', INVITATION_WITHDRAWN)
    await deleteInvitation(tx, invitation.id)
    return { company }
  })
}

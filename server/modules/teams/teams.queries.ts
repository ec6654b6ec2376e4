// The team's SQL: members with their user, invitations, the company lock that serializes team changes, user search.
import { and, asc, count, eq, ilike, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { TeamRole } from '#contracts/teams.ts'
import type { Db } from '../../db/client.ts'
import { companies, companyInvitations, companyMembers, users } from '../../db/schema/index.ts'

export type InvitationRow = typeof companyInvitations.$inferSelect
/** The account an invitation by username went to. */
export type InviteeRow = { id: number; username: string | null; name: string; image: string | null }
export type TeamInvitationRow = { invitation: InvitationRow; invitee: InviteeRow | null }

const memberColumns = {
  id: companyMembers.id,
  companyId: companyMembers.companyId,
  userId: companyMembers.userId,
  role: companyMembers.role,
  username: users.username,
  name: users.name,
  email: users.email,
  image: users.image,
}
export type MemberRow = {
  id: number
  companyId: number
  userId: number
  role: TeamRole
  username: string | null
  name: string
  email: string
  image: string | null
}

/**
 * Locks the company row for the rest of the transaction: every team change takes it first, so two admins demoting
 * each other, or the last two admins leaving at once, are decided one after the other on fresh data.
 */
export async function lockCompany(tx: Db, companyId: number) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update')
  return company ?? null
}

export async function listMembers(db: Db, companyId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.id))
}

export async function findMember(db: Db, companyId: number, id: number): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.id, id)))
  return row ?? null
}

export async function findMemberByUser(db: Db, companyId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
  return row ?? null
}

export async function isEmailOnTeam(db: Db, companyId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
  return Boolean(row)
}

export async function countMembers(db: Db, companyId: number) {
  const [row] = await db
    .select({
      members: count(),
      admins: sql<number>`count(*) filter (where ${companyMembers.role} = 'admin')`.mapWith(Number),
    })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
  return { members: row?.members ?? 0, admins: row?.admins ?? 0 }
}

export async function insertMember(db: Db, values: { companyId: number; userId: number; role: TeamRole }) {
  const [row] = await db.insert(companyMembers).values(values).returning({ id: companyMembers.id })
  return row!.id
}

export async function setMemberRole(db: Db, id: number, role: TeamRole) {
  await db.update(companyMembers).set({ role }).where(eq(companyMembers.id, id))
}

export async function deleteMember(db: Db, id: number) {
  await db.delete(companyMembers).where(eq(companyMembers.id, id))
}

/** The pending invitations, each with the account it went to when it was by username. */
export async function listOpenInvitations(db: Db, companyId: number): Promise<TeamInvitationRow[]> {
  const rows = await db
    .select({
      invitation: companyInvitations,
      inviteeId: users.id,
      username: users.username,
      name: users.name,
      image: users.image,
    })
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.inviteeId))
    .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
    .orderBy(asc(companyInvitations.id))
  return rows.map(({ invitation, inviteeId, username, name, image }) => ({
    invitation,
    invitee: inviteeId === null ? null : { id: inviteeId, username, name: name ?? '', image },
  }))
}

/** The open invitation to a company for an account (by username) or for an address (by e-mail), if any. */
export async function findOpenInvitation(db: Db, companyId: number, to: { inviteeId: number } | { email: string }) {
  const [row] = await db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        'email' in to ? eq(companyInvitations.email, to.email) : eq(companyInvitations.inviteeId, to.inviteeId),
        isNull(companyInvitations.acceptedAt),
      ),
    )
  return row ?? null
}

export async function findInvitation(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(companyInvitations).where(eq(companyInvitations.id, id))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function insertInvitation(
  db: Db,
  values: {
    companyId: number
    role: TeamRole
    invitedById: number
    nonce: string
    expiresAt: Date
  } & ({ email: string; inviteeId?: never } | { inviteeId: number; email?: never }),
): Promise<InvitationRow> {
  const [row] = await db.insert(companyInvitations).values(values).returning()
  return row!
}

/** A resend (or a second invite to the same address): new nonce and expiry, so only the newest link works. */
export async function renewInvitation(
  db: Db,
  id: number,
  values: { role?: TeamRole; invitedById: number; nonce: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .update(companyInvitations)
    .set({ ...values, sentAt: new Date() })
    .where(eq(companyInvitations.id, id))
    .returning()
  return row!
}

export async function markInvitationAccepted(db: Db, id: number, userId: number) {
  await db
    .update(companyInvitations)
    .set({ acceptedAt: new Date(), acceptedById: userId })
    .where(eq(companyInvitations.id, id))
}

/**
 * Uses up the other open invitations that someone who just joined would still show as pending under: the one to
 * their account, and the one to their address.
 */
export async function markOpenInvitationsAcceptedFor(db: Db, companyId: number, user: { id: number; email: string }) {
  await db
    .update(companyInvitations)
    .set({ acceptedAt: new Date(), acceptedById: user.id })
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        or(eq(companyInvitations.inviteeId, user.id), eq(companyInvitations.email, user.email.toLowerCase())),
      ),
    )
}

/** A declined invitation is gone: the team's list no longer shows it, and its links say it is no longer valid. */
export async function deleteInvitation(db: Db, id: number) {
  await db.delete(companyInvitations).where(eq(companyInvitations.id, id))
}

export async function deleteOpenInvitations(db: Db, companyId: number) {
  await db
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
}

/** The account registered with this address (any case), if one is. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return row ?? null
}

export async function findUserForTeam(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email, image: users.image })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

/**
 * People whose username contains the term, the closest first (exact, then prefix, then anywhere), at most `limit`;
 * people already on `companyId`'s team are left out (so only its admins may run this: decision 037).
 */
export async function searchUsersByUsername(db: Db, term: string, limit: number, companyId: number) {
  const needle = term.toLowerCase().replace(/^@/, '')
  const escaped = needle.replace(/[\\%_]/g, (character) => `\\${character}`)
  const members = db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
  return db
    .select({ id: users.id, username: users.username, image: users.image })
    .from(users)
    .where(
      and(
        ilike(users.username, `%${escaped}%`),
        sql`coalesce(${users.banned}, false) = false`,
        notInArray(users.id, members),
      ),
    )
    .orderBy(
      sql`case when ${users.username} = ${needle} then 0 when ${users.username} like ${`${escaped}%`} then 1 else 2 end`,
      asc(users.username),
    )
    .limit(limit)
}

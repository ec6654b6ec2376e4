// Deleting an account or a company in one transaction (docs/decisions/017-deletion.md). Foreign keys cascade what
// hangs off a row (sessions, memberships, stack tools, votes); this code does what keys cannot: counters kept beside
// the rows (stacks_count, followers_count, votes), polymorphic rows (follows and comments of a stack or a company),
// and the last-admin rule. Uploaded files go after the commit, when no remaining row points at them.
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { lastAdminMessage } from '#contracts/deletion.ts'
import type { NotificationType } from '#contracts/notifications.ts'
import type { Db } from '../../db/client.ts'
import {
  comments,
  commentVotes,
  companies,
  companyMembers,
  follows,
  reasons,
  reasonVotes,
  stacks,
  stackTools,
  tools,
  users,
} from '../../db/schema/index.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import { removeComments } from '../comments/comments.service.ts'
import { forgetNotificationsAbout, signal, withdrawActor } from '../notifications/notify.ts'
import { withdrawUpvotePointsBy } from '../reasons/points.ts'
import { applyPublicToolChange } from '../stacks/stacks.service.ts'

export interface CompanyOfUser {
  id: number
  name: string
  slug: string
  role: 'member' | 'admin'
  membersCount: number
  adminsCount: number
}

/** The user's companies with their member and admin counts. */
export async function listCompaniesWithCounts(db: Db, userId: number): Promise<CompanyOfUser[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      role: companyMembers.role,
      membersCount: sql<number>`(select count(*)::int from ${companyMembers} m where m.company_id = ${companies.id})`,
      adminsCount: sql<number>`(select count(*)::int from ${companyMembers} m where m.company_id = ${companies.id} and m.role = 'admin')`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(companies.name)
  return rows.map((row) => ({ ...row, membersCount: Number(row.membersCount), adminsCount: Number(row.adminsCount) }))
}

/** The last admin of a company with other members must hand over first (issue 6 'Deletion'). */
export const isBlocking = (company: CompanyOfUser) =>
  company.role === 'admin' && company.adminsCount === 1 && company.membersCount > 1
/**
 * The kinds of notification whose cause goes with an account (its follows, comments and votes): the account leaves
 * them. Approvals, team additions and tools added to a stack still stand, shown as by "Someone" (decision 038).
 */
const UNDONE_WITH_ACCOUNT: NotificationType[] = [
  'follow',
  'company_follow',
  'stack_follow',
  'comment',
  'stack_comment',
  'company_comment',
  'comment_upvote',
  'reason_vote',
]

/** A company whose only member is the user would be left with nobody to run it: it goes with the account. */
export const isSoleMember = (company: CompanyOfUser) => company.membersCount === 1

export async function countPersonalStacks(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stacks)
    .where(eq(stacks.ownerUserId, userId))
  return Number(row?.count ?? 0)
}

/**
 * Deletes the account and everything that is only theirs. Answers the upload URLs the deleted rows pointed at, to
 * remove once committed.
 */
export async function deleteAccount(db: Db, audit: AuditContext, userId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Concurrent writes on this user's memberships wait for us (and we for them) so the last-admin check holds.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!user) throw notFound()
    await tx
      .select({ id: companyMembers.id })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId))
      .for('update')
    const memberships = await listCompaniesWithCounts(tx, userId)
    const blocking = memberships.filter(isBlocking)
    if (blocking.length > 0) throw conflict(lastAdminMessage(blocking.map((company) => company.name)))

    const uploads: (string | null)[] = [user.image]
    for (const company of memberships.filter(isSoleMember)) {
      uploads.push(...(await deleteCompanyRows(tx, company.id)))
      await recordCompanyDeleted(tx, audit, company, { with_account_of: user.username })
    }
    uploads.push(...(await deleteStacks(tx, eq(stacks.ownerUserId, userId))))

    // Counters beside the rows the user's own rows feed.
    await undoFollowsBy(tx, userId)
    await undoCommentVotesBy(tx, userId)
    await undoReasonVotesBy(tx, userId)
    // Others following this user; the user's comments (with their replies and votes, by key).
    await tx.delete(follows).where(and(eq(follows.followeeType, 'user'), eq(follows.followeeId, userId)))
    await removeComments(tx, eq(comments.userId, userId))
    // what the account did goes with it, and so does its part in others' notifications (decision 038)
    await withdrawActor(tx, { actorId: userId, types: UNDONE_WITH_ACCOUNT })
    // Sessions (everywhere), accounts, memberships, the owner handle, saved searches: cascade from the user row.
    await tx.delete(users).where(eq(users.id, userId))
    // the audit log keeps the account's name and address as they were (decision 050): no key ties it to the row
    await recordAudit(tx, audit, {
      action: 'user.deleted',
      subjectType: 'user',
      subjectId: user.id,
      subjectLabel: user.username ?? user.email,
      details: { before: { username: user.username, email: user.email, role: user.role }, after: null },
    })
    // open notification streams of the user close on commit, on every instance (decision 010)
    await signal(tx, { recipient_id: userId, sessions: true })
    return uploads.filter((url): url is string => Boolean(url))
  })
}

/** Deletes a company, its stacks and what points at them. Answers the upload URLs to remove once committed. */
export async function deleteCompany(db: Db, audit: AuditContext, companyId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update')
    if (!company) throw notFound()
    const uploads = await deleteCompanyRows(tx, companyId)
    await recordCompanyDeleted(tx, audit, company)
    return uploads.filter((url): url is string => Boolean(url))
  })
}

async function recordCompanyDeleted(
  tx: Db,
  audit: AuditContext,
  company: { id: number; name: string; slug: string },
  extra: Record<string, unknown> = {},
) {
  await recordAudit(tx, audit, {
    action: 'company.deleted',
    subjectType: 'company',
    subjectId: company.id,
    subjectLabel: company.name,
    details: { before: { name: company.name, slug: company.slug }, after: null, ...extra },
  })
}

async function deleteCompanyRows(tx: Db, companyId: number): Promise<(string | null)[]> {
  const [company] = await tx.select({ imageUrl: companies.imageUrl }).from(companies).where(eq(companies.id, companyId))
  const uploads = await deleteStacks(tx, eq(stacks.ownerCompanyId, companyId))
  await tx.delete(follows).where(and(eq(follows.followeeType, 'company'), eq(follows.followeeId, companyId)))
  await removeComments(tx, and(eq(comments.commentableType, 'company'), eq(comments.commentableId, companyId))!)
  await forgetNotificationsAbout(tx, 'company', [companyId])
  // Members, the owner handle, jobs and the company's own customers cascade; other vendors' customer rows that
  // named this company keep the name and lose the link (on delete set null).
  await tx.delete(companies).where(eq(companies.id, companyId))
  return [company?.imageUrl ?? null, ...uploads]
}

/** Deletes stacks, keeping tool.stacks_count right (decision 008), with their follows and comments. */
async function deleteStacks(tx: Db, condition: SQL): Promise<(string | null)[]> {
  const doomed = await tx
    .select({ id: stacks.id, isPrivate: stacks.isPrivate, imageUrl: stacks.imageUrl })
    .from(stacks)
    .where(condition)
    .for('update')
  if (doomed.length === 0) return []
  const ids = doomed.map((stack) => stack.id)
  const toolRows = await tx
    .select({ stackId: stackTools.stackId, toolId: stackTools.toolId })
    .from(stackTools)
    .where(inArray(stackTools.stackId, ids))
  for (const stack of doomed) {
    if (stack.isPrivate) continue
    const toolIds = toolRows.filter((row) => row.stackId === stack.id).map((row) => row.toolId)
    await applyPublicToolChange(tx, toolIds, [])
  }
  await tx.delete(follows).where(and(eq(follows.followeeType, 'stack'), inArray(follows.followeeId, ids)))
  await removeComments(tx, and(eq(comments.commentableType, 'stack'), inArray(comments.commentableId, ids))!)
  await forgetNotificationsAbout(tx, 'stack', ids)
  await tx.delete(stacks).where(inArray(stacks.id, ids))
  return doomed.map((stack) => stack.imageUrl)
}

/** The followers_count of what the user follows drops by one each; the rows cascade with the user. */
async function undoFollowsBy(tx: Db, userId: number) {
  const followed = (type: string) =>
    sql`(select ${follows.followeeId} from ${follows} where ${follows.userId} = ${userId} and ${follows.followeeType} = ${type})`
  for (const [type, table] of [
    ['tool', tools],
    ['company', companies],
    ['stack', stacks],
  ] as const) {
    await tx
      .update(table)
      .set({ followersCount: sql`greatest(${table.followersCount} - 1, 0)` })
      .where(sql`${table.id} in ${followed(type)}`)
  }
}

async function undoCommentVotesBy(tx: Db, userId: number) {
  await tx
    .update(comments)
    .set({ votes: sql`greatest(${comments.votes} - 1, 0)` })
    .where(
      and(
        sql`${comments.id} in (select ${commentVotes.commentId} from ${commentVotes} where ${commentVotes.userId} = ${userId})`,
        // the user's own comments go anyway
        ne(comments.userId, userId),
      ),
    )
}

/** reason.votes_total and tool.votes_count lose the user's votes (decision 008 'Votes'). */
async function undoReasonVotesBy(tx: Db, userId: number) {
  // ...and the authors the points those up-votes earned them (decision 018)
  await withdrawUpvotePointsBy(tx, userId)
  await tx.execute(sql`
    update ${tools} set votes_count = ${tools.votesCount} - totals.total
    from (
      select ${reasons.toolId} as tool_id, sum(${reasonVotes.value})::int as total
      from ${reasonVotes} join ${reasons} on ${reasons.id} = ${reasonVotes.reasonId}
      where ${reasonVotes.userId} = ${userId}
      group by ${reasons.toolId}
    ) totals
    where ${tools.id} = totals.tool_id`)
  await tx.execute(sql`
    update ${reasons} set votes_total = ${reasons.votesTotal} - ${reasonVotes.value}
    from ${reasonVotes}
    where ${reasonVotes.reasonId} = ${reasons.id} and ${reasonVotes.userId} = ${userId}`)
}

/** Upload URLs ('/uploads/logos/....png') that no remaining user, stack or company points at. */
export async function unreferencedUploads(db: Db, urls: string[]): Promise<string[]> {
  const candidates = [...new Set(urls.filter((url) => url.startsWith('/uploads/')))]
  if (candidates.length === 0) return []
  const referenced = new Set<string>()
  const collect = async (rows: Promise<{ url: string | null }[]>) => {
    for (const row of await rows) if (row.url) referenced.add(row.url)
  }
  await collect(db.select({ url: users.image }).from(users).where(inArray(users.image, candidates)))
  await collect(db.select({ url: stacks.imageUrl }).from(stacks).where(inArray(stacks.imageUrl, candidates)))
  await collect(db.select({ url: companies.imageUrl }).from(companies).where(inArray(companies.imageUrl, candidates)))
  return candidates.filter((url) => !referenced.has(url))
}

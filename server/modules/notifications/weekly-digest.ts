// The weekly digest of a user's tools ('Send me weekly updates on these tools', user.email_feed_weekly): the tools they
// follow and the tools in their own stacks (the ones onboarding's box is next to), and the week's synced changes of the
// public stacks of companies they follow (decision 063). Every Monday at 08:00 UTC, each
// subscribed user whose tools saw activity in the last 7 days gets one e-mail through the outbox (enqueueMail,
// deduplicated per user and week). A pg-boss schedule queues the week's run once across instances, and each reader's
// digest is a job of its own (docs/decisions/011-weekly-digest.md, 065-mail-and-digest-jobs.md).
import crypto from 'node:crypto'
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from '#contracts/notifications.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { companies, digestRuns, follows, stackSyncChanges, stacks, stackTools, users } from '../../db/schema/index.ts'
import type { JobKind, JobQueue } from '../../queue/job-queue.ts'
import { describeChange } from '../code-hosts/stack-sync.service.ts'
import { enqueueMail } from '../mail/mail.service.ts'
import { stackPath } from '../stacks/stacks.presenter.ts'

export const DIGEST_SEND_HOUR_UTC = 8
const DIGEST_DAYS = 7
const USER_BATCH = 200
/** Tools listed per e-mail, busiest first. */
const TOOLS_PER_DIGEST = 15
/** Synced stack changes of followed companies listed per e-mail, newest first. */
const COMPANY_CHANGES_PER_DIGEST = 15

export interface ToolActivity {
  name: string
  slug: string
  newStacks: number
  newFollowers: number
  newComments: number
  newReasons: number
}

/** A code-host sync's change to a public stack of a company the reader follows: 'Redis was added to acme/api'. */
export interface CompanyStackChange {
  company: string
  /** The stack page's path, its history section. */
  path: string
  summary: string
}

/** '2026-W47': the ISO week (Monday to Sunday, UTC) of the date. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  const weekday = day.getUTCDay() || 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday) // the Thursday of this week decides the year
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1))
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7)
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

// --- unsubscribe tokens --------------------------------------------------------------------------------------------

function mac(secret: string, userId: number): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`weekly-digest-unsubscribe:${userId}`)
    .digest('base64url')
    .slice(0, 32)
}

/** A link token that unsubscribes this user only, without signing in; it cannot be forged without AUTH_SECRET. */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`
}

/** The user id the token was made for, or null when it is malformed or forged. */
export function readUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{32})$/.exec(token)
  if (!match) return null
  const userId = Number(match[1])
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null
  const expected = Buffer.from(mac(secret, userId))
  const given = Buffer.from(match[2]!)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? userId : null
}

// --- the run ------------------------------------------------------------------------------------------------------

/**
 * The week's run, queued by the schedule below on the one job queue: pg-boss files one job per occurrence across every
 * instance, and one instance runs it. It queues one job per subscribed reader, so one reader's failure (a bad address,
 * say) does not stop the others.
 */
export const WEEKLY_DIGEST_JOB: JobKind<Record<string, never>> = {
  name: 'digest.week',
  concurrency: 1,
  retryLimit: 2,
  heartbeatSeconds: 10,
  expireInSeconds: 30 * 60,
  // one waiting at most, should every instance opt out with WEEKLY_DIGEST_DISABLED
  policy: 'stately',
}
/** Monday 08:00 in the site's time zone (UTC, decision 011). */
export const WEEKLY_DIGEST_CRON = `0 ${DIGEST_SEND_HOUR_UTC} * * 1`
export const DIGEST_TIME_ZONE = 'UTC'

export interface ReaderDigestJob {
  userId: number
  week: string
  /** The start of the 7 days the digest covers (ISO). */
  since: string
}

/** One reader's digest of one week: its key makes a second queueing of the same reader and week a no-op. */
export const READER_DIGEST_JOB: JobKind<ReaderDigestJob> = {
  name: 'digest.reader',
  concurrency: 2,
  retryLimit: 2,
  heartbeatSeconds: 10,
  expireInSeconds: 5 * 60,
  policy: 'stately',
}

/**
 * Queues this week's digest, one job per subscribed reader, unless this week's run already finished. Safe to run again
 * (a retry after a crash, a second occurrence): readers already queued are keyed, and each reader's mail carries the
 * dedupe key of its user and week. Answers how many reader jobs this call queued, or null when the week was done.
 */
export async function runWeeklyDigest(db: Db, jobQueue: JobQueue, now = new Date()): Promise<number | null> {
  const week = isoWeek(now)
  // claimed_until is the start of the run now: the job queue, not a lease, keeps it to one instance
  await db.insert(digestRuns).values({ week, claimedUntil: now }).onConflictDoNothing()
  const [run] = await db.select().from(digestRuns).where(eq(digestRuns.week, week))
  if (run?.finishedAt) return null
  const since = new Date(now.getTime() - DIGEST_DAYS * 86_400_000).toISOString()
  let queued = 0
  let afterId = 0
  for (;;) {
    const batch = await listSubscribedReaders(db, afterId)
    if (batch.length === 0) break
    afterId = batch.at(-1)!.id
    await db.transaction(async (tx) => {
      for (const user of batch) {
        const job = { userId: user.id, week, since }
        if (await jobQueue.send(tx, READER_DIGEST_JOB, job, { key: `${user.id}:${week}` })) queued++
      }
    })
  }
  await db.update(digestRuns).set({ finishedAt: new Date(), sent: queued }).where(eq(digestRuns.week, week))
  return queued
}

/**
 * One reader's digest: the tools they follow or use with something new since `since`, through the outbox. Answers
 * whether an e-mail was queued (none when nothing happened, the reader unsubscribed meanwhile, or it was sent already).
 */
export async function sendReaderDigest(
  db: Db,
  jobQueue: JobQueue,
  config: AppConfig,
  { userId, week, since }: ReaderDigestJob,
): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.emailFeedWeekly, true)))
  if (!user) return false
  const [tools = [], changes] = await Promise.all([
    loadToolActivity(db, [user.id], new Date(since)).then((byUser) => byUser.get(user.id)),
    loadCompanyChanges(db, user.id, new Date(since)),
  ])
  if (tools.length === 0 && changes.length === 0) return false // nothing happened: no e-mail
  return (await enqueueMail(db, jobQueue, composeDigest(config, user, tools, week, changes))) !== null
}

/**
 * Registers the digest's workers. Every instance sends readers' digests; `scheduled` instances (not
 * WEEKLY_DIGEST_DISABLED) also state the weekly schedule and run the week's job.
 */
export function registerWeeklyDigest(
  jobQueue: JobQueue,
  { db, config, scheduled, log }: { db: Db; config: AppConfig; scheduled: boolean; log: FastifyBaseLogger },
) {
  jobQueue.work(READER_DIGEST_JOB, {
    run: async (job) => {
      await sendReaderDigest(db, jobQueue, config, job)
    },
    async giveUp(job) {
      log.error(job, 'weekly digest of a reader given up')
    },
  })
  if (!scheduled) return
  jobQueue.work(WEEKLY_DIGEST_JOB, {
    run: async () => {
      const queued = await runWeeklyDigest(db, jobQueue)
      if (queued !== null) log.info({ queued }, 'weekly digest queued')
    },
    async giveUp() {
      log.error({}, 'weekly digest run given up')
    },
  })
  jobQueue.schedule(WEEKLY_DIGEST_JOB, WEEKLY_DIGEST_CRON, {}, { timeZone: DIGEST_TIME_ZONE })
}

/** Subscribed users who follow a tool or a company or have a tool in a stack of their own, by id, after `afterId`. */
async function listSubscribedReaders(db: Db, afterId: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.emailFeedWeekly, true),
        gt(users.id, afterId),
        sql`(exists (select 1 from ${follows} where ${follows.userId} = ${users.id}
            and ${follows.followeeType} in ('tool', 'company'))
          or exists (select 1 from ${stacks} join ${stackTools} on ${stackTools.stackId} = ${stacks.id}
            where ${stacks.ownerUserId} = ${users.id}))`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(USER_BATCH)
}

/**
 * For each user, their tools (followed, or in a stack of their own: decision 011) with something new since `since`,
 * busiest first.
 */
async function loadToolActivity(db: Db, userIds: number[], since: Date): Promise<Map<number, ToolActivity[]>> {
  const readers = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const result = await db.execute<{
    user_id: number
    name: string
    slug: string
    new_stacks: number
    new_followers: number
    new_comments: number
    new_reasons: number
  }>(sql`
    with watched as (
      select f.user_id, f.followee_id as tool_id from follow f
      where f.followee_type = 'tool' and f.user_id in (${readers})
      union
      select s.owner_user_id as user_id, st.tool_id from stack s join stack_tool st on st.stack_id = s.id
      where s.owner_user_id in (${readers})
    ), followed as (
      select w.user_id, t.id as tool_id, t.name, t.slug from watched w join tool t on t.id = w.tool_id
    ), counts as (
      select tool_id,
        (select count(*) from stack_tool st join stack s on s.id = st.stack_id
          where st.tool_id = d.tool_id and st.created_at >= ${since} and not s.is_private)::int as new_stacks,
        (select count(*) from follow f2
          where f2.followee_type = 'tool' and f2.followee_id = d.tool_id and f2.created_at >= ${since})::int as new_followers,
        (select count(*) from comment c
          where c.commentable_type = 'tool' and c.commentable_id = d.tool_id and c.created_at >= ${since}
            and not c.flagged)::int as new_comments,
        (select count(*) from reason r where r.tool_id = d.tool_id and r.created_at >= ${since})::int as new_reasons
      from (select distinct tool_id from followed) d
    )
    select followed.user_id, followed.name, followed.slug, counts.new_stacks, counts.new_followers,
      counts.new_comments, counts.new_reasons
    from followed join counts using (tool_id)
    where counts.new_stacks + counts.new_followers + counts.new_comments + counts.new_reasons > 0
    order by followed.user_id,
      counts.new_stacks + counts.new_followers + counts.new_comments + counts.new_reasons desc, followed.name
  `)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    user_id: number
    name: string
    slug: string
    new_stacks: number
    new_followers: number
    new_comments: number
    new_reasons: number
  }>
  const byUser = new Map<number, ToolActivity[]>()
  for (const row of rows) {
    const list = byUser.get(Number(row.user_id)) ?? []
    list.push({
      name: row.name,
      slug: row.slug,
      newStacks: Number(row.new_stacks),
      newFollowers: Number(row.new_followers),
      newComments: Number(row.new_comments),
      newReasons: Number(row.new_reasons),
    })
    byUser.set(Number(row.user_id), list)
  }
  return byUser
}

/**
 * The synced changes since `since` of the public stacks of companies the user follows (a private stack, or any stack
 * of a private-mode company, is for its members only and an e-mail is not a page that checks), newest first.
 */
async function loadCompanyChanges(db: Db, userId: number, since: Date): Promise<CompanyStackChange[]> {
  const rows = await db
    .select({
      company: companies.name,
      companySlug: companies.slug,
      stackName: stacks.name,
      stackSlug: stacks.slug,
      added: stackSyncChanges.added,
      removed: stackSyncChanges.removed,
      flagged: stackSyncChanges.flagged,
      versionChanges: stackSyncChanges.versionChanges,
    })
    .from(stackSyncChanges)
    .innerJoin(stacks, eq(stacks.id, stackSyncChanges.stackId))
    .innerJoin(companies, eq(companies.id, stacks.ownerCompanyId))
    .innerJoin(
      follows,
      and(eq(follows.followeeType, 'company'), eq(follows.followeeId, companies.id), eq(follows.userId, userId)),
    )
    .where(and(gte(stackSyncChanges.createdAt, since), eq(stacks.isPrivate, false), eq(companies.privateMode, false)))
    .orderBy(desc(stackSyncChanges.id))
    .limit(COMPANY_CHANGES_PER_DIGEST)
  return rows.flatMap((row) => {
    const summary = describeChange(
      { added: row.added, removed: row.removed, flagged: row.flagged, versionChanges: row.versionChanges },
      row.stackName,
    )
    const path = `${stackPath({ slug: row.companySlug }, row.stackSlug)}#history`
    return summary ? [{ company: row.company, path, summary }] : []
  })
}

// --- the e-mail ---------------------------------------------------------------------------------------------------

function count(value: number, one: string, many: string): string | null {
  return value > 0 ? `${value} ${value === 1 ? one : many}` : null
}

export function describeActivity(tool: ToolActivity): string {
  return [
    count(tool.newStacks, 'new stack', 'new stacks'),
    count(tool.newFollowers, 'new follower', 'new followers'),
    count(tool.newComments, 'new comment', 'new comments'),
    count(tool.newReasons, 'new pro or con', 'new pros and cons'),
  ]
    .filter(Boolean)
    .join(', ')
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export function composeDigest(
  config: AppConfig,
  user: { id: number; email: string; name: string; username: string | null },
  tools: ToolActivity[],
  week: string,
  changes: CompanyStackChange[] = [],
) {
  const shown = tools.slice(0, TOOLS_PER_DIGEST)
  const more = tools.length - shown.length
  const token = unsubscribeToken(config.authSecret, user.id)
  const unsubscribeUrl = `${config.baseUrl}${UNSUBSCRIBE_PATH}?token=${token}`
  const settingsUrl = `${config.baseUrl}/settings/notifications`
  const toolUrl = (slug: string) => `${config.baseUrl}/tools/${slug}`
  const headline =
    tools.length === 0
      ? `changes at ${[...new Set(changes.map((change) => change.company))].join(', ')}`
      : tools.length === 1
        ? tools[0]!.name
        : `${tools.length} of your tools`
  const subject = `This week on ${config.siteName}: ${headline}`
  const changesIntro = 'Changes to the stacks of companies you follow:'
  const text = [
    `Hi ${user.name},`,
    '',
    ...(shown.length > 0
      ? [
          `Here is what happened this week to the tools you follow or use on ${config.siteName}:`,
          '',
          ...shown.map((tool) => `- ${tool.name}: ${describeActivity(tool)}\n  ${toolUrl(tool.slug)}`),
          ...(more > 0 ? [`- and ${more} more`] : []),
          '',
        ]
      : []),
    ...(changes.length > 0
      ? [
          changesIntro,
          '',
          ...changes.map((change) => `- ${change.company}: ${change.summary}\n  ${config.baseUrl}${change.path}`),
          '',
        ]
      : []),
    `Choose what you hear about: ${settingsUrl}`,
    `Stop these weekly e-mails: ${unsubscribeUrl}`,
  ].join('\n')
  const html = [
    `<p>Hi ${escapeHtml(user.name)},</p>`,
    ...(shown.length > 0
      ? [
          `<p>Here is what happened this week to the tools you follow or use on ${escapeHtml(config.siteName)}:</p>`,
          '<ul>',
          ...shown.map(
            (tool) =>
              `<li><a href="${escapeHtml(toolUrl(tool.slug))}">${escapeHtml(tool.name)}</a>: ${escapeHtml(describeActivity(tool))}</li>`,
          ),
          ...(more > 0 ? [`<li>and ${more} more</li>`] : []),
          '</ul>',
        ]
      : []),
    ...(changes.length > 0
      ? [
          `<p>${changesIntro}</p>`,
          '<ul>',
          ...changes.map(
            (change) =>
              `<li>${escapeHtml(change.company)}: <a href="${escapeHtml(`${config.baseUrl}${change.path}`)}">${escapeHtml(change.summary)}</a></li>`,
          ),
          '</ul>',
        ]
      : []),
    `<p style="color:#64748b;font-size:12px"><a href="${escapeHtml(settingsUrl)}">Choose what you hear about</a> · ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Stop these weekly e-mails</a></p>`,
  ].join('\n')
  return {
    to: user.email,
    subject,
    text,
    html,
    kind: 'notifications.weekly_digest',
    dedupeKey: `weekly-digest:${user.id}:${week}`,
    // RFC 2369 and RFC 8058: mail apps show an Unsubscribe button that POSTs to this URL, no page, no sign-in
    headers: {
      'List-Unsubscribe': `<${config.baseUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

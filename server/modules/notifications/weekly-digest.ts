// The weekly digest of a user's tools ('Send me weekly updates on these tools', user.email_feed_weekly): the tools they
// follow and the tools in their own stacks (the ones onboarding's box is next to). Once per ISO week, from Monday
// 08:00 UTC, each subscribed user whose tools saw activity in the last 7 days gets one e-mail through the outbox (enqueueMail, deduplicated per user and week). One instance runs a week, holding a lease
// on its digest_run row; a crashed run is taken over when the lease expires (docs/decisions/011-weekly-digest.md).
import crypto from 'node:crypto'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from '#contracts/notifications.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { digestRuns, follows, stacks, stackTools, users } from '../../db/schema/index.ts'
import { enqueueMail } from '../mail/mail.service.ts'

export const DIGEST_SEND_HOUR_UTC = 8
const DIGEST_DAYS = 7
const LEASE_MINUTES = 15
const USER_BATCH = 200
/** Tools listed per e-mail, busiest first. */
const TOOLS_PER_DIGEST = 15

export interface ToolActivity {
  name: string
  slug: string
  newStacks: number
  newFollowers: number
  newComments: number
  newReasons: number
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

/** Whether this week's digest is due: from Monday 08:00 UTC on. */
export function isDigestDue(now: Date): boolean {
  const weekday = now.getUTCDay() || 7
  return weekday > 1 || now.getUTCHours() >= DIGEST_SEND_HOUR_UTC
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
 * Claims the week's run for this instance: a new row, or one whose earlier claimant let its lease lapse without
 * finishing. Answers false when another instance holds it or it is done.
 */
async function claimWeek(db: Db, week: string): Promise<boolean> {
  const lease = sql`now() + make_interval(mins => ${LEASE_MINUTES})`
  const rows = await db
    .insert(digestRuns)
    .values({ week, claimedUntil: lease })
    .onConflictDoUpdate({
      target: digestRuns.week,
      set: { claimedUntil: lease },
      setWhere: sql`${digestRuns.finishedAt} is null and ${digestRuns.claimedUntil} < now()`,
    })
    .returning({ week: digestRuns.week })
  return rows.length > 0
}

/**
 * Sends this week's digest if it is due and nobody else has. Safe to call from every instance, any number of times:
 * answers how many e-mails this call queued, or null when it did not run the week.
 */
export async function runWeeklyDigest(db: Db, config: AppConfig, now = new Date()): Promise<number | null> {
  if (!isDigestDue(now)) return null
  const week = isoWeek(now)
  if (!(await claimWeek(db, week))) return null
  const since = new Date(now.getTime() - DIGEST_DAYS * 86_400_000)
  let sent = 0
  let afterId = 0
  for (;;) {
    const batch = await listSubscribedReaders(db, afterId)
    if (batch.length === 0) break
    afterId = batch.at(-1)!.id
    const activity = await loadToolActivity(
      db,
      batch.map((user) => user.id),
      since,
    )
    for (const user of batch) {
      const tools = activity.get(user.id)
      if (!tools || tools.length === 0) continue // nothing happened: no e-mail
      const mail = composeDigest(config, user, tools, week)
      if (await enqueueMail(db, mail)) sent++
    }
    // keep the lease while working through a large directory
    await db
      .update(digestRuns)
      .set({ claimedUntil: sql`now() + make_interval(mins => ${LEASE_MINUTES})` })
      .where(eq(digestRuns.week, week))
  }
  await db.update(digestRuns).set({ finishedAt: new Date(), sent }).where(eq(digestRuns.week, week))
  return sent
}

/** Subscribed users who follow a tool or have one in a stack of their own, by id, after `afterId`. */
async function listSubscribedReaders(db: Db, afterId: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.emailFeedWeekly, true),
        gt(users.id, afterId),
        sql`(exists (select 1 from ${follows} where ${follows.userId} = ${users.id} and ${follows.followeeType} = 'tool')
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
) {
  const shown = tools.slice(0, TOOLS_PER_DIGEST)
  const more = tools.length - shown.length
  const token = unsubscribeToken(config.authSecret, user.id)
  const unsubscribeUrl = `${config.baseUrl}${UNSUBSCRIBE_PATH}?token=${token}`
  const settingsUrl = `${config.baseUrl}/settings/notifications`
  const toolUrl = (slug: string) => `${config.baseUrl}/tools/${slug}`
  const subject = `This week on ${config.siteName}: ${tools.length === 1 ? tools[0]!.name : `${tools.length} of your tools`}`
  const text = [
    `Hi ${user.name},`,
    '',
    `Here is what happened this week to the tools you follow or use on ${config.siteName}:`,
    '',
    ...shown.map((tool) => `- ${tool.name}: ${describeActivity(tool)}\n  ${toolUrl(tool.slug)}`),
    ...(more > 0 ? [`- and ${more} more`] : []),
    '',
    `Choose what you hear about: ${settingsUrl}`,
    `Stop these weekly e-mails: ${unsubscribeUrl}`,
  ].join('\n')
  const html = [
    `<p>Hi ${escapeHtml(user.name)},</p>`,
    `<p>Here is what happened this week to the tools you follow or use on ${escapeHtml(config.siteName)}:</p>`,
    '<ul>',
    ...shown.map(
      (tool) =>
        `<li><a href="${escapeHtml(toolUrl(tool.slug))}">${escapeHtml(tool.name)}</a>: ${escapeHtml(describeActivity(tool))}</li>`,
    ),
    ...(more > 0 ? [`<li>and ${more} more</li>`] : []),
    '</ul>',
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

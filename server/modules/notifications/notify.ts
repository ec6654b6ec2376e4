// The one way other modules create notifications: notify(tx, {...}) inside their own transaction, so the
// notification exists exactly when the action that caused it commits (docs/decisions/010-notifications.md).
import crypto from 'node:crypto'
import { and, arrayContains, eq, gt, inArray, sql } from 'drizzle-orm'
import { NOTIFICATION_TYPES, type NotificationType } from '#contracts/notifications.ts'
import type { Db } from '../../db/client.ts'
import { notificationSettings, notifications } from '../../db/schema/index.ts'

/** The PostgreSQL NOTIFY channel live delivery listens on (server/modules/notifications/notification-hub.ts). */
export const NOTIFICATIONS_CHANNEL = 'stackatlas_notifications'

/** A team_invite about an invitation by e-mail (not yet on the team) rather than about being added to it. */
export const TEAM_INVITATION_TARGET = 'team_invitation'
/** A team_invite to an account by username (decision 037): the account accepts or declines it in the app. */
export const TEAM_ACCOUNT_INVITATION_TARGET = 'team_account_invitation'

/** One actor doing the same thing to the same target again within this window tells the recipient nothing new. */
export const REPEAT_WINDOW_HOURS = 24
/** Distinct actors remembered on a collapsed notification (the count keeps going past it). */
const ACTORS_KEPT = 50

export interface NotifyInput {
  /** Who is told. */
  recipientId: number
  type: NotificationType
  /** Who did it; null for things nobody in particular did. Never notified about their own action. */
  actorId: number | null
  /** What it is about, e.g. { type: 'comment', id: 55 }. With `type` it is the collapse group. */
  target: { type: string; id: number }
  /** The site path /notifications/{id} redirects to, e.g. '/tools/react' or '/tools/react#comment-12'. */
  path: string
  /** The target's name, worded for the notification text (see notifications.presenter.ts per type). */
  subject: string
  /** A picture when the actor's avatar is not the right one (a tool's logo). */
  imageUrl?: string | null
  /** A short plain-text excerpt of the comment it is about (commentExcerpt), shown under the text. */
  excerpt?: string | null
  /** The comment the path's anchor and the excerpt come from. */
  commentId?: number | null
  /**
   * For a notification that sums up changes (stack_synced, decision 080): what this event adds to it, and how to
   * merge it into the recipient's unread notification of the same group. The merged payload and its subject replace
   * `subject`; with no unread one (none yet, or read), the event starts afresh with `payload` and `subject`.
   */
  accumulate?: Accumulate
}

export interface Accumulate {
  payload: unknown
  /** The unread notification's payload plus this event's: the payload to keep and the subject that words it. */
  mergeInto: (earlier: unknown) => { payload: unknown; subject: string }
}

/**
 * What went out on the NOTIFY channel: the recipient, and the notification when one was created or changed; or
 * `sessions` when one of the recipient's sessions ended (sign-out, account deletion), so their open streams check
 * theirs.
 */
export interface NotificationSignal {
  recipient_id: number
  id?: number
  sessions?: true
}

/**
 * Tells `recipientId` that `actorId` did something to `target`. Call it with the transaction of the action itself.
 *
 * - Nothing happens when the recipient is the actor, or has switched this type off in their settings.
 * - Repeats collapse: a recipient has one notification per type and target, read or not (decision 038). An
 *   accumulating event (`accumulate`, decision 080) is merged into the unread one's payload, or starts afresh once
 *   it is read. A new actor
 *   is folded into it ("alice and 2 others upvoted your comment"), it takes the latest subject, path and excerpt,
 *   moves to the top and becomes unread and unseen again with a new key; the same actor doing the same thing (same
 *   subject) within REPEAT_WINDOW_HOURS (a follow toggled off and on) adds nothing at all.
 * - Open pages hear about it through PostgreSQL NOTIFY, which is delivered only if the transaction commits.
 *
 * Answers the notification's id, or null when nothing was created or changed.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<number | null> {
  const { recipientId, actorId } = input
  if (actorId !== null && actorId === recipientId) return null
  if (await isMuted(tx, recipientId, input.type)) return null
  const groupKey = groupKeyOf(input.type, input.target)
  if (actorId !== null && (await isRecentRepeat(tx, { recipientId, groupKey, actorId, subject: input.subject }))) {
    return null
  }

  const { subject, payload } = input.accumulate
    ? await accumulated(tx, { recipientId, groupKey, subject: input.subject, accumulate: input.accumulate })
    : { subject: input.subject, payload: null }

  const key = newKey()
  const table = sql.raw('"notification"')
  const [row] = await tx
    .insert(notifications)
    .values({
      key,
      recipientId,
      type: input.type,
      groupKey,
      actorId,
      actorIds: actorId === null ? [] : [actorId],
      actorCount: 1,
      subject,
      payload,
      targetPath: input.path,
      imageUrl: input.imageUrl ?? null,
      excerpt: input.excerpt ?? null,
      commentId: input.commentId ?? null,
    })
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.groupKey],
      set: {
        key,
        actorId,
        ...(actorId === null
          ? {}
          : {
              actorIds: sql`(array_prepend(${actorId}::integer, array_remove(${table}."actor_ids", ${actorId}::integer)))[1:${sql.raw(String(ACTORS_KEPT))}]`,
              actorCount: sql`${table}."actor_count" + case when ${actorId}::integer = any(${table}."actor_ids") then 0 else 1 end`,
            }),
        subject,
        payload,
        targetPath: input.path,
        imageUrl: input.imageUrl ?? null,
        excerpt: input.excerpt ?? null,
        commentId: input.commentId ?? null,
        read: false,
        seen: false,
        time: sql`now()`,
      },
    })
    .returning({ id: notifications.id })
  if (!row) return null
  await signal(tx, { recipient_id: recipientId, id: row.id })
  return row.id
}

/**
 * The subject and payload of an accumulating event: merged into the recipient's unread notification of the group
 * (locked until the transaction ends, so two syncs of one stack merge one after the other), else the event's own.
 */
async function accumulated(
  tx: Db,
  input: { recipientId: number; groupKey: string; subject: string; accumulate: Accumulate },
): Promise<{ subject: string; payload: unknown }> {
  const [unread] = await tx
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, input.recipientId),
        eq(notifications.groupKey, input.groupKey),
        eq(notifications.read, false),
      ),
    )
    .for('update')
  if (unread?.payload == null) return { subject: input.subject, payload: input.accumulate.payload }
  return input.accumulate.mergeInto(unread.payload)
}

/** notify() for each recipient (company members, followers); answers the ids created or changed. */
export async function notifyEach(
  tx: Db,
  recipientIds: Iterable<number>,
  input: Omit<NotifyInput, 'recipientId'>,
): Promise<number[]> {
  const ids: number[] = []
  for (const recipientId of new Set(recipientIds)) {
    const id = await notify(tx, { ...input, recipientId })
    if (id !== null) ids.push(id)
  }
  return ids
}

/**
 * Notifications about targets that are gone (deleted stacks, companies, comments, reasons) would only lead to the
 * not-found page: they go, for every recipient, whose open pages then refetch their counts.
 */
export async function forgetNotificationsAbout(tx: Db, targetType: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  const removed: { recipientId: number }[] = []
  // a few hundred targets a statement keeps the bound parameters well under PostgreSQL's limit
  for (let start = 0; start < ids.length; start += 500) {
    const groupKeys = ids
      .slice(start, start + 500)
      .flatMap((id) => NOTIFICATION_TYPES.map((type) => groupKeyOf(type, { type: targetType, id })))
    removed.push(
      ...(await tx
        .delete(notifications)
        .where(inArray(notifications.groupKey, groupKeys))
        .returning({ recipientId: notifications.recipientId })),
    )
  }
  await signalEach(tx, removed)
}

/**
 * Takes an actor's part out of notifications once what they did is gone (a vote withdrawn, a comment deleted, the
 * account deleted): they leave the actors folded in ('bob and 1 other' becomes 'bob'), and a notification with
 * nobody left goes, so lists and unread counts drop. It touches the notifications of `types`, and with `target` only
 * those about it. An actor beyond the ACTORS_KEPT remembered cannot be taken out; the count stays.
 */
export async function withdrawActor(
  tx: Db,
  input: { actorId: number; types: readonly NotificationType[]; target?: { type: string; id: number } },
): Promise<void> {
  const { actorId, types, target } = input
  if (types.length === 0) return
  const table = sql.raw('"notification"')
  const changed = await tx
    .update(notifications)
    .set({
      actorIds: sql`array_remove(${table}."actor_ids", ${actorId}::integer)`,
      actorCount: sql`greatest(${table}."actor_count" - 1, 0)`,
      actorId: sql`case when ${table}."actor_id" = ${actorId}::integer
        then (array_remove(${table}."actor_ids", ${actorId}::integer))[1] else ${table}."actor_id" end`,
    })
    .where(
      and(
        arrayContains(notifications.actorIds, [actorId]),
        target
          ? inArray(
              notifications.groupKey,
              types.map((type) => groupKeyOf(type, target)),
            )
          : inArray(notifications.type, [...types]),
      ),
    )
    .returning({ id: notifications.id, recipientId: notifications.recipientId })
  if (changed.length === 0) return
  await tx.delete(notifications).where(
    and(
      inArray(
        notifications.id,
        changed.map((row) => row.id),
      ),
      sql`cardinality(${notifications.actorIds}) = 0`,
    ),
  )
  await signalEach(tx, changed)
}

/** The collapse group: '{n_type}:{target type}:{target id}'. */
function groupKeyOf(type: NotificationType, target: { type: string; id: number }): string {
  return `${type}:${target.type}:${target.id}`
}

async function signalEach(tx: Db, rows: { recipientId: number }[]): Promise<void> {
  for (const recipientId of new Set(rows.map((row) => row.recipientId))) await signal(tx, { recipient_id: recipientId })
}

/** Tells the recipient's open pages that something changed (read, seen, a new notification). */
export async function signal(db: Db, payload: NotificationSignal): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(payload)})`)
}

async function isMuted(db: Db, userId: number, type: NotificationType): Promise<boolean> {
  const [row] = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), arrayContains(notificationSettings.mutedTypes, [type])))
  return Boolean(row)
}

/** The same actor, target and subject (so adding a second tool to a stack is news) within the window. */
async function isRecentRepeat(
  db: Db,
  repeat: { recipientId: number; groupKey: string; actorId: number; subject: string },
): Promise<boolean> {
  const { recipientId, groupKey, actorId, subject } = repeat
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.groupKey, groupKey),
        arrayContains(notifications.actorIds, [actorId]),
        eq(notifications.subject, subject),
        gt(notifications.time, sql`now() - make_interval(hours => ${REPEAT_WINDOW_HOURS})`),
      ),
    )
    .limit(1)
  return Boolean(row)
}

function newKey(): string {
  return crypto.randomBytes(12).toString('base64url')
}

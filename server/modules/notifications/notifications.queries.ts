// Reading and marking a user's notifications. Every query is scoped to the recipient, so one user can never read or
// change another's. Queries take the database first.
import { and, count, desc, eq, inArray, not, or, sql } from 'drizzle-orm'
import type { NotificationCounts, NotificationType } from '#contracts/notifications.ts'
import type { Db } from '../../db/client.ts'
import { notificationSettings, notifications, sessions, users } from '../../db/schema/index.ts'

export type NotificationRecord = typeof notifications.$inferSelect

export interface NotificationRow {
  notification: NotificationRecord
  actor: { username: string | null; name: string | null; image: string | null }
}

const rowColumns = {
  notification: notifications,
  actor: { username: users.username, name: users.name, image: users.image },
}

/** The user's notifications, newest activity first. */
export async function listNotifications(
  db: Db,
  recipientId: number,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.time), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset)
  return rows.map(withActor)
}

export async function findNotificationRow(db: Db, recipientId: number, id: number): Promise<NotificationRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
  return row ? withActor(row) : null
}

/** Whether a session still stands (not signed out, its user not deleted, not expired): open streams ask. */
export async function isSessionActive(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), sql`${sessions.expiresAt} > now()`))
  return Boolean(row)
}

export async function countNotifications(db: Db, recipientId: number): Promise<NotificationCounts> {
  const [row] = await db
    .select({
      total: count(),
      unseen: sql<number>`count(*) filter (where not ${notifications.seen} and not ${notifications.read})`.mapWith(
        Number,
      ),
    })
    .from(notifications)
    .where(eq(notifications.recipientId, recipientId))
  return { notification_count: row?.total ?? 0, unread_notifications_count: row?.unseen ?? 0 }
}

/** spec §4: opening the bell marks every notification seen. Answers how many changed. */
export async function markAllSeen(db: Db, recipientId: number): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.recipientId, recipientId), not(notifications.seen)))
    .returning({ id: notifications.id })
  return changed.length
}

/** Mark All as Read: read implies seen. */
export async function markAllRead(db: Db, recipientId: number): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ read: true, seen: true })
    .where(and(eq(notifications.recipientId, recipientId), or(not(notifications.read), not(notifications.seen))))
    .returning({ id: notifications.id })
  return changed.length
}

/**
 * set_read: the keys the web cached as read and as seen. Keys of other users' notifications, and keys a collapsed
 * repeat has since replaced, match nothing. Answers how many changed.
 */
export async function markKeys(db: Db, recipientId: number, keys: { read: string[]; seen: string[] }) {
  let changed = 0
  if (keys.read.length > 0) {
    const rows = await db
      .update(notifications)
      .set({ read: true, seen: true })
      .where(
        and(
          eq(notifications.recipientId, recipientId),
          inArray(notifications.key, keys.read),
          or(not(notifications.read), not(notifications.seen)),
        ),
      )
      .returning({ id: notifications.id })
    changed += rows.length
  }
  if (keys.seen.length > 0) {
    const rows = await db
      .update(notifications)
      .set({ seen: true })
      .where(
        and(eq(notifications.recipientId, recipientId), inArray(notifications.key, keys.seen), not(notifications.seen)),
      )
      .returning({ id: notifications.id })
    changed += rows.length
  }
  return changed
}

/** /notifications/{id}: marks one read; answers where it points, or null when it is not the user's. */
export async function markRead(db: Db, recipientId: number, id: number): Promise<NotificationRecord | null> {
  const [row] = await db
    .update(notifications)
    .set({ read: true, seen: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning()
  return row ?? null
}

export async function findMutedTypes(db: Db, userId: number): Promise<NotificationType[]> {
  const [row] = await db
    .select({ mutedTypes: notificationSettings.mutedTypes })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
  return (row?.mutedTypes ?? []) as NotificationType[]
}

export async function saveMutedTypes(db: Db, userId: number, mutedTypes: NotificationType[]): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, mutedTypes })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { mutedTypes, updatedAt: new Date() } })
}

export async function findWeeklyDigest(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ value: users.emailFeedWeekly }).from(users).where(eq(users.id, userId))
  return row?.value ?? false
}

export async function saveWeeklyDigest(db: Db, userId: number, value: boolean): Promise<void> {
  await db.update(users).set({ emailFeedWeekly: value }).where(eq(users.id, userId))
}

function withActor(row: {
  notification: NotificationRecord
  actor: { username: string | null; name: string | null; image: string | null } | null
}): NotificationRow {
  return { notification: row.notification, actor: row.actor ?? { username: null, name: null, image: null } }
}

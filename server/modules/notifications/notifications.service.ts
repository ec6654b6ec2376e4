// Marking notifications, each change in one transaction with the signal that tells the user's other open pages
// (their badge follows). Settings: the types a user receives and the weekly digest flag.
import {
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
  type UpdateNotificationSettingsBody,
} from '#contracts/notifications.ts'
import type { Db } from '../../db/client.ts'
import {
  findMutedTypes,
  findWeeklyDigest,
  markAllRead,
  markAllSeen,
  markKeys,
  markRead,
  saveMutedTypes,
  saveWeeklyDigest,
} from './notifications.queries.ts'
import { signal } from './notify.ts'

async function markAndSignal(db: Db, userId: number, mark: (tx: Db) => Promise<number>): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await mark(tx)) > 0) await signal(tx, { recipient_id: userId })
  })
}

export const clearNotifications = (db: Db, userId: number) => markAndSignal(db, userId, (tx) => markAllSeen(tx, userId))

export const readAllNotifications = (db: Db, userId: number) =>
  markAndSignal(db, userId, (tx) => markAllRead(tx, userId))

export const readNotificationKeys = (db: Db, userId: number, keys: { read: string[]; seen: string[] }) =>
  markAndSignal(db, userId, (tx) => markKeys(tx, userId, keys))

/** Marks one read and answers its target path, or null when it is not the user's. */
export async function readNotification(db: Db, userId: number, id: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await markRead(tx, userId, id)
    if (row) await signal(tx, { recipient_id: userId })
    return row?.targetPath ?? null
  })
}

export async function loadNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [muted, weeklyDigest] = await Promise.all([findMutedTypes(db, userId), findWeeklyDigest(db, userId)])
  const types = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, !muted.includes(type)]))
  return { types: types as Record<NotificationType, boolean>, weekly_digest: weeklyDigest }
}

export async function updateNotificationSettings(
  db: Db,
  userId: number,
  changes: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  await db.transaction(async (tx) => {
    const muted = new Set(await findMutedTypes(tx, userId))
    for (const [type, enabled] of Object.entries(changes.types ?? {}) as [NotificationType, boolean | undefined][]) {
      if (enabled === true) muted.delete(type)
      else if (enabled === false) muted.add(type)
    }
    // types that no longer exist drop out
    await saveMutedTypes(
      tx,
      userId,
      NOTIFICATION_TYPES.filter((type) => muted.has(type)),
    )
    if (changes.weekly_digest !== undefined) await saveWeeklyDigest(tx, userId, changes.weekly_digest)
  })
  return loadNotificationSettings(db, userId)
}

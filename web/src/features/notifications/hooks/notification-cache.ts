// The per-user local-storage cache of read and seen keys (specs/stack-match-and-community.md §3, §4): what this
// browser marked before the server confirmed it. It overlays the server's state, is sent with set_read, and a 200
// clears it. A malformed stored value is cleared.
import { useCallback, useSyncExternalStore } from 'react'
import { NotificationCache } from '#contracts/notifications.ts'

const EMPTY: NotificationCache = { read: [], seen: [] }
const listeners = new Set<() => void>()
const snapshots = new Map<string, { raw: string | null; value: NotificationCache }>()

export const cacheStorageKey = (userId: number) => `stackatlas.notifications.${userId}`

export function readNotificationCache(userId: number): NotificationCache {
  const key = cacheStorageKey(userId)
  let raw: string | null
  try {
    raw = localStorage.getItem(key)
  } catch {
    return EMPTY // storage disabled
  }
  const known = snapshots.get(key)
  if (known && known.raw === raw) return known.value
  let value = EMPTY
  if (raw !== null) {
    try {
      value = NotificationCache.parse(JSON.parse(raw))
    } catch {
      localStorage.removeItem(key)
      raw = null
    }
  }
  snapshots.set(key, { raw, value })
  return value
}

export function writeNotificationCache(userId: number, cache: NotificationCache): void {
  try {
    if (cache.read.length === 0 && cache.seen.length === 0) localStorage.removeItem(cacheStorageKey(userId))
    else localStorage.setItem(cacheStorageKey(userId), JSON.stringify(cache))
  } catch {
    // storage full or disabled: the server calls still go out
  }
  for (const listener of listeners) listener()
}

export function addToNotificationCache(userId: number, add: Partial<NotificationCache>): NotificationCache {
  const current = readNotificationCache(userId)
  const next = {
    read: [...new Set([...current.read, ...(add.read ?? [])])],
    seen: [...new Set([...current.seen, ...(add.seen ?? [])])],
  }
  writeNotificationCache(userId, next)
  return next
}

export function removeFromNotificationCache(userId: number, remove: Partial<NotificationCache>): void {
  const current = readNotificationCache(userId)
  const read = new Set(remove.read ?? [])
  const seen = new Set(remove.seen ?? [])
  writeNotificationCache(userId, {
    read: current.read.filter((key) => !read.has(key)),
    seen: current.seen.filter((key) => !seen.has(key)),
  })
}

export const clearNotificationCache = (userId: number) => writeNotificationCache(userId, EMPTY)

function subscribe(listener: () => void) {
  listeners.add(listener)
  // another tab of the same user
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

export function useNotificationCache(userId: number): NotificationCache {
  const getSnapshot = useCallback(() => readNotificationCache(userId), [userId])
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY)
}

// What the bell and the page do (specs/stack-match-and-community.md §4): opening marks everything seen (clear),
// a single mark and Mark All as Read. Marks go to the local cache first, so the page shows them at once and a failed
// call is retried (set_read with the whole cache) the next time; set_read's 200 clears the cache. An impersonating
// admin changes nothing (decision 010).
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import type { Notification } from '#contracts/notifications.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { clearNotifications } from '../api/clear-notifications.ts'
import { setRead } from '../api/set-read.ts'
import { setReadAll } from '../api/set-read-all.ts'
import {
  addToNotificationCache,
  clearNotificationCache,
  readNotificationCache,
  removeFromNotificationCache,
} from './notification-cache.ts'
import { patchNotifications, refreshNotifications, setCounts } from './notification-queries.ts'

export function useNotificationActions(user: CurrentUser) {
  const queryClient = useQueryClient()
  const userId = user.id
  const canChange = !user.impersonated

  /** Sends the cached keys with set_read; a 200 clears the cache. */
  const syncCache = useCallback(async () => {
    const cache = readNotificationCache(userId)
    if (!canChange || (cache.read.length === 0 && cache.seen.length === 0)) return
    const counts = await setRead({ notifications: cache })
    clearNotificationCache(userId)
    setCounts(queryClient, counts)
    await refreshNotifications(queryClient)
  }, [userId, canChange, queryClient])

  // marks left from an earlier visit whose call failed
  useEffect(() => {
    syncCache().catch(() => {})
  }, [syncCache])

  const markAllSeen = useCallback(async () => {
    if (!canChange || user.unread_notifications_count === 0) return
    const keys = user.notifications.filter((item) => !item.seen).map((item) => item.key)
    addToNotificationCache(userId, { seen: keys })
    try {
      const counts = await clearNotifications()
      removeFromNotificationCache(userId, { seen: keys })
      patchNotifications(queryClient, (item) => ({ ...item, seen: true }))
      setCounts(queryClient, counts)
    } catch {
      // the keys stay cached and go out with the next set_read
    }
  }, [canChange, user.unread_notifications_count, user.notifications, userId, queryClient])

  const markRead = useCallback(
    async (notification: Notification) => {
      if (!canChange) return
      addToNotificationCache(userId, { read: [notification.key] })
      await syncCache().catch(() => {})
    },
    [canChange, userId, syncCache],
  )

  const markAllRead = useCallback(async () => {
    if (!canChange) return
    const counts = await setReadAll()
    clearNotificationCache(userId)
    patchNotifications(queryClient, (item) => ({ ...item, read: true, seen: true }))
    setCounts(queryClient, counts)
    await refreshNotifications(queryClient)
  }, [canChange, userId, queryClient])

  return { canChange, markAllSeen, markRead, markAllRead }
}

// Live notifications: one server-sent event stream per signed-in page (GET /api/v1/notifications/stream). A new
// notification lands in the bell at once; `counts` (on connecting, and after reading elsewhere) refetches when
// anything may have changed. The browser reconnects by itself after a drop; `session_ended` (sign-out, deletion)
// closes it for good.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { NotificationCounts, NotificationEvent } from '#contracts/notifications.ts'
import type { CurrentUserResponse } from '#contracts/users.ts'
import { currentUserQuery } from '../../../lib/session.tsx'
import { receiveNotification, refreshNotifications, setCounts } from './notification-queries.ts'

export function useNotificationStream(userId: number) {
  const queryClient = useQueryClient()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a stream carries the session it opened with, so another user needs a new one
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource('/api/v1/notifications/stream')
    let connectedOnce = false
    source.addEventListener('notification', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as NotificationEvent
      receiveNotification(queryClient, data.notification, data.counts)
    })
    source.addEventListener('counts', (event) => {
      const counts = JSON.parse((event as MessageEvent<string>).data) as NotificationCounts
      const user = queryClient.getQueryData<CurrentUserResponse>(currentUserQuery.queryKey)?.user
      const unchanged =
        user?.notification_count === counts.notification_count &&
        user.unread_notifications_count === counts.unread_notifications_count
      // the first counts of a connection only matter when something happened while it was down
      if (connectedOnce || !unchanged) {
        setCounts(queryClient, counts)
        void refreshNotifications(queryClient)
      }
      connectedOnce = true
    })
    // signed out here or elsewhere, or the account deleted: the server closes the stream; stop reconnecting and let
    // the page find out who it is now
    source.addEventListener('session_ended', () => {
      source.close()
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
    })
    source.addEventListener('open', () => {
      connectedOnce = false
    })
    return () => source.close()
  }, [userId, queryClient])
}

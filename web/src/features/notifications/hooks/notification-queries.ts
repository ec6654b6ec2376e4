// Keeping what the page shows in step with the server without a reload: the current-user record (the bell's list
// and counts) and the /notifications pages, patched in place and then refetched.
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { Notification, NotificationCounts, NotificationsIndexResponse } from '#contracts/notifications.ts'
import { MENU_SIZE } from '#contracts/notifications.ts'
import type { CurrentUserResponse } from '#contracts/users.ts'
import { currentUserQuery } from '../../../lib/session.tsx'
import { NOTIFICATIONS_KEY, notificationsQuery } from '../api/get-notifications.ts'

/** Applies `change` to every notification the page holds (bell and list). */
export function patchNotifications(queryClient: QueryClient, change: (notification: Notification) => Notification) {
  queryClient.setQueryData<CurrentUserResponse>(currentUserQuery.queryKey, (old) =>
    old?.user ? { user: { ...old.user, notifications: old.user.notifications.map(change) } } : old,
  )
  queryClient.setQueryData<InfiniteData<NotificationsIndexResponse, number>>(notificationsQuery().queryKey, (old) =>
    old
      ? { ...old, pages: old.pages.map((page) => ({ ...page, notifications: page.notifications.map(change) })) }
      : old,
  )
}

export function setCounts(queryClient: QueryClient, counts: NotificationCounts) {
  queryClient.setQueryData<CurrentUserResponse>(currentUserQuery.queryKey, (old) =>
    old?.user ? { user: { ...old.user, ...counts } } : old,
  )
}

/** A new or changed notification from the live stream goes to the top of the bell. */
export function receiveNotification(queryClient: QueryClient, notification: Notification, counts: NotificationCounts) {
  queryClient.setQueryData<CurrentUserResponse>(currentUserQuery.queryKey, (old) =>
    old?.user
      ? {
          user: {
            ...old.user,
            ...counts,
            notifications: [
              notification,
              ...old.user.notifications.filter((item) => item.id !== notification.id),
            ].slice(0, MENU_SIZE),
          },
        }
      : old,
  )
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
}

/** After a change the server confirmed: fetch the truth again. */
export function refreshNotifications(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  ])
}

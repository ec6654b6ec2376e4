// The notification bell and menu (specs/stack-match-and-community.md §2 'Notification bell and menu', §4, §9): the
// unread badge, opening clears it and marks everything seen, Mark All as Read, a single mark per row, 'See All
// Notifications' when notification_count is above 9, and an empty menu that points to Stack Match. The live stream
// keeps it current while the page is open.
import { Bell } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { Link } from 'react-router'
import { SEE_ALL_THRESHOLD } from '#contracts/notifications.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { useNotificationCache } from '../hooks/notification-cache.ts'
import { useNotificationActions } from '../hooks/use-notification-actions.ts'
import { useNotificationStream } from '../hooks/use-notification-stream.ts'
import { NotificationItem } from './notification-item.tsx'

export function NotificationBell({ user }: { user: CurrentUser }) {
  useNotificationStream(user.id)
  const cache = useNotificationCache(user.id)
  const actions = useNotificationActions(user)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const isRead = (key: string, read: boolean) => read || cache.read.includes(key)
  // marks this browser made that the server has not confirmed yet come off the badge at once
  const pending = user.notifications.filter(
    (item) => !item.seen && !item.read && (cache.seen.includes(item.key) || cache.read.includes(item.key)),
  ).length
  const badge = Math.max(0, user.unread_notifications_count - pending)

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    setError(null)
    if (next) void actions.markAllSeen()
  }
  const markAllRead = async () => {
    setError(null)
    try {
      await actions.markAllRead()
    } catch {
      setError('Could not mark your notifications as read. Please try again.')
    }
  }
  const hasUnread =
    user.notifications.some((item) => !isRead(item.key, item.read)) || user.unread_notifications_count > 0

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        className="relative flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        aria-label={badge > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute right-0.5 top-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
          >
            {badge > 99 ? '99+' : badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100vh-5rem))] w-[23rem] max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            {actions.canChange && user.notifications.length > 0 && (
              <button
                type="button"
                onClick={markAllRead}
                disabled={!hasUnread}
                className="rounded text-xs font-medium text-brand-700 hover:underline disabled:cursor-default disabled:text-slate-400 disabled:no-underline"
              >
                Mark All as Read
              </button>
            )}
          </div>
          {error && (
            <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-xs text-red-800">
              {error}
            </p>
          )}
          {user.impersonated && (
            <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900">
              Impersonating: nothing is marked seen or read.
            </p>
          )}
          {user.notifications.length === 0 ? (
            <div className="px-6 py-10 text-center">
              <Bell className="mx-auto size-8 text-slate-300" aria-hidden="true" />
              <p className="mt-3 text-sm font-medium text-slate-900">No notifications yet</p>
              <p className="mt-1 text-sm text-slate-600">
                Follow tools, people and companies to hear what they are up to, or{' '}
                <Link to="/match" onClick={() => setOpen(false)} className="font-medium text-brand-700 hover:underline">
                  find jobs that match your stack
                </Link>
                .
              </p>
            </div>
          ) : (
            <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
              {user.notifications.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem
                    compact
                    notification={notification}
                    read={isRead(notification.key, notification.read)}
                    onMarkRead={actions.canChange ? () => void actions.markRead(notification) : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
          {user.notification_count > SEE_ALL_THRESHOLD && (
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="block border-t border-slate-200 px-4 py-2.5 text-center text-sm font-medium text-brand-700 hover:bg-slate-50"
            >
              See All Notifications
            </Link>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

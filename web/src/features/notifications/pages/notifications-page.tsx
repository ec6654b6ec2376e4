// /notifications (specs/onboarding-customers-teams-notifications.md 'Notifications page'): the full list, the next
// page fetched and appended as the reader nears the bottom with a Loading indicator, stopping at an empty page.
import { Bell } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { CurrentUser } from '#contracts/users.ts'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { useNotifications } from '../api/get-notifications.ts'
import { NotificationItem } from '../components/notification-item.tsx'
import { useNotificationCache } from '../hooks/notification-cache.ts'
import { useNotificationActions } from '../hooks/use-notification-actions.ts'

/** Start fetching the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN_PX = 600

export default function NotificationsPage() {
  return (
    <RequireSignIn reason="Sign in to see your notifications.">
      {(user) => <NotificationsList user={user} />}
    </RequireSignIn>
  )
}

function NotificationsList({ user }: { user: CurrentUser }) {
  const query = useNotifications()
  const cache = useNotificationCache(user.id)
  const actions = useNotificationActions(user)
  const [error, setError] = useState<string | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError: failed } = query

  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasNextPage || failed) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: `0px 0px ${PREFETCH_MARGIN_PX}px 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, failed])

  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? []
  const isRead = (key: string, read: boolean) => read || cache.read.includes(key)
  const hasUnread = notifications.some((item) => !isRead(item.key, item.read))

  const markAllRead = async () => {
    setError(null)
    try {
      await actions.markAllRead()
    } catch {
      setError('Could not mark your notifications as read. Please try again.')
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title="Notifications" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600">
            What happened around your stacks, comments and follows.{' '}
            <Link to="/settings/notifications" className="font-medium text-brand-700 hover:underline">
              Choose what you hear about
            </Link>
          </p>
        </div>
        {actions.canChange && notifications.length > 0 && (
          <Button variant="secondary" onClick={markAllRead} disabled={!hasUnread}>
            Mark All as Read
          </Button>
        )}
      </div>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {query.isPending ? (
          <LoadingRow />
        ) : query.isError && notifications.length === 0 ? (
          <div className="p-6">
            <Alert tone="error">{query.error.message}</Alert>
            <Button className="mt-4" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : notifications.length === 0 ? (
          <div className="px-6 py-16 text-center">
            <Bell className="mx-auto size-10 text-slate-300" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-900">No notifications yet</p>
            <p className="mt-1 text-sm text-slate-600">
              Follow tools, people and companies, or{' '}
              <Link to="/match" className="font-medium text-brand-700 hover:underline">
                find jobs that match your stack
              </Link>
              .
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Notifications">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  read={isRead(notification.key, notification.read)}
                  onMarkRead={actions.canChange ? () => void actions.markRead(notification) : undefined}
                />
              </li>
            ))}
          </ul>
        )}
        {isFetchingNextPage && <LoadingRow />}
        {query.isFetchNextPageError && (
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-red-700">
            Could not load more notifications.
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          </div>
        )}
      </div>
      <div ref={sentinel} aria-hidden="true" />
    </div>
  )
}

function LoadingRow() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 px-5 py-4 text-sm text-slate-600">
      <Spinner className="size-4" />
      Loading
    </div>
  )
}

// One notification as a row: picture (or the type's icon), text, the comment's excerpt, when, and an unread dot. The
// link is /notifications/{id}, a server route that marks it read and redirects (to the comment's anchor when it is
// about one), so it is a full page load, not a router Link.
import {
  ArrowBigUp,
  BadgeCheck,
  BadgeX,
  Bell,
  Check,
  Layers,
  type LucideIcon,
  MessageCircle,
  ThumbsUp,
  UserPlus,
  Users,
} from 'lucide-react'
import type { Notification } from '#contracts/notifications.ts'
import { cn } from '../../../components/ui/cn.ts'
import { timeAgo } from '../../../lib/time-ago.ts'

const ICONS: Record<string, LucideIcon> = {
  'user-plus': UserPlus,
  'message-circle': MessageCircle,
  'arrow-big-up': ArrowBigUp,
  'thumbs-up': ThumbsUp,
  'badge-check': BadgeCheck,
  'badge-x': BadgeX,
  layers: Layers,
  users: Users,
}

export function NotificationItem({
  notification,
  read,
  onMarkRead,
  compact = false,
}: {
  notification: Notification
  /** Read on the server or in the local cache. */
  read: boolean
  /** Absent when the viewer may not change anything (impersonation). */
  onMarkRead?: () => void
  compact?: boolean
}) {
  const Icon = ICONS[notification.icon] ?? Bell
  return (
    <div
      data-testid="notification"
      data-read={read}
      className={cn(
        'group relative flex items-start gap-3',
        compact ? 'px-4 py-3' : 'px-5 py-4',
        !read && 'bg-brand-50/70',
      )}
    >
      <span className="relative mt-0.5 shrink-0">
        {notification.image_url ? (
          <img
            src={notification.image_url}
            alt=""
            className="size-9 rounded-full bg-white object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span className="flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Icon className="size-4" aria-hidden="true" />
          </span>
        )}
        {notification.image_url && (
          <span className="absolute -bottom-1 -right-1 flex size-5 items-center justify-center rounded-full bg-white text-brand-600 ring-1 ring-slate-200">
            <Icon className="size-3" aria-hidden="true" />
          </span>
        )}
      </span>
      <a
        href={notification.url}
        className="min-w-0 flex-1 rounded-sm text-sm text-slate-800 outline-none after:absolute after:inset-0 focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
      >
        <span className={cn('block', !read && 'font-medium text-slate-900')}>{notification.content}</span>
        {notification.excerpt && (
          <span data-testid="notification-excerpt" className="mt-0.5 block break-words text-slate-600">
            “{notification.excerpt}”
          </span>
        )}
        <time dateTime={notification.time} className="mt-0.5 block text-xs text-slate-600">
          {timeAgo(notification.time)}
        </time>
      </a>
      {!read && <span className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" role="img" />}
      {!read && onMarkRead && (
        <button
          type="button"
          onClick={onMarkRead}
          aria-label={`Mark as read: ${notification.content}`}
          title="Mark as read"
          className="relative z-10 -mr-1 shrink-0 rounded-md p-1 text-slate-400 hover:bg-white hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Check className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}

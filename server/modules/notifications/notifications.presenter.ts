// Every field of a notification that leaves the server (specs/stack-match-and-community.md §3 'Notification'). The
// text is built here from the type, the latest actor, how many actors were folded in, and the subject recorded
// when it happened, so a renamed user shows under their current name.
import type { Notification, NotificationType } from '#contracts/notifications.ts'
import type { NotificationRow } from './notifications.queries.ts'
import { TEAM_ACCOUNT_INVITATION_TARGET, TEAM_INVITATION_TARGET } from './notify.ts'

/** lucide icon names the web draws for each type. */
const ICONS: Record<NotificationType, string> = {
  follow: 'user-plus',
  company_follow: 'user-plus',
  stack_follow: 'user-plus',
  comment: 'message-circle',
  stack_comment: 'message-circle',
  company_comment: 'message-circle',
  comment_upvote: 'arrow-big-up',
  reason_vote: 'thumbs-up',
  tool_approved: 'badge-check',
  tool_rejected: 'badge-x',
  stack_tool_added: 'layers',
  team_invite: 'users',
  stack_synced: 'git-branch',
}

export function notificationPath(id: number): string {
  return `/notifications/${id}`
}

export function presentNotification(row: NotificationRow): Notification {
  const { notification, actor } = row
  const type = notification.type as NotificationType
  return {
    id: notification.id,
    key: notification.key,
    n_type: type,
    content: notificationText(type, actorPhrase(row), notification.subject, targetTypeOf(notification.groupKey)),
    excerpt: notification.excerpt,
    image_url: notification.imageUrl ?? actor.image,
    icon: ICONS[type] ?? 'bell',
    time: notification.time.toISOString(),
    read: notification.read,
    seen: notification.seen || notification.read,
    url: notificationPath(notification.id),
  }
}

/** 'alice', 'alice and 1 other', 'alice and 3 others', or 'Someone' when the actor is gone. */
function actorPhrase({ notification, actor }: NotificationRow): string {
  const name = actor.username ?? actor.name ?? 'Someone'
  const others = notification.actorCount - 1
  return others > 0 ? `${name} and ${others} ${others === 1 ? 'other' : 'others'}` : name
}

/** The target type inside a collapse group '{n_type}:{target type}:{target id}'. */
function targetTypeOf(groupKey: string): string {
  return groupKey.split(':')[1] ?? ''
}

function notificationText(type: NotificationType, who: string, subject: string, targetType: string): string {
  switch (type) {
    case 'follow':
      return `${who} started following you`
    case 'company_follow':
      return `${who} started following ${subject}`
    case 'stack_follow':
      return `${who} started following your stack ${subject}`
    case 'comment':
      return `${who} replied to your comment on ${subject}`
    case 'stack_comment':
      return `${who} commented on your stack ${subject}`
    case 'company_comment':
      return `${who} commented on ${subject}`
    case 'comment_upvote':
      return `${who} upvoted your comment on ${subject}`
    case 'reason_vote':
      return `${who} upvoted your ${subject}`
    case 'tool_approved':
      return `${subject} was approved and is now listed`
    case 'tool_rejected':
      return `${subject} was sent back by a moderator: see why on Tools Pending Approval`
    case 'stack_tool_added':
      return `${who} added ${subject}`
    case 'stack_synced':
      return subject
    case 'team_invite':
      if (targetType === TEAM_ACCOUNT_INVITATION_TARGET) {
        return `${who} invited you to join the ${subject} team: accept or decline`
      }
      return targetType === TEAM_INVITATION_TARGET
        ? `${who} invited you to join the ${subject} team: the link is in your e-mail`
        : `${who} added you to the ${subject} team`
  }
}

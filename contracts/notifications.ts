// Notifications (specs/stack-match-and-community.md §2 'Notification bell and menu', §3 'Notification', §4, §7
// 'Notifications', §9; specs/onboarding-customers-teams-notifications.md 'Notifications page', §7 'Notifications').
// Storage, collapsing and the choices the specs leave open: docs/decisions/010-notifications.md.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'

/** Every kind of notification (n_type). 'comment' is a reply to your comment (spec §3: "comment is one type"). */
export const NOTIFICATION_TYPES = [
  'follow',
  'company_follow',
  'stack_follow',
  'comment',
  'stack_comment',
  'company_comment',
  'comment_upvote',
  'reason_vote',
  'tool_approved',
  'tool_rejected',
  'stack_tool_added',
  'team_invite',
  'stack_synced',
] as const
export const NotificationType = z.enum(NOTIFICATION_TYPES)
export type NotificationType = z.infer<typeof NotificationType>

/** What each type is called in the settings, in the order shown there. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  follow: 'Someone follows you',
  company_follow: 'Someone follows your company',
  stack_follow: 'Someone follows your stack',
  comment: 'Someone replies to your comment',
  stack_comment: 'Someone comments on your stack',
  company_comment: "Someone comments on your company's page",
  comment_upvote: 'Someone upvotes your comment',
  reason_vote: 'Someone upvotes your pro or con',
  tool_approved: 'A tool you submitted is approved',
  tool_rejected: 'A tool you submitted is sent back by a moderator',
  stack_tool_added: 'A tool you follow is added to a stack you follow',
  team_invite: 'You are added to a company team',
  stack_synced: "A code-host sync changes your company's stack or a stack you follow",
}

/** spec §9: the menu shows 'See All Notifications' when notification_count is above 9. */
export const SEE_ALL_THRESHOLD = 9
/** The newest notifications carried by the current-user record for the bell menu. */
export const MENU_SIZE = 10
/** /notifications page size (the spec leaves it open: decision 010). */
export const NOTIFICATIONS_PAGE_SIZE = 20
/** A notification about a comment carries this much of its text at most (plain text, cut on a word: decision 038). */
export const NOTIFICATION_EXCERPT_MAX = 100
/** At most this many keys per list in one set_read call. */
export const SET_READ_MAX_KEYS = 200
export const KEY_MAX = 64

export const IMPERSONATED_NOTIFICATIONS = 'Impersonated users are not allowed to change notifications'

export const Notification = z
  .object({
    id: z.number().int(),
    /** Stable while the notification is unchanged; a collapsed repeat gives it a new key (decision 010). */
    key: z.string(),
    n_type: NotificationType,
    /** Plain text, e.g. "alice and 2 others upvoted your comment on React". */
    content: z.string(),
    /**
     * The start of the comment it is about, plain text of at most NOTIFICATION_EXCERPT_MAX characters (the latest
     * reply or comment folded in, or your comment that was up-voted); null for other kinds (decision 038).
     */
    excerpt: z.string().nullable(),
    image_url: z.string().nullable(),
    /** A lucide icon name the UI draws beside the text. */
    icon: z.string(),
    /** ISO 8601: the last time something happened to this notification. */
    time: z.string(),
    read: z.boolean(),
    seen: z.boolean(),
    /** '/notifications/{id}': marks it read and redirects to what it is about (a comment's anchor on its page). */
    url: z.string(),
  })
  .register(apiSchemas, { id: 'Notification' })
export type Notification = z.infer<typeof Notification>

export const NotificationsIndexQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

/** An empty `notifications` list means there is nothing further (the page stops loading). */
export const NotificationsIndexResponse = z.object({
  notifications: z.array(Notification),
  page: z.number().int(),
  per_page: z.number().int(),
})
export type NotificationsIndexResponse = z.infer<typeof NotificationsIndexResponse>

export const NotificationCounts = z
  .object({
    /** All of the user's notifications. */
    notification_count: z.number().int(),
    /** Notifications neither seen nor read: the bell's badge. */
    unread_notifications_count: z.number().int(),
  })
  .register(apiSchemas, { id: 'NotificationCounts' })
export type NotificationCounts = z.infer<typeof NotificationCounts>

const Key = z.string().min(1).max(KEY_MAX)
const KeyList = z.array(Key).max(SET_READ_MAX_KEYS).default([])

/** spec §7: body {notifications: {read[], seen[]}}, keys from the local cache. */
export const SetReadBody = z.object({
  notifications: z.object({ read: KeyList, seen: KeyList }),
})
export type SetReadBody = z.input<typeof SetReadBody>

/** The local-storage cache of read and seen keys (spec §3, per user). */
export const NotificationCache = z.object({ read: z.array(z.string()), seen: z.array(z.string()) })
export type NotificationCache = z.infer<typeof NotificationCache>

/** What the server-sent event stream sends when a notification arrives or changes. */
export const NotificationEvent = z.object({
  notification: Notification,
  counts: NotificationCounts,
})
export type NotificationEvent = z.infer<typeof NotificationEvent>

export const NotificationSettings = z
  .object({
    /** Types the user receives; the others are not created for them. */
    types: z.record(NotificationType, z.boolean()),
    /** 'Send me weekly updates on these tools': the weekly digest of followed tools. */
    weekly_digest: z.boolean(),
  })
  .register(apiSchemas, { id: 'NotificationSettings' })
export type NotificationSettings = z.infer<typeof NotificationSettings>

export const UpdateNotificationSettingsBody = z.object({
  types: z.partialRecord(NotificationType, z.boolean()).default({}),
  weekly_digest: z.boolean().optional(),
})
export type UpdateNotificationSettingsBody = z.input<typeof UpdateNotificationSettingsBody>

/** The weekly digest's unsubscribe link: /unsubscribe?token=..., usable without signing in (decision 011). */
export const UNSUBSCRIBE_PATH = '/unsubscribe'
export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Change your e-mail settings after signing in.'
const UnsubscribeToken = z.string().min(1).max(64)
export const UnsubscribeQuery = z.object({ token: UnsubscribeToken })
export const UnsubscribeBody = z.object({ token: UnsubscribeToken })
export const UnsubscribeResponse = z.object({ weekly_digest: z.boolean() })
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>
/**
 * RFC 8058 one-click unsubscribe: the digest's List-Unsubscribe URL (with ?token=), which mail providers POST
 * `List-Unsubscribe=One-Click` to, form-encoded, without cookies.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/v1/notifications/unsubscribe/one-click'
export const OneClickUnsubscribeBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'must be One-Click' }),
})

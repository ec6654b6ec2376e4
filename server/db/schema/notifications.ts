// Notifications (specs/stack-match-and-community.md §3 'Notification'; docs/decisions/010-notifications.md): one
// row per thing to tell a user, repeats of one event on one target collapsed into the unread row, and the types a
// user has switched off.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

export const notifications = pgTable(
  'notification',
  {
    id: serial('id').primaryKey(),
    /** The key the web's read/seen cache holds; renewed whenever a collapsed repeat changes the notification. */
    key: text('key').notNull().unique(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_TYPES (contracts/notifications.ts). */
    type: text('n_type').notNull(),
    /** '{n_type}:{target type}:{target id}': notifications with the same group collapse into one row. */
    groupKey: text('group_key').notNull(),
    /** The latest actor (null once that user is deleted, or for system events). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Distinct actors folded into this row, newest first (capped), so one actor repeating adds nothing. */
    actorIds: integer('actor_ids').array().notNull().default(sql`'{}'::integer[]`),
    actorCount: integer('actor_count').notNull().default(1),
    /** The target's name when it happened (a tool, stack or company name, a reason's text). */
    subject: text('subject').notNull().default(''),
    /** Where /notifications/{id} sends the user, with the comment's anchor when it is about one ('#comment-12'). */
    targetPath: text('target_path').notNull(),
    /**
     * What an accumulating notification sums up while unread (a stack_synced's tool names, decision 080): a new event
     * is merged into it and the subject reworded; once read, the next event starts afresh. Null for other types.
     */
    payload: jsonb('payload'),
    /** A short plain-text excerpt of the comment it is about (the latest one folded in), or null. */
    excerpt: text('excerpt'),
    /** The comment the path's anchor and the excerpt come from, so deleting or editing it finds the row. */
    commentId: integer('comment_id'),
    /** A picture of the target when the actor's avatar is not the right one (a tool's logo). */
    imageUrl: text('image_url'),
    read: boolean('read').notNull().default(false),
    seen: boolean('seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time something happened to it (a collapsed repeat moves it). */
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notification_recipient_time_idx').on(table.recipientId, table.time.desc(), table.id.desc()),
    // the collapse target: one row per recipient and group, read or not (docs/decisions/038-notification-groups.md)
    uniqueIndex('notification_group_idx').on(table.recipientId, table.groupKey),
    // cleaning up after deletions: notifications about a target, by an actor, quoting a comment
    index('notification_group_key_idx').on(table.groupKey),
    index('notification_actor_ids_idx').using('gin', table.actorIds),
    index('notification_comment_idx').on(table.commentId).where(sql`${table.commentId} is not null`),
    // badge counts
    index('notification_unseen_idx').on(table.recipientId).where(sql`not ${table.seen} and not ${table.read}`),
  ],
)

export const notificationSettings = pgTable('notification_setting', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Types the user does not want; everything else is on (a new type starts on for everyone). */
  mutedTypes: text('muted_types').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One row per ISO week of the weekly digest: the instance that claims the week (a lease, so a crashed run is taken
 * over) sends it; the others see it claimed or finished (docs/decisions/011-weekly-digest.md).
 */
export const digestRuns = pgTable('digest_run', {
  week: text('week').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  sent: integer('sent').notNull().default(0),
})

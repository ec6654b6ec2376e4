// The points ledger (specs/stack-match-and-community.md §3 "User points come from popularity"): every change to a
// user's points is one row, so user.popularity is always the sum of that user's rows and can be recomputed
// (docs/decisions/018-pros-and-cons-and-points.md).
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { reasons } from './stacks.ts'

export const POINT_KINDS = ['reason_created', 'reason_upvoted', 'reason_upvote_withdrawn', 'reason_deleted'] as const
export type PointKind = (typeof POINT_KINDS)[number]

export const pointEvents = pgTable(
  'point_event',
  {
    id: serial('id').primaryKey(),
    /** Who earns (or loses) the points. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<PointKind>().notNull(),
    /** The reason the points are for; null once it is deleted (its reversal row is written first). */
    reasonId: integer('reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    /** Who caused it: the voter of an up-vote, the author for their own reason. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'point_event_kind',
      sql`${table.kind} in ('reason_created', 'reason_upvoted', 'reason_upvote_withdrawn', 'reason_deleted')`,
    ),
    index('point_event_user_idx').on(table.userId),
    index('point_event_reason_idx').on(table.reasonId),
  ],
)

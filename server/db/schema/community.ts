// Community (specs/stack-match-and-community.md §3 "Follow status", "Comment"): follows of tools, users, companies
// and stacks, and comments threaded one level on tools, stacks and companies, with their up-votes.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

export const follows = pgTable(
  'follow',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** tool | user | company | stack */
    followeeType: text('followee_type').notNull(),
    followeeId: integer('followee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('follow_followee_type', sql`${table.followeeType} in ('tool', 'user', 'company', 'stack')`),
    uniqueIndex('follow_user_followee_idx').on(table.userId, table.followeeType, table.followeeId),
    index('follow_followee_idx').on(table.followeeType, table.followeeId, table.createdAt.desc()),
  ],
)

export const comments = pgTable(
  'comment',
  {
    id: serial('id').primaryKey(),
    /** tool | stack | company */
    commentableType: text('commentable_type').notNull(),
    commentableId: integer('commentable_id').notNull(),
    /** Null for a top-level comment; replies hang off top-level comments only (spec §5). */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Markdown as typed; rendered and sanitized on the way out (docs/decisions/009-comments-and-follows.md). */
    body: text('body').notNull(),
    votes: integer('votes').notNull().default(0),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('comment_commentable_type', sql`${table.commentableType} in ('tool', 'stack', 'company')`),
    index('comment_commentable_idx').on(table.commentableType, table.commentableId, table.createdAt),
    index('comment_parent_idx').on(table.parentId),
    index('comment_user_idx').on(table.userId),
  ],
)

export const commentVotes = pgTable(
  'comment_vote',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_vote_user_idx').on(table.userId),
  ],
)

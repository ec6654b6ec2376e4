// The moderation log (docs/decisions/019-soft-approval-and-moderation.md): every moderator or admin action on a
// submitted tool or a comment, with who, what, when and the subject before and after. Admins read it.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    /** The moderator or admin; null once their account is deleted (the entry stays). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** tool.approved | tool.rejected | tool.edited | comment.flagged | comment.unflagged | comment.restored |
     * comment.removed */
    action: text('action').notNull(),
    /** tool | comment */
    subjectType: text('subject_type').notNull(),
    /** No foreign key: a removed comment's entry must outlive it. */
    subjectId: integer('subject_id').notNull(),
    /** The subject's name when it happened (tool name, comment excerpt), so the log still reads after a removal. */
    subjectLabel: text('subject_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** A rejection's reason, shown to the submitter. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_log_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('moderation_log_subject_idx').on(table.subjectType, table.subjectId, table.createdAt.desc()),
  ],
)

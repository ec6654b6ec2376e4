// The e-mail outbox (docs/decisions/014-mail-outbox.md): every message is a row written in the transaction of the
// change that causes it, then sent by a worker that claims rows with FOR UPDATE SKIP LOCKED and a lease.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { MailStatus } from '#contracts/mail.ts'

const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const satisfies readonly MailStatus[]

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the message is for ('team.invitation', ...): admins filter by it, tests find by it. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra header lines the message is sent with (the digest's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Enqueueing twice with one key keeps the first message (e.g. one digest per user and week). */
    dedupeKey: text('dedupe_key'),
    /** The Message-ID header we send, fixed at the first claim so a re-send after a crash carries the same one. */
    messageId: text('message_id'),
    /** pending: waiting to be sent (or no SMTP server configured); sent; failed: gave up (see last_error). */
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    /** Claims so far, including the one in progress (a crash mid-send counts as an attempt). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while in the future, the row is being sent; once past, another worker may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /** What the SMTP server answered on accepting the message (its queue id is usually in there). */
    smtpResponse: text('smtp_response'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('mail_outbox_status', sql`${table.status} in ('pending', 'sent', 'failed')`),
    uniqueIndex('mail_outbox_dedupe_key_idx').on(table.dedupeKey),
    // the worker's scan: pending rows by due time
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('mail_outbox_created_at_idx').on(table.createdAt.desc()),
  ],
)

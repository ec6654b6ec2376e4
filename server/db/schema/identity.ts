// Who an account is and who may make one: e-mailed address-verification links and the site's invitations
// (docs/decisions/052-email-verification-and-invitations.md).
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

/**
 * One e-mailed link proving an address: `sign_up` for the account's own address, `change` for a new address that
 * replaces it once the link is followed. The signed link (server/http/signed-link.ts) carries the row's id and nonce;
 * `used_at` makes it single-use, and a newer link of the same user and purpose deletes the older ones.
 */
export const emailVerifications = pgTable(
  'email_verification',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign_up', 'change'] }).notNull(),
    /** Lower-cased: the address the link was sent to. */
    email: text('email').notNull(),
    nonce: text('nonce').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('email_verification_user_idx').on(table.userId, table.purpose),
    check('email_verification_purpose', sql`${table.purpose} in ('sign_up', 'change')`),
  ],
)

/**
 * An invitation to create an account, sent by a site admin (SIGNUP_MODE=invite). Pending while neither accepted nor
 * revoked and not expired; one open invitation per address.
 */
export const siteInvitations = pgTable(
  'site_invitation',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    nonce: text('nonce').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('site_invitation_open_idx')
      .on(table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('site_invitation_created_at_idx').on(table.createdAt.desc()),
  ],
)

// Rate-limit counters shared by every instance: one row per limited key (a route and a client, an account's failed
// sign-ins), a fixed window that starts with its first hit (docs/decisions/035-client-address-rate-limits-and-lockout.md).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const rateLimits = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_reset_at_idx').on(table.resetAt)],
)

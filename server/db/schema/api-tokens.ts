// Personal API tokens (docs/decisions/049-api-tokens.md): only the SHA-256 of the secret is stored, looked up by
// that hash on every request, so a revocation holds on every instance at once. Revoked rows stay (revokedAt) so
// that what a token was and when it went can still be read.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

export const apiTokens = pgTable(
  'api_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' (safe methods only) or 'write'. */
    scope: text('scope').notNull(),
    /** Hex SHA-256 of the whole secret (prefix included). */
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('api_token_user_id_idx').on(table.userId),
    check('api_token_scope', sql`${table.scope} in ('read', 'write')`),
  ],
)

// A company's code host (issue 18, decision 063): the connection an admin made (its secrets encrypted, never
// answered), the repositories a sync found with each one's state, and the push deliveries already handled.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { SyncedRepositoryState } from '#contracts/code-hosts.ts'
import { companies } from './companies.ts'

/** What a connection keeps in clear: the host's address and whose repositories, never a token or a key. */
export type CodeHostPublicSettings =
  | {
      kind: 'github'
      apiUrl: string
      owner: string
      authType: 'token' | 'app'
      appId?: string
      installationId?: string
    }
  | { kind: 'gitlab'; apiUrl: string; group: string; authType: 'token' }
  | { kind: 'git'; urls: string[] }

export const codeHostConnections = pgTable(
  'code_host_connection',
  {
    id: serial('id').primaryKey(),
    /** One code host per company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    settings: jsonb('settings').$type<CodeHostPublicSettings>().notNull(),
    /** The credentials (a token, or an App's private key), sealed by code-host-secrets.ts; null for plain git URLs. */
    sealedSecret: text('sealed_secret'),
    /** Sealed too: the secret push webhooks are signed with. */
    sealedWebhookSecret: text('sealed_webhook_secret').notNull(),
    /** Glob patterns on the repository's full name; an empty include list takes every repository. */
    includePatterns: text('include_patterns').array().notNull().default(sql`'{}'::text[]`),
    excludePatterns: text('exclude_patterns').array().notNull().default(sql`'{}'::text[]`),
    skipArchived: boolean('skip_archived').notNull().default(true),
    skipForks: boolean('skip_forks').notNull().default(true),
    /** review: tools a rescan no longer finds are flagged; automatic: they are removed. */
    removalPolicy: text('removal_policy').notNull().default('review'),
    /** daily or off. */
    schedule: text('schedule').notNull().default('daily'),
    lastSyncStartedAt: timestamp('last_sync_started_at', { withTimezone: true }),
    lastSyncFinishedAt: timestamp('last_sync_finished_at', { withTimezone: true }),
    /** Why the last listing of repositories failed (the host refused, could not be reached), shown to admins. */
    lastSyncError: text('last_sync_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('code_host_connection_company_idx').on(table.companyId),
    check('code_host_connection_kind', sql`${table.kind} in ('github', 'gitlab', 'git')`),
    check('code_host_connection_removal_policy', sql`${table.removalPolicy} in ('review', 'automatic')`),
    check('code_host_connection_schedule', sql`${table.schedule} in ('daily', 'off')`),
  ],
)

export const syncedRepositories = pgTable(
  'synced_repository',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => codeHostConnections.id, { onDelete: 'cascade' }),
    /** The host's own id (stable across renames), the URL for a plain git URL. */
    hostId: text('host_id').notNull(),
    fullName: text('full_name').notNull(),
    cloneUrl: text('clone_url').notNull(),
    webUrl: text('web_url'),
    defaultBranch: text('default_branch'),
    state: text('state').$type<SyncedRepositoryState>().notNull().default('queued'),
    /** The commit the stack was last built from: a sync that finds the same commit writes nothing. */
    lastCommit: text('last_commit'),
    /** What the last scan found ('12 tools') or why it failed or was skipped, for the admins' list. */
    lastResult: text('last_result'),
    lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }),
    /** Seen in the host's last listing; a repository gone from it is marked skipped, its stack kept. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('synced_repository_host_idx').on(table.connectionId, table.hostId),
    index('synced_repository_state_idx').on(table.connectionId, table.state, table.id),
    check('synced_repository_state', sql`${table.state} in ('queued', 'scanning', 'synced', 'failed', 'skipped')`),
  ],
)

/** Push deliveries already handled: a replayed delivery id is answered and ignored. */
export const codeHostDeliveries = pgTable(
  'code_host_delivery',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => codeHostConnections.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('code_host_delivery_idx').on(table.connectionId, table.deliveryId)],
)

// Stacks (a set of tools owned by a user or a company) and the reasons people give for using a tool.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { syncedRepositories } from './code-hosts.ts'
import { companies } from './companies.ts'
import { tools } from './tools.ts'

export const stacks = pgTable(
  'stack',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    websiteUrl: text('website_url'),
    imageUrl: text('image_url'),
    isPrivate: boolean('is_private').notNull().default(false),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerCompanyId: integer('owner_company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    followersCount: integer('followers_count').notNull().default(0),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The repository a code-host sync builds this stack from (one stack per repository), and what it last read. */
    syncedRepositoryId: integer('synced_repository_id').references(() => syncedRepositories.id, {
      onDelete: 'set null',
    }),
    syncedCommit: text('synced_commit'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stack_one_owner', sql`(${table.ownerUserId} is null) <> (${table.ownerCompanyId} is null)`),
    uniqueIndex('stack_user_slug_idx').on(table.ownerUserId, table.slug).where(sql`${table.ownerUserId} is not null`),
    uniqueIndex('stack_company_slug_idx')
      .on(table.ownerCompanyId, table.slug)
      .where(sql`${table.ownerCompanyId} is not null`),
    uniqueIndex('stack_user_name_idx')
      .on(table.ownerUserId, sql`lower(${table.name})`)
      .where(sql`${table.ownerUserId} is not null`),
    uniqueIndex('stack_company_name_idx')
      .on(table.ownerCompanyId, sql`lower(${table.name})`)
      .where(sql`${table.ownerCompanyId} is not null`),
    uniqueIndex('stack_synced_repository_idx')
      .on(table.syncedRepositoryId)
      .where(sql`${table.syncedRepositoryId} is not null`),
    index('stack_website_url_idx').on(sql`lower(${table.websiteUrl})`),
    index('stack_created_at_idx').on(table.createdAt.desc()),
    // a tool page's stacks, most followed first (decision 033)
    index('stack_followers_idx')
      .on(table.followersCount.desc(), table.createdAt.desc(), table.id)
      .where(sql`not ${table.isPrivate}`),
  ],
)

export const stackTools = pgTable(
  'stack_tool',
  {
    stackId: integer('stack_id')
      .notNull()
      .references(() => stacks.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Where a scan found it ("package.json", "header: server"), kept for the stack page. */
    source: text('source'),
    /** The builder's Required toggle (spec §3 Tool `required`, docs/decisions/025-stack-owner-choices.md). */
    isRequired: boolean('is_required').notNull().default(false),
    /**
     * The version a stack file, a scan or a code-host sync gave ('18.2.0', a package.json range): shown in exports
     * (decision 061), a sync's history records its changes (decision 063); null when unknown.
     */
    version: text('version'),
    /** Put there by a code-host sync (not by a person): only these are flagged or removed when a rescan loses them. */
    isFromSync: boolean('is_from_sync').notNull().default(false),
    /** A rescan no longer found it and the company reviews removals: shown for review, not removed. */
    flaggedForRemovalAt: timestamp('flagged_for_removal_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.stackId, table.toolId] }), index('stack_tool_tool_idx').on(table.toolId)],
)

/** A pro (is_con false) or con for a tool, at most 55 characters (specs/stack-match-and-community.md §5). */
export const reasons = pgTable(
  'reason',
  {
    id: serial('id').primaryKey(),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    isCon: boolean('is_con').notNull().default(false),
    votesTotal: integer('votes_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reason_tool_idx').on(table.toolId, table.votesTotal.desc()),
    uniqueIndex('reason_tool_text_idx').on(table.toolId, table.isCon, sql`lower(${table.text})`),
    index('reason_user_idx').on(table.userId),
  ],
)

export const reasonVotes = pgTable(
  'reason_vote',
  {
    reasonId: integer('reason_id')
      .notNull()
      .references(() => reasons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.reasonId, table.userId] }),
    index('reason_vote_user_idx').on(table.userId),
    check('reason_vote_value', sql`${table.value} in (1, -1)`),
  ],
)

/** A synced stack's history: what one rescan changed (decision 063). */
export interface StackChangeTool {
  id: number
  name: string
  slug: string
  version: string | null
}

export const stackSyncChanges = pgTable(
  'stack_sync_change',
  {
    id: serial('id').primaryKey(),
    stackId: integer('stack_id')
      .notNull()
      .references(() => stacks.id, { onDelete: 'cascade' }),
    commit: text('commit').notNull(),
    added: jsonb('added').$type<StackChangeTool[]>().notNull(),
    /** Removed, or flagged for review when the company reviews removals (flagged says which). */
    removed: jsonb('removed').$type<StackChangeTool[]>().notNull(),
    flagged: boolean('flagged').notNull(),
    versionChanges: jsonb('version_changes').$type<Array<StackChangeTool & { before: string | null }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stack_sync_change_stack_idx').on(table.stackId, table.id.desc())],
)

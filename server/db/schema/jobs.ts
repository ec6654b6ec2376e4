// Jobs and Stack Match (specs/stack-match-and-community.md §3): job postings with the tools they ask for, a user's
// saved search and job stack. job.tool_ids mirrors job_tool as an array so the match filter is one GIN lookup
// (@> for AND, && for OR); the job code writes both (server/modules/jobs/jobs.queries.ts).
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { companies } from './companies.ts'
import { tools } from './tools.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const jobs = pgTable(
  'job',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applyUrl: text('apply_url'),
    city: text('city'),
    location: text('location'),
    remote: boolean('remote').notNull().default(false),
    fullTime: boolean('full_time').notNull().default(true),
    freelance: boolean('freelance').notNull().default(false),
    description: text('description'),
    /** The job's tools (job_tool), sorted and distinct: the match filter and percentage read only this. */
    toolIds: integer('tool_ids').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Every pair of the job's tools as one key, (smaller id << 32) | larger id, derived by the database
     * (job_tool_pairs, migration 0017). "Holds tools a, b and c" is then a lookup of three short posting lists
     * instead of an intersection of the tools' long ones (docs/decisions/029-stack-match-tool-pairs.md).
     */
    toolPairs: bigint('tool_pairs', { mode: 'number' }).array().generatedAlwaysAs(sql`job_tool_pairs(tool_ids)`),
    /** Where an imported job came from ('greenhouse:acme:123'), so a second import updates instead of duplicating. */
    sourceKey: text('source_key').unique(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Title and company name (A), company tags (B), description (C); refreshed by refreshJobSearch. */
    search: tsvector('search'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('job_tool_ids_idx').using('gin', table.toolIds),
    // fastupdate off: no pending list that every search would scan until a vacuum merges it (PGlite never does)
    index('job_tool_pairs_idx').using('gin', table.toolPairs).with({ fastupdate: false }),
    index('job_search_idx').using('gin', table.search),
    index('job_posted_at_idx').on(table.postedAt.desc(), table.id.desc()),
    index('job_company_idx').on(table.companyId),
    index('job_place_trgm_idx').using(
      'gin',
      sql`lower(coalesce(${table.city}, '') || ' ' || coalesce(${table.location}, '')) gin_trgm_ops`,
    ),
  ],
)

export const jobTools = pgTable(
  'job_tool',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.toolId] }), index('job_tool_tool_idx').on(table.toolId)],
)

/** A user's one saved Stack Match search (spec §3 Saved search). */
export const savedSearches = pgTable('saved_search', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  keywords: text('keywords').notNull().default(''),
  location: text('location').notNull().default(''),
  fullTime: boolean('full_time').notNull().default(false),
  freelance: boolean('freelance').notNull().default(false),
  remote: boolean('remote').notNull().default(false),
  matchExact: boolean('match_exact').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A user's job stack: tools to include (excluded false) and to exclude, each with a required flag (spec §3). */
export const jobStackTools = pgTable(
  'job_stack',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    excluded: boolean('excluded').notNull().default(false),
    required: boolean('required').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.toolId] })],
)

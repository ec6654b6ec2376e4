// The tool catalog ("services" in the specs' API): layers > categories > tools, with the aliases the scanner and
// the job importer map names through. Popularity = seed prior + real use (docs/decisions/004-popularity.md).
import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const layers = pgTable('layer', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
})

export const categories = pgTable(
  'category',
  {
    id: serial('id').primaryKey(),
    layerId: integer('layer_id')
      .notNull()
      .references(() => layers.id),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('category_layer_id_idx').on(table.layerId)],
)

export const tools = pgTable(
  'tool',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** One-line title ("JavaScript library for building user interfaces"). */
    title: text('title'),
    description: text('description'),
    websiteUrl: text('website_url'),
    categoryId: integer('category_id').references(() => categories.id),
    /** Site-relative or absolute logo URL; null means the generated monogram. */
    imageUrl: text('image_url'),
    /** SVG markup of the logo when a data package provides one (served from /logos/{slug}.svg). */
    logoSvg: text('logo_svg'),
    brandColor: text('brand_color'),
    isPackage: boolean('is_package').notNull().default(false),
    /** Ecosystem of a package tool: npm, pypi, rubygems, go, cargo, packagist, maven, nuget, pub, hex, ... */
    packageEcosystem: text('package_ecosystem'),
    isApproved: boolean('is_approved').notNull().default(true),
    isHidden: boolean('is_hidden').notNull().default(false),
    submittedById: integer('submitted_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the submitter sends the soft-approval form: the tool is then in the moderators' queue. */
    submittedForApprovalAt: timestamp('submitted_for_approval_at', { withTimezone: true }),
    /** A moderator sent it back: the reason is shown to the submitter, who may fix it and submit again. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    twitterUsername: text('twitter_username'),
    features: text('features'),
    /** Documented seed prior from the catalog build (docs/decisions/004-popularity.md). */
    seedPopularity: integer('seed_popularity').notNull().default(0),
    stacksCount: integer('stacks_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    votesCount: integer('votes_count').notNull().default(0),
    popularity: integer('popularity')
      .notNull()
      .generatedAlwaysAs(sql`"seed_popularity" + 10 * "stacks_count" + 3 * "followers_count" + "votes_count"`),
    /** Search document: name (A), aliases (B), title (C). Maintained by the catalog code, not a generated column,
     * because aliases live in another table. Searched through tool_search, which a trigger derives from it. */
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tool_category_popularity_idx').on(table.categoryId, table.popularity.desc()),
    index('tool_popularity_idx').on(table.popularity.desc()),
    index('tool_created_at_idx').on(table.createdAt.desc()),
    index('tool_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('tool_submitted_by_idx').on(table.submittedById),
    // The moderators' queue: submitted, not yet approved, oldest first.
    index('tool_approval_queue_idx')
      .on(table.submittedForApprovalAt)
      .where(sql`${table.isApproved} = false and ${table.submittedForApprovalAt} is not null`),
  ],
)

/** Names a tool is known by. kind: 'name' (spellings), 'npm', 'pypi', 'docker', 'wappalyzer', 'linguist', ... */
export const toolAliases = pgTable(
  'tool_alias',
  {
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    alias: text('alias').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.alias] }), index('tool_alias_tool_id_idx').on(table.toolId)],
)

/**
 * What search reads: one narrow row per listed tool (approved, not hidden), so ranking a short prefix's thousand
 * matches reads a few pages instead of the wide tool rows. Written only by the trigger tool_search_sync (migration
 * 0013_tool_search) from tool.search_vector and the tool's name, flags and counts; docs/decisions/006-tool-search.md.
 */
export const toolSearch = pgTable(
  'tool_search',
  {
    toolId: integer('tool_id')
      .primaryKey()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** The name and alias lexemes of search_vector (weights A and B), stripped of weights: no heap recheck. */
    doc: tsvector('doc').notNull(),
    name: text('name').notNull(),
    /** lower(name) without spaces, dots, dashes and underscores: 'Node.js' gives 'nodejs'. */
    nameKey: text('name_key').notNull(),
    popularity: integer('popularity').notNull(),
    isPackage: boolean('is_package').notNull(),
  },
  // fastupdate off: no pending list that every search would scan until a vacuum merges it (PGlite never does)
  (table) => [index('tool_search_doc_idx').using('gin', table.doc).with({ fastupdate: false })],
)

/**
 * Every prefix of one to sixteen characters (letters a-z and digits) of a listed tool's search words, with the rank
 * tier that query would give the tool: a one-word query's first page is the first 21 entries of one index range.
 * Written only by the trigger tool_search_sync.
 */
export const toolSearchPrefixes = pgTable(
  'tool_search_prefix',
  {
    toolId: integer('tool_id')
      .notNull()
      .references(() => toolSearch.toolId, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    isPackage: boolean('is_package').notNull(),
    /** 0 the exact name or a reviewed 'name' alias, 1 a name starting with the prefix, 2 another word. */
    tier: smallint('tier').notNull(),
    popularity: integer('popularity').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.prefix] }),
    // In rank order; is_package last, so leaving packages out filters inside the index (no heap visits)
    index('tool_search_prefix_rank_idx').on(
      table.prefix,
      table.tier,
      table.popularity.desc(),
      table.name,
      table.toolId,
      table.isPackage,
    ),
  ],
)

export const catalogMeta = pgTable('catalog_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

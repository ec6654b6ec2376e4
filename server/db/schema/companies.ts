// Companies and their members, and the one namespace that user and company slugs share.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const companies = pgTable(
  'company',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    websiteUrl: text('website_url'),
    description: text('description'),
    angellistUrl: text('angellist_url'),
    emailAddress: text('email_address'),
    twitterUsername: text('twitter_username'),
    imageUrl: text('image_url'),
    city: text('city'),
    tagList: text('tag_list').array().notNull().default(sql`'{}'::text[]`),
    privateMode: boolean('private_mode').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /**
     * Verification (docs/decisions/031-company-verification.md): 'email' when the contact e-mail is at the website's
     * domain (a signed link goes to it), 'review' when a site admin decides; null for companies from before it.
     */
    verificationMethod: text('verification_method', { enum: ['email', 'review'] }),
    /** When the current round began: creation, or the edit that sent the company back (the queue's order). */
    verificationRequestedAt: timestamp('verification_requested_at', { withTimezone: true }),
    /** The e-mailed link's nonce (replaced on every send, so only the newest link works) and when it was sent. */
    verificationNonce: text('verification_nonce'),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The site admin who verified it, or the company admin who opened the e-mailed link. */
    verifiedById: integer('verified_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A site admin dismissed it from the queue without verifying. */
    verificationDeclinedAt: timestamp('verification_declined_at', { withTimezone: true }),
    verificationDeclinedById: integer('verification_declined_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    followersCount: integer('followers_count').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * Stack Match's company index (decision 027), both kept by the database (triggers of migration 0015):
     * the distinct tools of the company's public stacks, sorted; and its search document, name (A), tags (B),
     * description (C). Never written by the app.
     */
    toolIds: integer('tool_ids').array().notNull().default(sql`'{}'::integer[]`),
    search: tsvector('search'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('company_lower_name_idx').on(sql`lower(${table.name})`),
    index('company_tool_ids_idx').using('gin', table.toolIds),
    index('company_search_idx').using('gin', table.search),
    // Stack Match leaves private-mode companies out through this handful of rows
    index('company_private_idx').on(table.id).where(sql`${table.privateMode}`),
    // a tool page's companies, most followed first (decision 033)
    index('company_followers_idx')
      .on(table.followersCount.desc(), table.name, table.id)
      .where(sql`not ${table.privateMode}`),
    // the admins' verification queue, newest first: only the waiting handful of rows
    index('company_verification_queue_idx')
      .on(table.verificationRequestedAt.desc(), table.id.desc())
      .where(
        sql`not ${table.verified} and ${table.verificationMethod} = 'review' and ${table.verificationDeclinedAt} is null`,
      ),
  ],
)

/** "company_owners" in the specs' API: a user's membership of a company, role 'member' or 'admin'. */
export const companyMembers = pgTable(
  'company_member',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('company_member_company_user_idx').on(table.companyId, table.userId),
    index('company_member_user_idx').on(table.userId),
  ],
)

/**
 * An invitation by e-mail to join a company's team (docs/decisions/015-team-management.md). The e-mailed link is
 * signed and carries `nonce`, which changes on every resend so only the latest link works; `accepted_at` keeps a
 * used invitation so a second click says so. Deleted with its company.
 */
export const companyInvitations = pgTable(
  'company_invitation',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased. Null for an invitation to an account (`inviteeId`), which is e-mailed at the account's address. */
    email: text('email'),
    /** The account invited by username (decision 037); null for an invitation by e-mail address. */
    inviteeId: integer('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // one open invitation per address and company; used ones stay as records
    uniqueIndex('company_invitation_open_idx').on(table.companyId, table.email).where(sql`${table.acceptedAt} is null`),
    uniqueIndex('company_invitation_open_invitee_idx')
      .on(table.companyId, table.inviteeId)
      .where(sql`${table.acceptedAt} is null`),
    // an invitation goes to an address or to an account, never both or neither
    check('company_invitation_address_or_account', sql`(${table.email} is null) <> (${table.inviteeId} is null)`),
  ],
)

/** Owner slugs of users and companies share one namespace (so /{slug} is unambiguous). */
export const ownerHandles = pgTable('owner_handle', {
  slug: text('slug').primaryKey(),
  userId: integer('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .unique()
    .references(() => companies.id, { onDelete: 'cascade' }),
})

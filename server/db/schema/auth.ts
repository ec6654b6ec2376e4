// Better Auth's tables (user, session, account, verification) with the admin and username plugins'
// columns, plus our profile columns. Ids are serial integers (Better Auth `generateId: 'serial'`).
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { Interests } from '#contracts/onboarding.ts'

export const users = pgTable(
  'user',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // username plugin: `username` is the normalized (lower-case) handle, unique across users and companies
    username: text('username').unique(),
    displayUsername: text('display_username'),
    // admin plugin
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // profile
    firstName: text('first_name'),
    lastName: text('last_name'),
    title: text('title'),
    companyName: text('company_name'),
    bio: text('bio'),
    isPrivate: boolean('is_private').notNull().default(false),
    /** When the onboarding wizard was first shown; a sign-in sends the user there only before that. */
    onboardingStartedAt: timestamp('onboarding_started_at', { withTimezone: true }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    weeklyDigestSubscribed: boolean('weekly_digest_subscribed').notNull().default(true),
    emailFeedWeekly: boolean('email_feed_weekly').notNull().default(true),
    /** The onboarding's areas of interest; null until the user saves them (the defaults apply). */
    interests: jsonb('interests').$type<Interests>(),
    /** The code-hosting organisations an account was created from (the welcome screen's note). */
    githubOrganizations: text('github_organizations').array().notNull().default(sql`'{}'::text[]`),
    popularity: integer('popularity').notNull().default(0),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (table) => [index('user_created_at_idx').on(table.createdAt)],
)

export const sessions = pgTable(
  'session',
  {
    id: serial('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: integer('impersonated_by'),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
)

export const accounts = pgTable(
  'account',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

export const verifications = pgTable(
  'verification',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

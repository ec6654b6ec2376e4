import { and, asc, count, eq, isNotNull, ne } from 'drizzle-orm'
import { SignInProvider } from '#contracts/users.ts'
import { OIDC_PROVIDER_ID } from '../../auth/single-sign-on.ts'
import type { Db } from '../../db/client.ts'
import {
  accounts,
  companies,
  companyMembers,
  emailVerifications,
  sessions,
  stacks,
  users,
} from '../../db/schema/index.ts'

export async function findUserProfile(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  return user ?? null
}

export async function hasGithubAccount(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'github')))
    .limit(1)
  return Boolean(row)
}

/** The ways the account signs in (contracts/users.ts SignInProvider), from its accounts, in the enum's order. */
export async function listSignInProviders(db: Db, userId: number): Promise<SignInProvider[]> {
  const rows = await db
    .select({ providerId: accounts.providerId, hasPassword: isNotNull(accounts.password) })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  const providers = new Set<SignInProvider>()
  for (const row of rows) {
    if (row.providerId === 'credential' && row.hasPassword) providers.add('password')
    else if (row.providerId === 'github') providers.add('github')
    else if (row.providerId === OIDC_PROVIDER_ID) providers.add('oidc')
  }
  return SignInProvider.options.filter((provider) => providers.has(provider))
}

export async function listUserCompanies(db: Db, userId: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      imageUrl: companies.imageUrl,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companies.name))
}

export async function listPersonalStacks(db: Db, userId: number) {
  return db
    .select({ id: stacks.id, name: stacks.name, slug: stacks.slug })
    .from(stacks)
    .where(eq(stacks.ownerUserId, userId))
    .orderBy(asc(stacks.createdAt))
}

export async function countPersonalStacks(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(stacks).where(eq(stacks.ownerUserId, userId))
  return row?.value ?? 0
}

/** The hash of the user's password, or null for an account made through GitHub that never set one. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1)
  return row?.password ?? null
}

export async function isEmailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
  return Boolean(row)
}

/** Signs the user out everywhere but the session making the request. */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
}

/**
 * An account that never proved its address takes a new one as it would at sign-up: unverified, with no open change
 * link left (the caller sends the sign-up link, which replaces the old one).
 */
export async function restartSignUpAt(db: Db, userId: number, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, emailVerified: false, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId))
}

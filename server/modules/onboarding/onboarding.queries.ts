// The onboarding's reads and writes on the user row, the tools the scan engine found in the user's public GitHub
// repositories, and company names for the suggestion box. Every function takes the database first.
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Interests } from '#contracts/onboarding.ts'
import type { ScannedTool } from '#contracts/scan.ts'
import type { Db } from '../../db/client.ts'
import { accounts, companies, scans, tools, users } from '../../db/schema/index.ts'

export async function findOnboardingUser(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      displayUsername: users.displayUsername,
      name: users.name,
      image: users.image,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      title: users.title,
      isPrivate: users.isPrivate,
      onboardingStartedAt: users.onboardingStartedAt,
      onboardedAt: users.onboardedAt,
      weeklyDigestSubscribed: users.weeklyDigestSubscribed,
      emailFeedWeekly: users.emailFeedWeekly,
      interests: users.interests,
      githubOrganizations: users.githubOrganizations,
    })
    .from(users)
    .where(eq(users.id, userId))
  return user ?? null
}
export type OnboardingUserRow = NonNullable<Awaited<ReturnType<typeof findOnboardingUser>>>

/** The GitHub login of a user who signed up through GitHub (their handle was mapped from it), else null. */
export async function findGithubLogin(db: Db, user: OnboardingUserRow): Promise<string | null> {
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id))
  if (!rows.some((row) => row.providerId === 'github')) return null
  return user.displayUsername ?? user.username
}

/** How many finished repository scans of the profile are read (the newest first). */
const PROFILE_SCANS_READ = 20

/**
 * Tools the scan engine found in finished scans of the login's public GitHub repositories
 * (scan target keys 'git:github.com/{login}/{repository}'), approved and visible, most often found first.
 */
export async function listGithubProfileTools(db: Db, login: string) {
  const prefix = `git:github.com/${login.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}/%`
  const found = await db
    .select({ tools: scans.tools })
    .from(scans)
    .where(and(eq(scans.state, 'done'), eq(scans.kind, 'repository'), sql`${scans.targetKey} like ${prefix}`))
    .orderBy(desc(scans.startedAt))
    .limit(PROFILE_SCANS_READ)
  const counts = new Map<string, number>()
  for (const scan of found) {
    for (const slug of new Set((scan.tools as ScannedTool[]).map((tool) => tool.slug))) {
      counts.set(slug, (counts.get(slug) ?? 0) + 1)
    }
  }
  if (counts.size === 0) return []
  const rows = await db
    .select({
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      imageUrl: tools.imageUrl,
      isApproved: tools.isApproved,
      isPackage: tools.isPackage,
    })
    .from(tools)
    .where(and(inArray(tools.slug, [...counts.keys()]), eq(tools.isApproved, true), eq(tools.isHidden, false)))
  return rows.sort((a, b) => (counts.get(b.slug) ?? 0) - (counts.get(a.slug) ?? 0) || a.name.localeCompare(b.name))
}
export type ProfileToolRow = Awaited<ReturnType<typeof listGithubProfileTools>>[number]

export async function updateEmailFeedWeekly(db: Db, userId: number, emailFeedWeekly: boolean) {
  await db.update(users).set({ emailFeedWeekly, updatedAt: new Date() }).where(eq(users.id, userId))
}

export async function updateBasicInformation(
  db: Db,
  userId: number,
  /** A field left out (undefined) stays as it is. */
  fields: {
    firstName?: string | null
    lastName?: string | null
    companyName?: string | null
    title?: string | null
    image?: string | null
    name?: string
    weeklyDigestSubscribed?: boolean
  },
) {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      title: users.title,
      image: users.image,
      weeklyDigestSubscribed: users.weeklyDigestSubscribed,
    })
  return row!
}

export async function updateInterests(db: Db, userId: number, interests: Interests) {
  await db.update(users).set({ interests, updatedAt: new Date() }).where(eq(users.id, userId))
}

/** The first time the wizard is shown counts; showing it again keeps that time. */
export async function markOnboardingStarted(db: Db, userId: number) {
  await db
    .update(users)
    .set({ onboardingStartedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.onboardingStartedAt)))
}

/** The first finish counts; finishing again keeps the first time. */
export async function markOnboarded(db: Db, userId: number) {
  await db
    .update(users)
    .set({ onboardedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.onboardedAt)))
}

/** Public companies whose name, or a word of it, starts with the query; private-mode companies stay unlisted. */
export async function searchCompanyNames(db: Db, query: string, limit: number): Promise<string[]> {
  const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`)
  const rows = await db
    .select({ name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.privateMode, false),
        or(ilike(companies.name, `${escaped}%`), ilike(companies.name, `% ${escaped}%`)),
      ),
    )
    .orderBy(sql`lower(${companies.name}) like lower(${`${escaped}%`}) desc`, asc(companies.name))
    .limit(limit)
  return rows.map((row) => row.name)
}

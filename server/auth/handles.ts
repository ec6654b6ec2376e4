// The shared handle namespace of users and companies (server/db/schema/companies.ts ownerHandles).
import { eq } from 'drizzle-orm'
import { RESERVED_HANDLES, slugify, USERNAME_MAX, USERNAME_MIN, Username } from '#contracts/owners.ts'
import type { Db } from '../db/client.ts'
import { ownerHandles, users } from '../db/schema/index.ts'

/**
 * How a username is stored (users.username, owner_handle.slug): in lower case. Better Auth's username plugin normalises
 * with it too (server/auth/auth.ts), so sign-up and profile settings store the same handle.
 */
export function normalizeUsername(username: string): string {
  return username.toLowerCase()
}

export async function isHandleAvailable(db: Db, slug: string): Promise<boolean> {
  const normalized = normalizeUsername(slug)
  if (RESERVED_HANDLES.has(normalized)) return false
  const [taken] = await db
    .select({ slug: ownerHandles.slug })
    .from(ownerHandles)
    .where(eq(ownerHandles.slug, normalized))
  return !taken
}

/**
 * The handle of an account nobody typed a username for (GitHub sign-in): the wished-for one (the GitHub login) when
 * it is a valid username and free, otherwise a free one derived from it. Never refuses: a GitHub login may be taken
 * by a user or a company, be a reserved word, or be longer than USERNAME_MAX (GitHub allows 39 characters).
 */
export async function chooseFreeHandle(db: Db, wished: string): Promise<string> {
  const candidate = wished.trim().toLowerCase()
  if (Username.safeParse(candidate).success && (await isHandleAvailable(db, candidate))) return candidate
  return generateHandle(db, wished)
}

/** A free handle derived from any text: its slug (cut to leave room for a suffix), then the slug with a number. */
export async function generateHandle(db: Db, source: string): Promise<string> {
  const suffixRoom = 5 // '-' and up to 4 digits
  const base = (slugify(source) || 'user')
    .slice(0, USERNAME_MAX - suffixRoom)
    .replace(/-+$/, '')
    .padEnd(USERNAME_MIN, '0')
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${Math.floor(Math.random() * 10_000)}`
    if (await isHandleAvailable(db, candidate)) return candidate
  }
  const stamp = Date.now().toString(36)
  return `${base.slice(0, USERNAME_MAX - stamp.length - 1)}-${stamp}`
}

/** Points the user's entry of the handle namespace at `slug` (their username), freeing the old one. */
export async function replaceUserHandle(db: Db, userId: number, slug: string): Promise<void> {
  await db.delete(ownerHandles).where(eq(ownerHandles.userId, userId))
  await db.insert(ownerHandles).values({ slug, userId })
}

/**
 * A new username written as the username plugin would write it: the normalised handle, the spelling typed as the
 * display username, and the handle namespace in step. The caller has validated it (contracts/owners.ts Username) and
 * runs it in the transaction of the rest of its change.
 */
export async function changeUsername(db: Db, userId: number, typed: string): Promise<void> {
  const [before] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId))
  const username = normalizeUsername(typed)
  await db.update(users).set({ username, displayUsername: typed, updatedAt: new Date() }).where(eq(users.id, userId))
  if (before?.username !== username) await replaceUserHandle(db, userId, username)
}

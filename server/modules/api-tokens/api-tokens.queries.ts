// The api_token table: the per-request lookup by the secret's hash (with the owner), the cheap last-use stamp, and
// the settings screen's list, count, insert and revoke.
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { apiTokens, users } from '../../db/schema/index.ts'

export type ApiTokenRow = typeof apiTokens.$inferSelect

/** Last use is written at most this often per token, so a busy script costs one read per request, not a write. */
export const LAST_USE_EVERY_MS = 60_000

/** A token by the hash of its secret, with what the request needs of its owner, whatever the token's state. */
export async function findApiTokenByHash(db: Db, secretHash: string) {
  const [row] = await db
    .select({
      token: {
        id: apiTokens.id,
        scope: apiTokens.scope,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
        isExpired: sql<boolean>`coalesce(${apiTokens.expiresAt} <= now(), false)`,
      },
      user: {
        id: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        image: users.image,
        role: users.role,
        emailVerified: users.emailVerified,
        isBanned: sql<boolean>`coalesce(${users.banned}, false) and (${users.banExpires} is null or ${users.banExpires} > now())`,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.secretHash, secretHash))
  return row ?? null
}

/** Stamps the token's last use unless another request (on any instance) did within the last minute. */
export async function recordApiTokenUse(db: Db, tokenId: number, address: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: address })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, sql`now() - ${LAST_USE_EVERY_MS}::integer * interval '1 millisecond'`),
        ),
      ),
    )
}

/** Whether a token still works (the live notification stream checks its credential now and then). */
export async function isApiTokenActive(db: Db, tokenId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), activeCondition()))
  return Boolean(row)
}

function activeCondition() {
  return and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)))
}

/** A user's tokens that are not revoked (expired ones too, marked so), newest first. */
export async function listApiTokens(db: Db, userId: number) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      isExpired: sql<boolean>`coalesce(${apiTokens.expiresAt} <= now(), false)`,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
}

export type ApiTokenListRow = Awaited<ReturnType<typeof listApiTokens>>[number]

export async function countActiveApiTokens(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), activeCondition()))
  return row?.n ?? 0
}

export async function insertApiToken(db: Db, values: typeof apiTokens.$inferInsert) {
  const [row] = await db.insert(apiTokens).values(values).returning({
    id: apiTokens.id,
    name: apiTokens.name,
    scope: apiTokens.scope,
    createdAt: apiTokens.createdAt,
    expiresAt: apiTokens.expiresAt,
    lastUsedAt: apiTokens.lastUsedAt,
    lastUsedIp: apiTokens.lastUsedIp,
  })
  return { ...row!, isExpired: false }
}

/** Revokes the user's token; false when the user has no such token still in force (another's id finds nothing). */
/** Revokes the user's token in force: its id and name, or null when it is not theirs or already revoked. */
export async function revokeApiToken(
  db: Db,
  userId: number,
  tokenId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name })
  return row ?? null
}

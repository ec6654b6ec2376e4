// Personal API tokens: a user holds at most API_TOKENS_PER_USER in force; the secret is made here, answered once
// and stored only as its hash (docs/decisions/049-api-tokens.md).
import { eq } from 'drizzle-orm'
import { API_TOKENS_PER_USER, type CreateApiTokenBody, TOO_MANY_API_TOKENS } from '#contracts/api-tokens.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import type { CookieSessionUser } from '../../http/auth-guard.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { type AuditContext, recordTokenCreated, recordTokenRevoked } from '../audit/audit.service.ts'
import { signal } from '../notifications/notify.ts'
import { generateApiTokenSecret, hashApiTokenSecret } from './api-token-secret.ts'
import { type ApiTokenListRow, countActiveApiTokens, insertApiToken, revokeApiToken } from './api-tokens.queries.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function createApiToken(
  db: Db,
  user: CookieSessionUser,
  audit: AuditContext,
  input: CreateApiTokenBody,
  now = new Date(),
): Promise<{ token: ApiTokenListRow; secret: string }> {
  const secret = generateApiTokenSecret()
  const expiresAt =
    input.expires_in_days === 'never' ? null : new Date(now.getTime() + Number(input.expires_in_days) * DAY_MS)
  const token = await db.transaction(async (tx) => {
    // one creation at a time per user, so two at once cannot both pass the count
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
    if ((await countActiveApiTokens(tx, user.id)) >= API_TOKENS_PER_USER) {
      throw conflict(TOO_MANY_API_TOKENS, 'too_many_tokens')
    }
    const created = await insertApiToken(tx, {
      userId: user.id,
      name: input.name,
      scope: input.scope,
      secretHash: hashApiTokenSecret(secret),
      expiresAt,
    })
    await recordTokenCreated(tx, audit, { id: created.id, name: input.name, scope: input.scope, expiresAt })
    return created
  })
  return { token, secret }
}

/**
 * Revokes one of the user's own tokens; another user's id, or one already revoked, is not found. The user's live
 * notification streams are told to check their credentials at commit, so a stream opened with the token ends at once.
 */
export async function revokeOwnApiToken(
  db: Db,
  user: CookieSessionUser,
  audit: AuditContext,
  tokenId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await revokeApiToken(tx, user.id, tokenId)
    if (!revoked) throw notFound('No such API token.')
    await recordTokenRevoked(tx, audit, revoked)
    await signal(tx, { recipient_id: user.id, sessions: true })
  })
}

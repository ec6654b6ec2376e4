import type { ApiToken } from '#contracts/api-tokens.ts'
import type { ApiTokenListRow } from './api-tokens.queries.ts'

/** A token as its owner sees it: never the secret, nor its hash. */
export function presentApiToken(token: ApiTokenListRow): ApiToken {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope === 'write' ? 'write' : 'read',
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt?.toISOString() ?? null,
    expired: token.isExpired,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    last_used_ip: token.lastUsedIp,
  }
}

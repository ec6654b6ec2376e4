// The secret of a personal API token: a recognisable prefix and 32 random bytes (base64url). Only its SHA-256 is
// stored; a request's token is hashed and looked up by that hash, so no stored secret is ever compared byte by byte
// (docs/decisions/049-api-tokens.md).
import crypto from 'node:crypto'
import { API_TOKEN_PREFIX } from '#contracts/api-tokens.ts'

export function generateApiTokenSecret(): string {
  return API_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url')
}

export function hashApiTokenSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex')
}

/** The token of an `Authorization: Bearer <token>` header, or null when the request carries none. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  if (!authorization) return null
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(authorization)
  return match ? match[1]! : null
}

// Signed e-mailed links: `{id}.{nonce}.{expiry}.{signature}`, where the signature is an HMAC-SHA256 of the rest under a
// key derived from AUTH_SECRET for one purpose (a team invitation's token never verifies a company, and back). The
// signature stops tampering (another id, a later expiry); the nonce, stored on the row and changed on every send,
// makes older links of the same row stop working. Team invitations (decision 015), company verification (decision 031),
// e-mail verification and site invitations (decision 052).
import crypto from 'node:crypto'

export interface LinkClaims {
  id: number
  nonce: string
  /** Seconds since the epoch. */
  expiresAt: number
}

export type LinkPurpose = 'team-invitation' | 'company-verification' | 'email-verification' | 'site-invitation'

function keyOf(secret: string, purpose: LinkPurpose): Buffer {
  return crypto.createHmac('sha256', secret).update(`stackatlas:${purpose}:v1`).digest()
}

function signatureOf(secret: string, purpose: LinkPurpose, payload: string): string {
  return crypto.createHmac('sha256', keyOf(secret, purpose)).update(payload).digest('base64url')
}

export function newLinkNonce(): string {
  return crypto.randomBytes(16).toString('base64url')
}

export function signLinkToken(secret: string, purpose: LinkPurpose, claims: LinkClaims): string {
  const payload = `${claims.id}.${claims.nonce}.${claims.expiresAt}`
  return `${payload}.${signatureOf(secret, purpose, payload)}`
}

/** The claims of a token whose signature is ours, or null (malformed or tampered). Expiry is the caller's check. */
export function verifyLinkToken(secret: string, purpose: LinkPurpose, token: string): LinkClaims | null {
  const parts = token.split('.')
  if (parts.length !== 4) return null
  const [id, nonce, expiresAt, signature] = parts as [string, string, string, string]
  if (!/^\d{1,10}$/.test(id) || !/^[A-Za-z0-9_-]{1,64}$/.test(nonce) || !/^\d{1,12}$/.test(expiresAt)) return null
  const expected = Buffer.from(signatureOf(secret, purpose, `${id}.${nonce}.${expiresAt}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  return { id: Number(id), nonce, expiresAt: Number(expiresAt) }
}

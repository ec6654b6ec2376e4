// Signed invitation links (docs/decisions/015-team-management.md): `{id}.{nonce}.{expiry}.{signature}`, where the
// signature is an HMAC-SHA256 of the rest under a key derived from AUTH_SECRET for this one purpose. The signature
// stops tampering (another id, a later expiry); the nonce, stored on the invitation and changed on every resend,
// makes older links of the same invitation stop working.
import crypto from 'node:crypto'

export interface InvitationClaims {
  id: number
  nonce: string
  /** Seconds since the epoch. */
  expiresAt: number
}

function keyOf(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('stackatlas:team-invitation:v1').digest()
}

function signatureOf(secret: string, payload: string): string {
  return crypto.createHmac('sha256', keyOf(secret)).update(payload).digest('base64url')
}

export function newInvitationNonce(): string {
  return crypto.randomBytes(16).toString('base64url')
}

export function signInvitationToken(secret: string, claims: InvitationClaims): string {
  const payload = `${claims.id}.${claims.nonce}.${claims.expiresAt}`
  return `${payload}.${signatureOf(secret, payload)}`
}

/** The claims of a token whose signature is ours, or null (malformed or tampered). Expiry is the caller's check. */
export function verifyInvitationToken(secret: string, token: string): InvitationClaims | null {
  const parts = token.split('.')
  if (parts.length !== 4) return null
  const [id, nonce, expiresAt, signature] = parts as [string, string, string, string]
  if (!/^\d{1,10}$/.test(id) || !/^[A-Za-z0-9_-]{1,64}$/.test(nonce) || !/^\d{1,12}$/.test(expiresAt)) return null
  const expected = Buffer.from(signatureOf(secret, `${id}.${nonce}.${expiresAt}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  return { id: Number(id), nonce, expiresAt: Number(expiresAt) }
}

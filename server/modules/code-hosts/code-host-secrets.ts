// Code-host credentials at rest (decision 063): AES-256-GCM under a key derived with HKDF-SHA256 from AUTH_SECRET.
// A sealed value is base64 of [version byte][12-byte nonce][16-byte tag][ciphertext]; the version names the key's
// derivation, so a later key (a new info string, or a second secret during a rotation) can be added beside this one
// and old values still open. The company's id is the associated data: a value copied to another company's row
// does not open.
import crypto from 'node:crypto'

const CURRENT_VERSION = 1
const KEY_INFO: Record<number, string> = { 1: 'stackatlas code-host secrets v1' }
const NONCE_BYTES = 12
const TAG_BYTES = 16

export class SealedSecretError extends Error {}

function keyOf(authSecret: string, version: number): Buffer {
  const info = KEY_INFO[version]
  if (!info) throw new SealedSecretError(`no key for sealed secret version ${version}`)
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, Buffer.alloc(0), info, 32))
}

export function sealSecret(authSecret: string, companyId: number, plain: string): string {
  const nonce = crypto.randomBytes(NONCE_BYTES)
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(authSecret, CURRENT_VERSION), nonce)
  cipher.setAAD(Buffer.from(`company:${companyId}`))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.from([CURRENT_VERSION]), nonce, cipher.getAuthTag(), body]).toString('base64')
}

export function openSecret(authSecret: string, companyId: number, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64')
  if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES) throw new SealedSecretError('sealed secret too short')
  const version = bytes[0]!
  const nonce = bytes.subarray(1, 1 + NONCE_BYTES)
  const tag = bytes.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES)
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(authSecret, version), nonce)
  decipher.setAAD(Buffer.from(`company:${companyId}`))
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    throw new SealedSecretError('sealed secret does not open (another AUTH_SECRET or company?)')
  }
}

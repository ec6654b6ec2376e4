// Failed sign-ins are limited per account and per client address, apart: guessing one account's password locks
// that account for a while, not the other accounts people sign into from the same address, and a correct password
// works again once the window has passed (docs/decisions/035-client-address-rate-limits-and-lockout.md).
// Every attempt counts first (one atomic upsert, so parallel guesses cannot slip past the limit) and is taken back
// when it was not a wrong password.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import { clearRateLimit, countRateLimitHit, forgiveRateLimitHit } from '../http/rate-limit.ts'
import { normalizeUsername } from './handles.ts'

// decision 035: the numbers
export const SIGN_IN_FAILURE_LIMITS = {
  account: { max: 10, windowMs: 15 * 60_000 },
  address: { max: 30, windowMs: 15 * 60_000 },
} as const

export interface SignInAttempt {
  accountKey: string
  addressKey: string
}

export interface SignInRefusal {
  message: string
  retryAfterSeconds: number
}

/** The field that names the account on each password sign-in path (Better Auth's email and username plugins). */
export const SIGN_IN_ACCOUNT_FIELDS = {
  '/api/auth/sign-in/email': 'email',
  '/api/auth/sign-in/username': 'username',
} as const satisfies Record<string, 'email' | 'username'>

/**
 * The keys of a password sign-in, or undefined when the body names no account. Only the field the path signs in by
 * is read: Better Auth ignores the other, so a username added to an e-mail sign-in must not move its count to
 * another account.
 */
export async function identifySignInAttempt(
  db: Db,
  by: 'email' | 'username',
  body: unknown,
  address: string,
): Promise<SignInAttempt | undefined> {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const typed = fields[by]
  if (typeof typed !== 'string' || !typed.trim()) return undefined
  const name = by === 'email' ? typed.trim().toLowerCase() : normalizeUsername(typed.trim())
  // one account has one counter whether its e-mail or its username is typed; an unknown name counts under itself,
  // so that the answers do not tell which accounts exist
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(by === 'email' ? eq(users.email, name) : eq(users.username, name))
    .limit(1)
  const account = user ? `user:${user.id}` : `${by}:${name}`
  return { accountKey: `sign-in-failures:${account}`, addressKey: `sign-in-failures:address:${address}` }
}

/** Counts the attempt against its account and its address; answers the refusal when either is past its limit. */
export async function countSignInAttempt(db: Db, attempt: SignInAttempt): Promise<SignInRefusal | undefined> {
  const { account, address } = SIGN_IN_FAILURE_LIMITS
  const [onAccount, onAddress] = await Promise.all([
    countRateLimitHit(db, attempt.accountKey, account.windowMs),
    countRateLimitHit(db, attempt.addressKey, address.windowMs),
  ])
  const refused =
    onAccount.hits > account.max
      ? refusal('Too many failed sign-ins for this account.', onAccount.msLeft)
      : onAddress.hits > address.max
        ? refusal('Too many failed sign-ins from your network.', onAddress.msLeft)
        : undefined
  // a refused attempt checked no password: it is no failure, on either count
  if (refused) await forgiveBoth(db, attempt)
  return refused
}

/**
 * After the answer: a wrong password stays counted; a correct one clears the account's count and takes back its
 * hit on the address; any other answer (an invalid body, a refusal) takes back both.
 */
export async function settleSignInAttempt(db: Db, attempt: SignInAttempt, status: number): Promise<void> {
  if (status === 401) return
  if (status < 300) {
    await Promise.all([clearRateLimit(db, attempt.accountKey), forgiveRateLimitHit(db, attempt.addressKey)])
    return
  }
  await forgiveBoth(db, attempt)
}

async function forgiveBoth(db: Db, attempt: SignInAttempt) {
  await Promise.all([forgiveRateLimitHit(db, attempt.accountKey), forgiveRateLimitHit(db, attempt.addressKey)])
}

function refusal(reason: string, msLeft: number): SignInRefusal {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000))
  return {
    message: `${reason} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
  }
}

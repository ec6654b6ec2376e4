// Rate limits kept in the database, so that every instance counts the same hits: each hit is one atomic upsert on
// the rate_limit table (a fixed window that starts with the key's first hit). @fastify/rate-limit's per-route limits
// (`config: { rateLimit }`) count through rateLimitStore(db); the sign-in lockout counts with the same functions
// (docs/decisions/035-client-address-rate-limits-and-lockout.md).
import crypto from 'node:crypto'
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit'
import { eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimits } from '../db/schema/index.ts'

export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  hits: number
  /** Milliseconds until the window ends and the count starts again. */
  msLeft: number
}

// A key holds what the client typed (an e-mail, a username): one of a few thousand characters is past what a
// PostgreSQL btree index entry may hold (the insert fails, a 500), so a long key is stored as its SHA-256.
const KEY_STORED_MAX = 200
function storedKey(key: string): string {
  return key.length <= KEY_STORED_MAX ? key : `sha256:${crypto.createHash('sha256').update(key).digest('hex')}`
}

const msLeft = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::integer`

/** Counts one hit on `key`: a window past its end starts again at 1. */
export async function countRateLimitHit(db: Db, key: string, windowMs: number): Promise<RateLimitCount> {
  const isOver = sql`${rateLimits.resetAt} <= now()`
  const [row] = await db
    .insert(rateLimits)
    .values({
      key: storedKey(key),
      hits: 1,
      resetAt: sql`now() + ${Math.max(1, Math.round(windowMs))}::integer * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${isOver} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${isOver} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, msLeft })
  await pruneNow(db)
  return row ?? { hits: 1, msLeft: windowMs }
}

/** The hits of `key`'s current window, without counting one (0 when none or past its end). */
async function readRateLimit(db: Db, key: string): Promise<RateLimitCount> {
  const [row] = await db
    .select({ hits: rateLimits.hits, msLeft })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${storedKey(key)} AND ${rateLimits.resetAt} > now()`)
  return row ?? { hits: 0, msLeft: 0 }
}

/** Takes back one hit (an attempt that turned out not to count, such as a correct password). */
export async function forgiveRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, storedKey(key)))
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, storedKey(key)))
}

// Rows of ended windows are dropped now and then (every PRUNE_EVERY hits on an instance), so the table holds about
// the keys of the last window.
const PRUNE_EVERY = 1000
let hitsSincePrune = 0
async function pruneNow(db: Db) {
  if (++hitsSincePrune < PRUNE_EVERY) return
  hitsSincePrune = 0
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`))
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** Hands a count to @fastify/rate-limit in its callback's terms. */
function answer(count: Promise<RateLimitCount>, callback: StoreCallback) {
  count.then(
    ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
    (error: Error) => callback(error),
  )
}

/**
 * A store for @fastify/rate-limit over the rate_limit table. Each limited route gets its own child whose keys start
 * with the route's method and URL, so two routes never share a count.
 */
export function rateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string
    constructor(options: FastifyRateLimitOptions & { keyPrefix?: string }) {
      this.prefix = options.keyPrefix ?? ''
    }

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      answer(countRateLimitHit(db, this.prefix + key, timeWindow), callback)
    }

    read(key: string, callback: StoreCallback) {
      answer(readRateLimit(db, this.prefix + key), callback)
    }

    child(routeOptions: unknown) {
      // @fastify/rate-limit passes the route's merged options, with the route itself as routeInfo
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {}
      const method = [route.method ?? ''].flat().join(',')
      return new DatabaseRateLimitStore({ keyPrefix: `${this.prefix}route:${method} ${route.url ?? ''}|` })
    }
  }
}

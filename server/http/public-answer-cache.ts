// Serialized public answers of the busiest reads, kept in memory per instance with their ETag: tool search and the
// popular list (docs/decisions/006-tool-search.md), Stack Match's pages (docs/decisions/030-stack-match-answer-cache.md).
// These answers are the same for everyone and HTTP already lets any cache keep them for the route's max-age, so an
// entry lives at most that long. Each user empties it, or keys it, by what announces a change: the catalog's NOTIFY
// catalog_changed (any field a catalog answer carries, decision 059), Stack Match's match_version counter. Its hits and misses are what /metrics reports of it
// (app.metrics.watchCache, server/http/metrics.ts).
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { CacheLookups } from '../db/db-memo.ts'
import { etagOf } from './cache.ts'

export interface CachedAnswer {
  body: string
  etag: string
}

/** `A`: what an entry holds beside its body and ETag (the page cache keeps what a page was drawn from). */
export class PublicAnswerCache<A extends CachedAnswer = CachedAnswer> {
  readonly #entries = new Map<string, { answer: A; expiresAt: number }>()
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #now: () => number
  #generation = 0
  /** Lookups so far (get). */
  readonly lookups: CacheLookups = { hits: 0, misses: 0 }

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs
    this.#maxEntries = options.maxEntries
    this.#now = options.now ?? Date.now
  }

  /** Read before computing an answer and given back to set(): an answer computed across a clear() is not kept. */
  get generation(): number {
    return this.#generation
  }

  get(key: string): A | undefined {
    const entry = this.#entries.get(key)
    if (entry) this.#entries.delete(key)
    if (!entry || entry.expiresAt <= this.#now()) {
      this.lookups.misses++
      return undefined
    }
    this.lookups.hits++
    // Maps keep insertion order: moved to the end, the entry is the most recently used
    this.#entries.set(key, entry)
    return entry.answer
  }

  /** The kept answer for `key`, without counting a lookup or marking it used. */
  peek(key: string): A | undefined {
    const entry = this.#entries.get(key)
    return entry && entry.expiresAt > this.#now() ? entry.answer : undefined
  }

  /** Keeps the answer for the cache's time, or `ttlMs` when shorter. */
  set(key: string, answer: A, generation: number, ttlMs = this.#ttlMs) {
    if (generation !== this.#generation) return
    this.#entries.delete(key)
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(key, { answer, expiresAt: this.#now() + Math.min(ttlMs, this.#ttlMs) })
  }

  clear() {
    this.#entries.clear()
    this.#generation++
  }

  /**
   * Sends the cached answer for `key`, or computes it, serializes it as the response schema would and keeps it. The
   * route registers registerEtags (http/cache.ts), which answers 304 when the ETag matches.
   */
  async send<T extends z.ZodType>(
    this: PublicAnswerCache,
    reply: FastifyReply,
    key: string,
    schema: T,
    compute: () => Promise<z.input<T>>,
  ): Promise<FastifyReply> {
    const kept = this.sendKept(reply, key, () => {})
    if (kept) return kept
    const generation = this.#generation
    const body = JSON.stringify(z.encode(schema, (await compute()) as z.output<T>))
    const answer = { body, etag: etagOf(body) }
    this.set(key, answer, generation)
    return sendAnswer(reply, answer)
  }

  /**
   * Sends the kept answer for `key`, if there is one, after `prepare` (its headers): a route that must look something
   * up before it knows whether its answer may be kept.
   */
  sendKept(reply: FastifyReply, key: string, prepare: (reply: FastifyReply) => void): FastifyReply | undefined {
    const answer = this.get(key)
    if (!answer) return undefined
    prepare(reply)
    return sendAnswer(reply, answer)
  }
}

// A string with a JSON type is sent as it is
const sendAnswer = (reply: FastifyReply, answer: CachedAnswer) =>
  reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.body)

// Serialized public answers of the catalog's busiest reads (tool search, the popular list), kept in memory per
// instance with their ETag. These answers are the same for everyone and HTTP already lets any cache keep them for
// LIST_MAX_AGE; search as you type asks the same prefixes all the time. An entry lives at most that long, so a
// popularity change shows within it, as it would through a CDN; a change of what is listed (a tool approved,
// hidden, renamed, given aliases) empties the cache at once on every instance: the tool_search trigger sends
// NOTIFY catalog_changed at commit (docs/decisions/006-tool-search.md).

/** The channel migration 0013_tool_search's trigger NOTIFYs when the listed catalog changes. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed'

export interface CachedAnswer {
  body: string
  etag: string
}

export class PublicAnswerCache {
  readonly #entries = new Map<string, { answer: CachedAnswer; expiresAt: number }>()
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #now: () => number
  #generation = 0

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs
    this.#maxEntries = options.maxEntries
    this.#now = options.now ?? Date.now
  }

  /** Read before computing an answer and given back to set(): an answer computed across a clear() is not kept. */
  get generation(): number {
    return this.#generation
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    if (entry.expiresAt <= this.#now()) return undefined
    // Maps keep insertion order: moved to the end, the entry is the most recently used
    this.#entries.set(key, entry)
    return entry.answer
  }

  set(key: string, answer: CachedAnswer, generation: number) {
    if (generation !== this.#generation) return
    this.#entries.delete(key)
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(key, { answer, expiresAt: this.#now() + this.#ttlMs })
  }

  clear() {
    this.#entries.clear()
    this.#generation++
  }
}

// Search answers for one- and two-character queries, kept in memory for a minute per instance. Such a prefix
// matches a large share of the catalog (a one-letter prefix reads most of the tool table, about 20 ms), while there
// are only a few thousand of them and people type them all the time (search as you type starts with one letter).
// The answer is public and the same for everyone, and HTTP already lets it be cached for as long
// (docs/decisions/006-tool-search.md). Longer queries always go to the index.

export const SHORT_QUERY_MAX_LENGTH = 2

export class ShortQueryCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.ttlMs = options.ttlMs
    this.maxEntries = options.maxEntries
    this.now = options.now ?? Date.now
  }

  static isShort(query: string): boolean {
    return [...query].length <= SHORT_QUERY_MAX_LENGTH
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: T) {
    // Maps keep insertion order: past the limit, the oldest entry goes.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs })
  }
}

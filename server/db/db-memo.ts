// Small facts read from the database and kept per database for a while, so the hottest reads skip a round trip:
// each entry lives at most `ttlMs`, the oldest goes first past `maxEntries`, and clear() forgets every entry of one
// database (a change announced by NOTIFY). Keyed by the Db object: test apps and the bench each have their own. A
// read that was under way when clear() ran keeps nothing: it may have read what the change replaced.
// Every memo counts its hits and misses per database under its name, which /metrics reads (server/http/metrics.ts).
import type { Db } from './client.ts'

/** Lookups of a cache so far: /metrics' stackatlas_cache_lookups_total. */
export interface CacheLookups {
  hits: number
  misses: number
}

const memos: DbMemo<unknown, unknown>[] = []

/** Every memo made in this process, by its name (/metrics reads their lookups of its database). */
export const dbMemos = (): readonly DbMemo<unknown, unknown>[] => memos

export class DbMemo<Key, Value> {
  readonly name: string
  readonly #maps = new WeakMap<Db, Map<Key, { value: Value; expiresAt: number }>>()
  /** Raised by clear(), per database. */
  readonly #generations = new WeakMap<Db, number>()
  readonly #lookups = new WeakMap<Db, CacheLookups>()
  readonly #ttlMs: number
  readonly #maxEntries: number

  constructor(options: { name: string; ttlMs: number; maxEntries: number }) {
    this.name = options.name
    this.#ttlMs = options.ttlMs
    this.#maxEntries = options.maxEntries
    memos.push(this as DbMemo<unknown, unknown>)
  }

  get(db: Db, key: Key): Value | undefined {
    const entry = this.#maps.get(db)?.get(key)
    const value = entry && entry.expiresAt > Date.now() ? entry.value : undefined
    const lookups = this.lookupsOf(db)
    if (value === undefined) lookups.misses++
    else lookups.hits++
    return value
  }

  /** This database's hits and misses so far. */
  lookupsOf(db: Db): CacheLookups {
    let lookups = this.#lookups.get(db)
    if (!lookups) {
      lookups = { hits: 0, misses: 0 }
      this.#lookups.set(db, lookups)
    }
    return lookups
  }

  set(db: Db, key: Key, value: Value) {
    const map = this.#maps.get(db) ?? new Map<Key, { value: Value; expiresAt: number }>()
    this.#maps.set(db, map)
    map.delete(key)
    if (map.size >= this.#maxEntries) map.delete(map.keys().next().value!)
    map.set(key, { value, expiresAt: Date.now() + this.#ttlMs })
  }

  /**
   * The values of `keys`: the kept ones, and those `load` answers for the rest, which are then kept. A key `load`
   * leaves out is left out of the answer and not kept.
   */
  async readThrough(db: Db, keys: Key[], load: (missing: Key[]) => Promise<Map<Key, Value>>): Promise<Map<Key, Value>> {
    const found = new Map<Key, Value>()
    for (const key of keys) {
      const value = this.get(db, key)
      if (value !== undefined) found.set(key, value)
    }
    const missing = keys.filter((key) => !found.has(key))
    if (missing.length === 0) return found
    const generation = this.#generations.get(db) ?? 0
    const loaded = await load(missing)
    const current = generation === (this.#generations.get(db) ?? 0)
    for (const [key, value] of loaded) {
      if (current) this.set(db, key, value)
      found.set(key, value)
    }
    return found
  }

  clear(db: Db) {
    this.#maps.get(db)?.clear()
    this.#generations.set(db, (this.#generations.get(db) ?? 0) + 1)
  }
}

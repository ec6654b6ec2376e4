// The Stack Match search answered from memory (docs/decisions/034-stack-match-in-memory-index.md). Each instance
// keeps, per database and index (jobs, companies), every listed row's tools, search lexemes, place and job terms as
// sets of row positions in recency order (bitset.ts), read in one statement together with match_version. A search
// whose version is the kept one is answered here: its filters become set operations, its match tiers a count of the
// selected tools held per row, its page the positions walked in order; PostgreSQL then reads the page's rows by id.
// Any other search (the data changed since, or a keyword this cannot test: match-search.queries.ts decides) is
// answered by the SQL search, whose rules this follows exactly (match-memory.test.ts holds the two side by side).
//
// When match_version moves, the index follows the changes (docs/decisions/060-stack-match-incremental-index.md):
// the rows logged in match_change since the index's build are read, with the version, in one statement, built into a
// small index of their own (the delta) and masked out of the built one, and a search reads both, merging their pages
// by recency. The whole index is rebuilt when the delta grows past a share of it, or the log no longer reaches back
// to its build: at once, waiting for it, while a build takes under INLINE_BUILD_MILLISECONDS (small installations,
// the tests); else in the background, no sooner than REBUILD_GAP_FACTOR build-times after the last, the delta
// answering meanwhile (or PostgreSQL, when the log cannot).
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { DbMemo } from '../../db/db-memo.ts'
import { rowsOf } from '../../db/statements.ts'
import { type Bits, bitsOf, fullBits, type Posting, toPosting, wordsFor } from './bitset.ts'
import { type IndexView, type MemoryIndex, type MemoryPage, searchView } from './match-memory-search.ts'
import { indexRows, type MatchFilters, type MatchIndexKind } from './match-rows.ts'
import { parseTsQuery, type TsQuery } from './tsquery.ts'

/** A build faster than this is waited for; a slower one runs in the background. */
export const INLINE_BUILD_MILLISECONDS = 200
/** A background rebuild starts no sooner than this many times the last build's duration after it ended. */
const REBUILD_GAP_FACTOR = 10
/** A delta holding more rows than this share of its index (or than DELTA_ROWS_MIN) asks for a rebuild. */
const DELTA_SHARE = 1 / 20
const DELTA_ROWS_MIN = 2000
/** Log rows older than this are pruned (by the instance that has just built an index): older indexes rebuild. */
const CHANGE_LOG_KEPT = sql`interval '1 hour'`

/**
 * Open jobs at a time: the rows without an expiry or expiring later (as `expires_at > now()` reads). Time only moves
 * forward, so the set only loses rows, each once, as the clock passes its expiry.
 */
export class ExpiryClock {
  readonly #open: Bits
  /** Positions with an expiry, soonest first, and their expiry (ms). */
  readonly #order: Uint32Array
  readonly #times: Float64Array
  #next = 0

  /** `positions` and their expiry `times` (ms, whole: Date.now() is), soonest first. */
  constructor(size: number, positions: ArrayLike<number>, times: ArrayLike<number>) {
    this.#open = fullBits(size)
    this.#order = Uint32Array.from(positions)
    this.#times = Float64Array.from(times)
  }

  openAt(now: number): Bits {
    while (this.#next < this.#order.length && this.#times[this.#next]! <= now) {
      const position = this.#order[this.#next++]!
      this.#open[position >>> 5]! &= ~(1 << (position & 31))
    }
    return this.#open
  }
}

/**
 * The rows an index holds (match-rows.ts: those either search may answer, with expired jobs, which the clock drops),
 * numbered from 0 in recency order, with what the filters read.
 */
function indexedRows(kind: MatchIndexKind, onlyChanged: boolean): SQL {
  const { from, listed, recency, place } = indexRows[kind]
  const jobTerms =
    kind === 'jobs'
      ? sql`, (extract(epoch from "job"."expires_at") * 1000)::float8 as "expires_ms",
          "job"."full_time", "job"."freelance", "job"."remote"`
      : sql``
  // the order `recency` sorts by, as one whole number (exact in a double: microseconds since 1970 stay below 2^53)
  const recencyKey =
    kind === 'jobs' ? sql`(extract(epoch from "job"."posted_at") * 1000000)::bigint` : sql`"company"."id"::bigint`
  const conditions = onlyChanged ? [...listed, sql`${from}."id" in (select "id" from "changed")`] : listed
  return sql`select row_number() over (order by ${recency})::integer - 1 as "pos",
      ${from}."id", ${recencyKey} as "recency", ${from}."tool_ids", ${from}."search", ${place} as "place" ${jobTerms}
    from ${from} where ${sql.join(conditions, sql` and `)}`
}

/**
 * The ids of an index's rows changed after version `since`, as logged (migration 0027): a job's own changes, and for
 * jobs every job of a changed company (its privacy decides whether they are listed).
 */
function changedIds(kind: MatchIndexKind, since: string): SQL {
  const logged = (logKind: string) =>
    sql`select "id" from "match_change" where "version" > ${since}::bigint and "kind" = ${logKind}`
  return kind === 'jobs'
    ? sql`${logged('job')} union select "id" from "job" where "company_id" in (${logged('company')})`
    : logged('company')
}

/**
 * One statement, so one snapshot: the version and the postings of the rows it stands for, grouped by PostgreSQL
 * (a row per tool, lexeme and place holding its positions), so the instance parses a few thousand arrays of
 * numbers instead of an object per row, which would keep its garbage collector busy while requests wait.
 */
function indexStatement(kind: MatchIndexKind, since?: string): SQL {
  // numbers as text ('3,17,42'), read by readNumbers without an object per number
  const list = (aggregated: SQL) => sql`array_to_string(array_agg(${aggregated}), ',')`
  // an aggregate without GROUP BY answers one row, null when no row qualifies
  const positions = (part: string, condition: SQL) =>
    sql`union all select ${part}, null, ${list(sql`"pos" order by "pos"`)}, null from "r" where ${condition}`
  const jobParts =
    kind === 'jobs'
      ? sql`union all select 'expiry', null, ${list(sql`"pos" order by "expires_ms", "pos"`)},
          ${list(sql`ceil("expires_ms")::bigint order by "expires_ms", "pos"`)} from "r" where "expires_ms" is not null
        ${positions('full_time', sql`"full_time"`)} ${positions('freelance', sql`"freelance"`)}
        ${positions('remote', sql`"remote"`)}`
      : sql``
  const changed = since === undefined ? sql`` : sql`"changed" as materialized (${changedIds(kind, since)}),`
  const changedPart =
    since === undefined ? sql`` : sql`union all select 'changed', null, ${list(sql`"id"`)}, null from "changed"`
  return sql`with ${changed} "r" as materialized (${indexedRows(kind, since !== undefined)})
    select 'version' as "part", "version"::text as "key", null as "list", "changes_from"::text as "times"
      from "match_version"
    union all select 'ids', null, ${list(sql`"id" order by "pos"`)}, null from "r"
    union all select 'recency', null, ${list(sql`"recency" order by "pos"`)}, null from "r"
    ${changedPart}
    ${positions('search', sql`"search" is not null`)}
    union all select 'tool', "tool"::text, ${list(sql`"pos"`)}, null from "r", unnest("tool_ids") as "tool" group by "tool"
    union all select 'lexeme', "lexeme", ${list(sql`"pos"`)}, null
      from "r", unnest(tsvector_to_array("search")) as "lexeme" group by "lexeme"
    union all select 'place', "place", ${list(sql`"pos"`)}, null from "r" group by "place"
    ${jobParts}`
}

/** A build lets requests in between slices of this many postings, so it never stalls them for long. */
const BUILD_SLICE = 2000
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The index of every listed row, or (`since` given) the delta of the rows changed after that version. */
async function buildIndex(db: Db, kind: MatchIndexKind, since?: string): Promise<MemoryIndex> {
  const rows = rowsOf(await db.execute(indexStatement(kind, since)))
  const part = (name: string) => rows.find((row) => row.part === name)
  const numbers = (value: unknown) => readNumbers(typeof value === 'string' ? value : '')
  const ids = Int32Array.from(numbers(part('ids')?.list))
  const size = ids.length
  const words = wordsFor(size)
  const tools = new Map<number, Posting>()
  const lexemes = new Map<string, Posting>()
  const places: MemoryIndex['places'] = []
  for (const [count, row] of rows.entries()) {
    if (count % BUILD_SLICE === BUILD_SLICE - 1) await yieldToRequests()
    const posting = () => toPosting(numbers(row.list), size)
    if (row.part === 'tool') tools.set(Number(row.key), posting())
    else if (row.part === 'lexeme') lexemes.set(String(row.key), posting())
    else if (row.part === 'place') places.push({ place: String(row.key), posting: posting() })
  }
  const positionsOf = (name: string) => toPosting(numbers(part(name)?.list), size)
  const expiry = part('expiry')
  const version = part('version')
  return {
    version: String(version?.key),
    changesFrom: String(version?.times),
    size,
    words,
    ids,
    recency: numbers(part('recency')?.list),
    ...(since === undefined ? {} : { changed: numbers(part('changed')?.list) }),
    tools,
    lexemes,
    withSearch: bitsOf(positionsOf('search'), words),
    places,
    ...(kind === 'jobs'
      ? {
          terms: {
            fullTime: positionsOf('full_time'),
            freelance: positionsOf('freelance'),
            remote: positionsOf('remote'),
          },
          expiry: new ExpiryClock(size, numbers(expiry?.list), numbers(expiry?.times)),
        }
      : {}),
  }
}

/** How a keyword is tested here: its tsquery's tree, 'empty' (stop words only), or null (a phrase: SQL only). */
const keywordTrees = new DbMemo<string, TsQuery | 'empty' | null>({
  name: 'match_keyword_trees',
  ttlMs: 10 * 60_000,
  maxEntries: 1000,
})

async function keywordTree(db: Db, keywords: string): Promise<TsQuery | 'empty' | null> {
  const known = keywordTrees.get(db, keywords)
  if (known !== undefined) return known
  const [row] = rowsOf(await db.execute(sql`select websearch_to_tsquery('english', ${keywords})::text as "query"`))
  const tree = parseTsQuery(String(row?.query ?? ''))
  keywordTrees.set(db, keywords, tree)
  return tree
}

interface IndexState {
  /** The last index built from every row, and its positions by row id (made for the first delta). */
  index?: MemoryIndex
  positionsById?: Map<number, number>
  /** What searches read: `index`, or it brought to a later version. */
  view?: IndexView
  /** 'wanted': the delta grew large, keep following while a rebuild comes; 'needed': the log cannot bring it on. */
  rebuild?: 'wanted' | 'needed'
  building?: Promise<void>
  catchingUp?: Promise<void>
  /** The last build's duration and end (ms); 0 before the first, which is waited for. */
  buildMilliseconds: number
  builtAt: number
}

export class MatchMemory {
  readonly #states = new WeakMap<Db, Record<MatchIndexKind, IndexState>>()

  /**
   * The page of a search made at `version`, or null when this instance cannot answer it from memory: its index is
   * of another version (being rebuilt), or the keyword holds a phrase.
   */
  async search(db: Db, kind: MatchIndexKind, version: string, filters: MatchFilters): Promise<MemoryPage | null> {
    const keyword = filters.keywords ? await keywordTree(db, filters.keywords) : undefined
    if (keyword === null) return null
    const view = await this.#viewAt(db, kind, version)
    if (!view) return null
    return searchView(view, filters, keyword, Date.now())
  }

  /** The version of the last index built from every row (the tests tell following from rebuilding by it). */
  builtVersion(db: Db, kind: MatchIndexKind): string | undefined {
    return this.#states.get(db)?.[kind].index?.version
  }

  /** Waits for a build under way (an app closing its database). */
  async settle(db: Db) {
    const states = this.#states.get(db)
    if (states) {
      await Promise.all([states.jobs.building, states.companies.building])
      await Promise.all([states.jobs.catchingUp, states.companies.catchingUp])
    }
  }

  #stateOf(db: Db, kind: MatchIndexKind): IndexState {
    const states = this.#states.get(db) ?? {
      jobs: { buildMilliseconds: 0, builtAt: 0 },
      companies: { buildMilliseconds: 0, builtAt: 0 },
    }
    this.#states.set(db, states)
    return states[kind]
  }

  async #viewAt(db: Db, kind: MatchIndexKind, version: string): Promise<IndexView | null> {
    const state = this.#stateOf(db, kind)
    // a catch-up under way may have read an older version than this search's: then one more brings it on
    for (let attempt = 0; attempt < 2; attempt++) {
      if (state.view?.version === version) return state.view
      // a search made before the held version (a request under way across a change) is PostgreSQL's
      if (state.view && BigInt(version) < BigInt(state.view.version)) return null
      if (!state.index || state.rebuild === 'needed') break
      state.catchingUp ??= this.#catchUp(db, kind, state).finally(() => {
        state.catchingUp = undefined
      })
      await state.catchingUp
    }
    if (state.view?.version === version) return state.view
    if (state.view && BigInt(version) < BigInt(state.view.version)) return null
    if (state.index && !state.rebuild) return null
    const inline = state.buildMilliseconds < INLINE_BUILD_MILLISECONDS
    const rested = Date.now() - state.builtAt >= state.buildMilliseconds * REBUILD_GAP_FACTOR
    if (!state.building && (inline || rested)) state.building = this.#rebuild(db, kind, state)
    if (!inline || !state.building) return null
    await state.building
    return state.view?.version === version ? state.view : null
  }

  /** Brings the view to the current version by reading the rows changed since the built index's version. */
  async #catchUp(db: Db, kind: MatchIndexKind, state: IndexState) {
    const base = state.index!
    let delta: MemoryIndex
    try {
      delta = await buildIndex(db, kind, base.version)
    } catch {
      state.rebuild = 'needed'
      return
    }
    if (state.index !== base || BigInt(delta.version) <= BigInt(state.view?.version ?? base.version)) return
    // the log was pruned past the build: its rows no longer say all that changed since
    if (BigInt(delta.changesFrom) > BigInt(base.version)) {
      state.rebuild = 'needed'
      return
    }
    state.positionsById ??= new Map(Array.from(base.ids, (id, position) => [id, position]))
    const stale = new Uint32Array(base.words)
    for (const id of delta.changed ?? []) {
      const position = state.positionsById.get(id)
      if (position !== undefined) stale[position >>> 5]! |= 1 << (position & 31)
    }
    state.view = { version: delta.version, base, stale, ...(delta.size > 0 ? { delta } : {}) }
    if ((delta.changed?.length ?? 0) > Math.max(DELTA_ROWS_MIN, base.size * DELTA_SHARE)) state.rebuild ??= 'wanted'
  }

  async #rebuild(db: Db, kind: MatchIndexKind, state: IndexState) {
    const started = performance.now()
    try {
      const index = await buildIndex(db, kind)
      Object.assign(state, { index, view: { version: index.version, base: index } })
      state.positionsById = undefined
      state.rebuild = undefined
    } catch {
      // the database is gone or failing: searches go to PostgreSQL, which answers or reports the fault itself
      state.index = undefined
      state.view = undefined
    } finally {
      state.buildMilliseconds = performance.now() - started
      state.builtAt = Date.now()
      state.building = undefined
    }
    // a failure leaves the log longer, which costs nothing a later prune will not take
    await pruneChangeLog(db).catch(() => {})
  }
}

/**
 * Drops the log's rows older than CHANGE_LOG_KEPT and moves `changes_from` past them, in one statement, so a reader
 * never sees the log shortened without knowing it. Indexes built before then are rebuilt.
 */
async function pruneChangeLog(db: Db) {
  await db.execute(sql`with "gone" as (
      delete from "match_change" where "changed_at" < now() - ${CHANGE_LOG_KEPT} returning "version")
    update "match_version" set "changes_from" = (select max("version") from "gone")
    where "changes_from" < (select max("version") from "gone")`)
}

/** The instance's in-memory indexes, one set per database (test apps and the bench each have their own). */
export const matchMemory = new MatchMemory()

/** The non-negative integers of '3,17,42' (an empty text: none), read a character at a time. */
export function readNumbers(text: string): Float64Array {
  if (text === '') return new Float64Array(0)
  let count = 1
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++
  const numbers = new Float64Array(count)
  let at = 0
  let value = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 44) {
      numbers[at++] = value
      value = 0
    } else {
      value = value * 10 + (code - 48)
    }
  }
  numbers[at] = value
  return numbers
}

// A Stack Match in-memory index (server/modules/match/match-memory-search.ts) built from plain rows in this process,
// as match-memory.ts builds one from PostgreSQL's, and the answer a brute-force walk of those rows gives: for the
// search's tests at sizes a database would take minutes to fill, and for bench/match-memory.ts.
import { MATCH_COUNT_CAP, MATCH_PAGE_SIZE } from '#contracts/match.ts'
import { type Bits, toPosting, wordsFor } from '../modules/match/bitset.ts'
import { ExpiryClock } from '../modules/match/match-memory.ts'
import type { IndexView, MemoryIndex, MemoryPage } from '../modules/match/match-memory-search.ts'
import type { MatchFilters } from '../modules/match/match-rows.ts'
import type { TsQuery } from '../modules/match/tsquery.ts'

/** A row as the index reads it. */
export interface PlainRow {
  id: number
  /** Larger first, ties broken by the larger id (match-memory.ts: posting time in microseconds, company id). */
  recency: number
  tools: Iterable<number>
  /** Its search document's lexemes; null: no document (a keyword never matches it). */
  lexemes: string[] | null
  /** The lowercased text a location must be part of. */
  place: string
  /** Jobs only: the job terms and the expiry (ms; null: none). */
  job?: { fullTime: boolean; freelance: boolean; remote: boolean; expiresMs: number | null }
}

/** A search of every row (page 1, AND, no filter), with the given filters instead. */
export function matchFiltersOf(filters: Partial<MatchFilters>): MatchFilters {
  return {
    selected: [],
    required: [],
    excluded: [],
    keywords: '',
    location: '',
    operator: 'AND',
    fullTime: false,
    freelance: false,
    remote: false,
    page: 1,
    ...filters,
  }
}

/** Whether row a comes before row b in recency order. */
const isNewer = (a: PlainRow, b: PlainRow) => a.recency > b.recency || (a.recency === b.recency && a.id > b.id)

/** The rows in recency order (the index's positions) and the index of them. */
export function memoryIndexOf(unordered: PlainRow[], version = '1'): { rows: PlainRow[]; index: MemoryIndex } {
  const rows = [...unordered].sort((a, b) => (isNewer(a, b) ? -1 : isNewer(b, a) ? 1 : 0))
  const size = rows.length
  const grouped = <K>(keysOf: (row: PlainRow) => Iterable<K>) => {
    const positions = new Map<K, number[]>()
    rows.forEach((row, position) => {
      for (const key of keysOf(row)) {
        const list = positions.get(key)
        if (list) list.push(position)
        else positions.set(key, [position])
      }
    })
    return new Map([...positions].map(([key, list]) => [key, toPosting(list, size)] as const))
  }
  const where = (test: (row: PlainRow) => boolean) =>
    toPosting(
      rows.flatMap((row, position) => (test(row) ? [position] : [])),
      size,
    )
  const expiring = rows
    .flatMap((row, position) => (row.job?.expiresMs == null ? [] : [{ position, ms: row.job.expiresMs }]))
    .sort((a, b) => a.ms - b.ms || a.position - b.position)
  const withSearch = new Uint32Array(wordsFor(size))
  rows.forEach((row, position) => {
    if (row.lexemes) withSearch[position >>> 5]! |= 1 << (position & 31)
  })
  const isJobs = rows.some((row) => row.job)
  return {
    rows,
    index: {
      version,
      changesFrom: '0',
      size,
      words: wordsFor(size),
      ids: Int32Array.from(rows, (row) => row.id),
      recency: Float64Array.from(rows, (row) => row.recency),
      tools: grouped((row) => row.tools),
      lexemes: grouped((row) => row.lexemes ?? []),
      withSearch,
      places: [...grouped((row) => [row.place])].map(([place, posting]) => ({ place, posting })),
      ...(isJobs
        ? {
            terms: {
              fullTime: where((row) => row.job?.fullTime === true),
              freelance: where((row) => row.job?.freelance === true),
              remote: where((row) => row.job?.remote === true),
            },
            expiry: new ExpiryClock(
              size,
              expiring.map((row) => row.position),
              expiring.map((row) => row.ms),
            ),
          }
        : {}),
    },
  }
}

/** A view of `base` at a later version: the given positions changed (masked out), `changed` their current rows. */
export function viewOf(base: MemoryIndex, stalePositions: number[] = [], changed?: MemoryIndex): IndexView {
  if (stalePositions.length === 0 && !changed) return { version: base.version, base }
  const stale: Bits = new Uint32Array(base.words)
  for (const position of stalePositions) stale[position >>> 5]! |= 1 << (position & 31)
  return { version: changed?.version ?? base.version, base, stale, ...(changed ? { delta: changed } : {}) }
}

function matchesKeyword(lexemes: string[] | null, query: TsQuery): boolean {
  if (!lexemes) return false
  switch (query.kind) {
    case 'lexeme':
      return lexemes.includes(query.lexeme)
    case 'not':
      return !matchesKeyword(lexemes, query.operand)
    case 'and':
      return matchesKeyword(lexemes, query.left) && matchesKeyword(lexemes, query.right)
    case 'or':
      return matchesKeyword(lexemes, query.left) || matchesKeyword(lexemes, query.right)
  }
}

/**
 * The page a search of these rows gives, row by row, as the SQL search defines it (match-search.test.ts holds that to
 * its own oracle): each row's filters, its match tier, the order (tier, then recency) and the count to the cap.
 */
export function bruteForcePage(
  rows: PlainRow[],
  filters: MatchFilters,
  keyword: TsQuery | 'empty' | undefined,
  now: number,
): MemoryPage {
  const isOr = filters.operator === 'OR'
  const hits = rows.flatMap((row) => {
    const tools = new Set(row.tools)
    const { job } = row
    if (job && job.expiresMs !== null && job.expiresMs <= now) return []
    if (job && (filters.fullTime || filters.freelance)) {
      if (!((filters.fullTime && job.fullTime) || (filters.freelance && job.freelance))) return []
    }
    if (job && filters.remote && !job.remote) return []
    if (filters.location && !row.place.includes(filters.location.toLowerCase())) return []
    if (keyword === 'empty' || (keyword && !matchesKeyword(row.lexemes, keyword))) return []
    if (filters.excluded.some((id) => tools.has(id))) return []
    const held = filters.selected.filter((id) => tools.has(id)).length
    if (!isOr && held < filters.selected.length) return []
    if (isOr && filters.selected.length > 0 && held === 0) return []
    if (isOr && filters.required.some((id) => !tools.has(id))) return []
    return [{ row, tier: isOr ? held : 0 }]
  })
  hits.sort((a, b) => b.tier - a.tier || (isNewer(a.row, b.row) ? -1 : isNewer(b.row, a.row) ? 1 : 0))
  const skip = (filters.page - 1) * MATCH_PAGE_SIZE
  return {
    ids: hits.slice(skip, skip + MATCH_PAGE_SIZE).map((hit) => hit.row.id),
    counted: Math.min(hits.length, MATCH_COUNT_CAP + 1),
  }
}

// A Stack Match search over the in-memory index (docs/decisions/034-stack-match-in-memory-index.md): the filters as
// set operations over words of 32 rows in recency order, the OR match tiers, and the page merged from the built index
// and its delta (docs/decisions/060-stack-match-incremental-index.md). Pure: it reads an index match-memory.ts built
// and answers a page, so bench/match-memory.ts can time it on a synthetic index without a database.
import { MATCH_COUNT_CAP, MATCH_PAGE_SIZE } from '#contracts/match.ts'
import {
  andInto,
  andNotInto,
  type Bits,
  bitsOf,
  collect,
  countUpTo,
  fullBits,
  orInto,
  type Posting,
  removePosting,
} from './bitset.ts'
import type { MatchFilters } from './match-rows.ts'
import type { TsQuery } from './tsquery.ts'

export interface MemoryIndex {
  version: string
  size: number
  words: number
  /** Row ids by position (recency order). */
  ids: Int32Array
  /** Each position's recency, larger first (ties: larger id first): job posting time in microseconds, company id. */
  recency: Float64Array
  /** The version after which match_change is complete, read with `version`. */
  changesFrom: string
  /** A delta's changed rows (ids, listed or not): the positions of the built index they supersede. */
  changed?: Float64Array
  tools: Map<number, Posting>
  lexemes: Map<string, Posting>
  /** Rows with a search document (a keyword never matches one without). */
  withSearch: Bits
  /** Rows by their lowercased place (job: city and location; company: city). */
  places: Array<{ place: string; posting: Posting }>
  /** Jobs only: the job terms and the expiry clock. */
  terms?: { fullTime: Posting; freelance: Posting; remote: Posting }
  /** The open jobs at a time (match-memory.ts ExpiryClock): a set only the clock writes. */
  expiry?: { openAt(now: number): Bits }
}

/** The rows matching a keyword's tsquery: a fresh set, or a kept posting's bitset (read only). */
function keywordBits(index: MemoryIndex, query: TsQuery): Bits {
  switch (query.kind) {
    case 'lexeme':
      return bitsOf(index.lexemes.get(query.lexeme), index.words)
    case 'not': {
      const rows = index.withSearch.slice()
      andNotInto(rows, keywordBits(index, query.operand))
      return rows
    }
    case 'and': {
      const rows = keywordBits(index, query.left).slice()
      andInto(rows, keywordBits(index, query.right))
      return rows
    }
    case 'or': {
      const rows = keywordBits(index, query.left).slice()
      orInto(rows, keywordBits(index, query.right))
      return rows
    }
  }
}

/** The hits of a search, every filter applied, as a fresh set. */
function hitsOf(index: MemoryIndex, filters: MatchFilters, keyword: TsQuery | 'empty' | undefined, now: number) {
  const { words } = index
  const hits = index.expiry ? index.expiry.openAt(now).slice() : fullBits(index.size)
  if (index.terms) {
    // spec §3: full-time and freelance are kinds of job (either one ticked matches); remote applies on top
    if (filters.fullTime || filters.freelance) {
      const kinds = new Uint32Array(words)
      if (filters.fullTime) orInto(kinds, bitsOf(index.terms.fullTime, words))
      if (filters.freelance) orInto(kinds, bitsOf(index.terms.freelance, words))
      andInto(hits, kinds)
    }
    if (filters.remote) andInto(hits, bitsOf(index.terms.remote, words))
  }
  if (filters.location) {
    const needle = filters.location.toLowerCase()
    const near = new Uint32Array(words)
    for (const { place, posting } of index.places) if (place.includes(needle)) orInto(near, bitsOf(posting, words))
    andInto(hits, near)
  }
  if (keyword === 'empty') hits.fill(0)
  else if (keyword) andInto(hits, keywordBits(index, keyword))
  for (const id of filters.excluded) removePosting(hits, index.tools.get(id))
  const selected = filters.selected.map((id) => bitsOf(index.tools.get(id), words))
  if (filters.operator === 'AND') {
    for (const bits of selected) andInto(hits, bits)
  } else if (selected.length > 0) {
    const any = new Uint32Array(words)
    for (const bits of selected) orInto(any, bits)
    andInto(hits, any)
    for (const id of filters.required) andInto(hits, bitsOf(index.tools.get(id), words))
  }
  return { hits, selected }
}

/**
 * The search's hits split by match, best first: one tier for AND or fewer than two tools (every hit has the same
 * match); for OR, the hits holding every selected tool, then exactly one fewer, and so on. Each row's count of held
 * tools is added up a word (32 rows) at a time: level[c] holds the rows that hold c of the tools seen so far.
 */
function tiersOf(hits: Bits, selected: Bits[], filters: MatchFilters): Bits[] {
  if (filters.operator === 'AND' || selected.length < 2) return [hits]
  const levels = Array.from({ length: selected.length + 1 }, () => new Uint32Array(hits.length))
  const level = new Int32Array(selected.length + 1)
  for (let word = 0; word < hits.length; word++) {
    if (hits[word] === 0) continue
    level.fill(0)
    level[0] = hits[word]!
    for (let tool = 0; tool < selected.length; tool++) {
      const holds = selected[tool]![word]!
      for (let count = tool; count >= 0; count--) {
        level[count + 1]! |= level[count]! & holds
        level[count]! &= ~holds
      }
    }
    for (let count = 0; count <= selected.length; count++) levels[count]![word] = level[count]!
  }
  // rows below the required tools' count (or holding none) are not hits, so their levels are empty
  return levels.reverse()
}

/** An index brought to a later version: its built rows less those changed since, and the changed rows' own index. */
export interface IndexView {
  version: string
  base: MemoryIndex
  /** The positions of `base` changed since its build. */
  stale?: Bits
  delta?: MemoryIndex
}

/** A page of a search: its row ids in order and its count (at most MATCH_COUNT_CAP + 1, as the SQL search's). */
export interface MemoryPage {
  ids: number[]
  counted: number
}

/** One index's share of a search: its hits and their match tiers. */
interface SearchPart {
  index: MemoryIndex
  hits: Bits
  tiers: Bits[]
}

/** Whether a's row at position pa comes before b's at pb in recency order (as indexRows' `recency` sorts). */
function isBefore(a: MemoryIndex, pa: number, b: MemoryIndex, pb: number): boolean {
  const ra = a.recency[pa]!
  const rb = b.recency[pb]!
  return ra > rb || (ra === rb && a.ids[pa]! > b.ids[pb]!)
}

/** The page's row ids: the parts' rows walked tier by tier, each tier's rows of every part merged in recency order. */
function pageIds(parts: SearchPart[], page: number): number[] {
  const skip = (page - 1) * MATCH_PAGE_SIZE
  const wanted = skip + MATCH_PAGE_SIZE
  const ordered: number[] = []
  const tiers = parts[0]?.tiers.length ?? 0
  for (let tier = 0; tier < tiers && ordered.length < wanted; tier++) {
    const lists = parts.map((part) => {
      const positions: number[] = []
      collect(part.tiers[tier]!, 0, positions, wanted - ordered.length)
      return positions
    })
    const next = parts.map(() => 0)
    while (ordered.length < wanted) {
      let first = -1
      for (let part = 0; part < parts.length; part++) {
        if (next[part]! >= lists[part]!.length) continue
        if (
          first < 0 ||
          isBefore(parts[part]!.index, lists[part]![next[part]!]!, parts[first]!.index, lists[first]![next[first]!]!)
        )
          first = part
      }
      if (first < 0) break
      ordered.push(parts[first]!.index.ids[lists[first]![next[first]!++]!]!)
    }
  }
  return ordered.slice(skip)
}

/** A search's page at the view's version: `keyword` is its tsquery's tree ('empty': stop words only, no hits). */
export function searchView(
  view: IndexView,
  filters: MatchFilters,
  keyword: TsQuery | 'empty' | undefined,
  now: number,
): MemoryPage {
  const parts: SearchPart[] = []
  for (const index of view.delta ? [view.base, view.delta] : [view.base]) {
    const { hits, selected } = hitsOf(index, filters, keyword, now)
    if (index === view.base && view.stale) andNotInto(hits, view.stale)
    parts.push({ index, hits, tiers: tiersOf(hits, selected, filters) })
  }
  let counted = 0
  for (const part of parts) counted += countUpTo(part.hits, MATCH_COUNT_CAP + 1)
  return { ids: pageIds(parts, filters.page), counted: Math.min(counted, MATCH_COUNT_CAP + 1) }
}

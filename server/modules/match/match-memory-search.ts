// A Stack Match search over the in-memory index (docs/decisions/034-stack-match-in-memory-index.md): the filters as
// set operations over words of 32 rows in recency order, the OR match tiers, and the page merged from the built index
// and its delta (docs/decisions/060-stack-match-incremental-index.md), in one walk over the words that stops once the
// count and the page are known (docs/decisions/066-stack-match-one-pass.md). Pure: it reads an index match-memory.ts
// built and answers a page, so bench/match-memory.ts and the tests can search an index built in memory.
import { MATCH_COUNT_CAP, MATCH_PAGE_SIZE } from '#contracts/match.ts'
import { type Bits, type Posting, PostingReader, popcount32 } from './bitset.ts'
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

/**
 * A search reads its index CHUNK_WORDS words (8,192 rows) at a time, newest first, and stops once it has counted
 * MATCH_COUNT_CAP + 1 hits and its best tier holds the page: at 1M rows a popular search reads a few chunks, not every
 * word once per filter (docs/decisions/066-stack-match-one-pass.md). Each filter reads its chunk into one of a few
 * small buffers, so a search allocates no set the size of the index.
 */
const CHUNK_WORDS = 256

/** A keyword's tsquery as readers of its lexemes, with a chunk for each operator's other side. */
type KeywordNode =
  | { kind: 'lexeme'; rows: PostingReader }
  | { kind: 'not'; searchable: PostingReader; operand: KeywordNode; other: Bits }
  | { kind: 'and' | 'or'; left: KeywordNode; right: KeywordNode; other: Bits }

function keywordNode(index: MemoryIndex, query: TsQuery): KeywordNode {
  switch (query.kind) {
    case 'lexeme':
      return { kind: 'lexeme', rows: new PostingReader(index.lexemes.get(query.lexeme)) }
    case 'not': {
      const searchable = new PostingReader({ bits: index.withSearch })
      return { kind: 'not', searchable, operand: keywordNode(index, query.operand), other: chunk() }
    }
    default: {
      const [left, right] = [keywordNode(index, query.left), keywordNode(index, query.right)]
      return { kind: query.kind, left, right, other: chunk() }
    }
  }
}

/** Reads into `rows` the keyword's rows among the `count` words from `from`. */
function readKeyword(node: KeywordNode, rows: Bits, from: number, count: number) {
  if (node.kind === 'lexeme') {
    node.rows.read(rows, from, count)
    return
  }
  const { other } = node
  if (node.kind === 'not') {
    node.searchable.read(rows, from, count)
    readKeyword(node.operand, other, from, count)
    for (let i = 0; i < count; i++) rows[i]! &= ~other[i]!
    return
  }
  readKeyword(node.left, rows, from, count)
  readKeyword(node.right, other, from, count)
  if (node.kind === 'and') for (let i = 0; i < count; i++) rows[i]! &= other[i]!
  else for (let i = 0; i < count; i++) rows[i]! |= other[i]!
}

const chunk = () => new Uint32Array(CHUNK_WORDS)

/** rows &= other, over the chunk's first `count` words. */
function andChunk(rows: Bits, other: Bits, count: number) {
  for (let i = 0; i < count; i++) rows[i]! &= other[i]!
}

/** Appends the word's positions (its first row is `first`) to `list`, in order, until it holds `wanted`. */
function collectWord(word: number, first: number, list: number[], wanted: number) {
  let rest = word
  while (rest !== 0 && list.length < wanted) {
    const low = rest & -rest
    list.push(first + 31 - Math.clz32(low))
    rest = (rest ^ low) >>> 0
  }
}

/** What a search found in one index: its hits counted up to MATCH_COUNT_CAP + 1, and each tier's first positions. */
interface IndexHits {
  index: MemoryIndex
  counted: number
  /**
   * Best first: one tier for AND or fewer than two selected tools (every hit has the same match); for OR, the hits
   * holding every selected tool, then exactly one fewer, and so on. Each holds its first `wanted` positions in order,
   * or all of them; when the walk stopped early, the best tier holds `wanted` and the others may hold fewer.
   */
  tiers: number[][]
}

/**
 * One walk over an index's words, every filter applied a chunk at a time (`stale`: positions superseded by a delta),
 * until the count passes MATCH_COUNT_CAP and the best tier holds `wanted` positions, or the rows end.
 */
function walkIndex(
  index: MemoryIndex,
  filters: MatchFilters,
  keyword: TsQuery | undefined,
  now: number,
  stale: Bits | undefined,
  wanted: number,
): IndexHits {
  const { words, size } = index
  const toolReaders = (ids: number[]) => ids.map((id) => new PostingReader(index.tools.get(id)))
  const selected = toolReaders(filters.selected)
  const isAnd = filters.operator === 'AND'
  const required = isAnd ? [] : toolReaders(filters.required)
  const excluded = toolReaders(filters.excluded)
  const open = index.expiry ? new PostingReader({ bits: index.expiry.openAt(now) }) : undefined
  const terms = index.terms
  // spec §3: full-time and freelance are kinds of job (either one ticked matches); remote applies on top
  const kinds = terms
    ? [filters.fullTime ? terms.fullTime : undefined, filters.freelance ? terms.freelance : undefined]
        .filter((posting) => posting !== undefined)
        .map((posting) => new PostingReader(posting))
    : []
  const remote = terms && filters.remote ? new PostingReader(terms.remote) : undefined
  const needle = filters.location.toLowerCase()
  const places = filters.location
    ? index.places.filter(({ place }) => place.includes(needle)).map(({ posting }) => new PostingReader(posting))
    : undefined
  const keywordRows = keyword ? keywordNode(index, keyword) : undefined
  const superseded = stale ? new PostingReader({ bits: stale }) : undefined

  const isTiered = !isAnd && selected.length >= 2
  const tierCount = isTiered ? selected.length + 1 : 1
  const tiers: number[][] = Array.from({ length: tierCount }, () => [])
  const best = tiers[0]!
  // with OR, each selected tool's rows in the chunk: their union filters the hits, their counts make the tiers
  const held = isAnd ? [] : selected.map(chunk)
  const hits = chunk()
  const other = chunk()
  // level[c]: the word's hits holding c of the tools counted so far
  const level = new Int32Array(tierCount)
  const tailMask = size % 32 === 0 ? 0xffffffff : (2 ** (size % 32) - 1) >>> 0
  let counted = 0
  for (let from = 0; from < words; from += CHUNK_WORDS) {
    const count = Math.min(CHUNK_WORDS, words - from)
    if (open) open.read(hits, from, count)
    else {
      hits.fill(0xffffffff, 0, count)
      if (from + count === words) hits[count - 1] = tailMask
    }
    // the tools first: the most selective filters, so a chunk they leave empty is passed at once
    if (isAnd) for (const tool of selected) tool.andInto(hits, from, count)
    else if (selected.length > 0) {
      other.fill(0, 0, count)
      for (const [t, tool] of selected.entries()) {
        tool.read(held[t]!, from, count)
        for (let i = 0; i < count; i++) other[i]! |= held[t]![i]!
      }
      andChunk(hits, other, count)
      for (const tool of required) tool.andInto(hits, from, count)
    }
    let any = 0
    for (let i = 0; i < count; i++) any |= hits[i]!
    if (any === 0) continue
    if (kinds.length > 0) {
      other.fill(0, 0, count)
      for (const kind of kinds) kind.orInto(other, from, count)
      andChunk(hits, other, count)
    }
    remote?.andInto(hits, from, count)
    if (places) {
      other.fill(0, 0, count)
      for (const place of places) place.orInto(other, from, count)
      andChunk(hits, other, count)
    }
    if (keywordRows) {
      readKeyword(keywordRows, other, from, count)
      andChunk(hits, other, count)
    }
    for (const tool of excluded) tool.andNotInto(hits, from, count)
    superseded?.andNotInto(hits, from, count)

    for (let i = 0; i < count; i++) {
      const word = hits[i]!
      if (word === 0) continue
      if (counted <= MATCH_COUNT_CAP) counted += popcount32(word)
      const first = (from + i) * 32
      if (!isTiered) {
        collectWord(word, first, best, wanted)
        continue
      }
      level.fill(0)
      level[0] = word
      for (let tool = 0; tool < held.length; tool++) {
        const holds = held[tool]![i]!
        for (let c = tool; c >= 0; c--) {
          level[c + 1]! |= level[c]! & holds
          level[c]! &= ~holds
        }
      }
      // rows below the required tools' count (or holding none) are not hits, so their levels are empty
      for (let c = 0; c < tierCount; c++)
        if (level[c] !== 0) collectWord(level[c]!, first, tiers[tierCount - 1 - c]!, wanted)
    }
    if (counted > MATCH_COUNT_CAP && best.length >= wanted) break
  }
  return { index, counted: Math.min(counted, MATCH_COUNT_CAP + 1), tiers }
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

/** Whether a's row at position pa comes before b's at pb in recency order (as indexRows' `recency` sorts). */
function isBefore(a: MemoryIndex, pa: number, b: MemoryIndex, pb: number): boolean {
  const ra = a.recency[pa]!
  const rb = b.recency[pb]!
  return ra > rb || (ra === rb && a.ids[pa]! > b.ids[pb]!)
}

/**
 * The first `wanted` row ids: the parts' rows walked tier by tier, each tier's rows of every part merged in recency
 * order. A part whose walk stopped early holds `wanted` rows of the best tier, which fill the page on their own.
 */
function pageIds(parts: IndexHits[], wanted: number): number[] {
  const ordered: number[] = []
  const tiers = parts[0]?.tiers.length ?? 0
  for (let tier = 0; tier < tiers && ordered.length < wanted; tier++) {
    const lists = parts.map((part) => part.tiers[tier]!)
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
  return ordered
}

/** A search's page at the view's version: `keyword` is its tsquery's tree ('empty': stop words only, no hits). */
export function searchView(
  view: IndexView,
  filters: MatchFilters,
  keyword: TsQuery | 'empty' | undefined,
  now: number,
): MemoryPage {
  // `@@` is false for a query of stop words only
  if (keyword === 'empty') return { ids: [], counted: 0 }
  const skip = (filters.page - 1) * MATCH_PAGE_SIZE
  const wanted = skip + MATCH_PAGE_SIZE
  const parts = [walkIndex(view.base, filters, keyword, now, view.stale, wanted)]
  if (view.delta) parts.push(walkIndex(view.delta, filters, keyword, now, undefined, wanted))
  const counted = parts.reduce((sum, part) => sum + part.counted, 0)
  return { ids: pageIds(parts, wanted).slice(skip), counted: Math.min(counted, MATCH_COUNT_CAP + 1) }
}

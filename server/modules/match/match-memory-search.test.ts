// The in-memory search's one pass (decision 066), which stops reading once its count passes the cap and its best tier
// holds the page, held to a brute-force walk of the same rows (server/test/match-memory-index.ts) on indexes of tens
// of thousands of rows: several chunks, so the cases where stopping early would cut a page or a count show. Hits only
// in the last words, a best tier that lies at the end while lower tiers pass the cap at the start, counts and tiers
// at the boundaries of the cap and the page, ties across a built index and its delta, then random searches over every
// filter. Deterministic: one seed. No database: match-memory.test.ts holds the index to the SQL search.
import { describe, expect, it } from 'vitest'
import { MATCH_COUNT_CAP, MATCH_MAX_PAGE, MATCH_PAGE_SIZE } from '#contracts/match.ts'
import { bruteForcePage, matchFiltersOf, memoryIndexOf, type PlainRow, viewOf } from '../../test/match-memory-index.ts'
import { seededDraws } from '../../test/prng.ts'
import { type IndexView, searchView } from './match-memory-search.ts'
import type { MatchFilters } from './match-rows.ts'
import type { TsQuery } from './tsquery.ts'

const { random, randInt, pick, sample } = seededDraws(20261128)
const NOW = Date.UTC(2026, 10, 27)
/** More rows than a few of the search's chunks (8,192 rows each), and not a whole number of words. */
const SIZE = 40_017
const [COMMON, RARE, OTHER, SPARSE] = [1, 2, 3, 4]

const search = matchFiltersOf

/** Companies (no expiry, no job terms), newest first by id; `toolsOf` gives each position's tools. */
function companies(toolsOf: (position: number) => number[]): PlainRow[] {
  return Array.from({ length: SIZE }, (_, position) => ({
    id: SIZE - position,
    recency: SIZE - position,
    tools: toolsOf(position),
    lexemes: ['compani'],
    place: 'berlin',
  }))
}

/** Each page a search's count allows (and the last page), from memory and by brute force. */
function expectSamePages(view: IndexView, rows: PlainRow[], filters: MatchFilters, keyword?: TsQuery | 'empty') {
  const { counted } = bruteForcePage(rows, filters, keyword, NOW)
  const last = Math.min(MATCH_MAX_PAGE, Math.max(1, Math.ceil(counted / MATCH_PAGE_SIZE)))
  for (const page of new Set([1, 2, Math.max(1, last - 1), last, last + 1, MATCH_MAX_PAGE])) {
    if (page > MATCH_MAX_PAGE) continue
    const paged = { ...filters, page }
    expect(searchView(view, paged, keyword, NOW), `page ${page}`).toEqual(bruteForcePage(rows, paged, keyword, NOW))
  }
}

describe('the in-memory search, which stops reading once the page and the count are known', () => {
  it('finds hits that lie only in the last words', () => {
    // RARE only in the last 50 rows (the tail word included), COMMON everywhere
    const { rows, index } = memoryIndexOf(companies((p) => (p >= SIZE - 50 ? [COMMON, RARE] : [COMMON])))
    const view = viewOf(index)
    expect(searchView(view, search({ selected: [RARE] }), undefined, NOW).counted).toBe(50)
    expectSamePages(view, rows, search({ selected: [RARE] }))
    expectSamePages(view, rows, search({ selected: [RARE, COMMON] }))
    expectSamePages(view, rows, search({ selected: [RARE, OTHER], operator: 'OR' }))
    // no tool included, no keyword or place: only the rows past the last whole word bound the hits
    expect(searchView(view, search({ excluded: [RARE] }), undefined, NOW).counted).toBe(MATCH_COUNT_CAP + 1)
    const { rows: fewRows, index: fewIndex } = memoryIndexOf(companies((p) => (p >= SIZE - 5 ? [OTHER] : [COMMON])))
    expectSamePages(viewOf(fewIndex), fewRows, search({ excluded: [COMMON] }))
  })

  it('keeps the best tier first when it lies at the end and the lower tiers pass the cap at the start', () => {
    // every row holds COMMON; only the last 30 also hold RARE: the count passes 1,001 in the first chunk
    const { rows, index } = memoryIndexOf(companies((p) => (p >= SIZE - 30 ? [COMMON, RARE] : [COMMON])))
    const view = viewOf(index)
    const filters = search({ selected: [COMMON, RARE], operator: 'OR' })
    const first = searchView(view, filters, undefined, NOW)
    expect(first.counted).toBe(MATCH_COUNT_CAP + 1)
    expect(first.ids).toEqual(rows.slice(SIZE - 30, SIZE - 10).map((row) => row.id))
    // page 2: the best tier's last 10, then the newest 10 holding COMMON only
    expect(searchView(view, { ...filters, page: 2 }, undefined, NOW).ids).toEqual([
      ...rows.slice(SIZE - 10).map((row) => row.id),
      ...rows.slice(0, 10).map((row) => row.id),
    ])
    expectSamePages(view, rows, filters)
  })

  it('counts to the cap exactly when the hits around it lie in the last chunk', () => {
    for (const hits of [MATCH_COUNT_CAP - 1, MATCH_COUNT_CAP, MATCH_COUNT_CAP + 1, MATCH_COUNT_CAP + 2]) {
      // half of the hits among the first rows, the rest at the very end
      const first = Math.floor(hits / 2)
      const held = (p: number) => p < first || p >= SIZE - (hits - first)
      const { rows, index } = memoryIndexOf(companies((p) => (held(p) ? [COMMON, RARE] : [COMMON])))
      const view = viewOf(index)
      expect(searchView(view, search({ selected: [RARE] }), undefined, NOW).counted).toBe(
        Math.min(hits, MATCH_COUNT_CAP + 1),
      )
      expectSamePages(view, rows, search({ selected: [RARE] }))
      expectSamePages(view, rows, search({ selected: [RARE, OTHER], operator: 'OR' }))
    }
  })

  it('fills a page whose best tier holds one row fewer, as many, or one more than the page needs', () => {
    for (const page of [1, MATCH_MAX_PAGE]) {
      const wanted = page * MATCH_PAGE_SIZE
      for (const best of [wanted - 1, wanted, wanted + 1]) {
        // the best tier (COMMON and RARE) in the first rows, then COMMON alone; the row after it again holds both
        const holdsBoth = (p: number) => p < best || p === SIZE - 1
        const { rows, index } = memoryIndexOf(companies((p) => (holdsBoth(p) ? [COMMON, RARE] : [COMMON])))
        const filters = search({ selected: [COMMON, RARE], operator: 'OR', page })
        expect(searchView(viewOf(index), filters, undefined, NOW), `${best} best at page ${page}`).toEqual(
          bruteForcePage(rows, filters, undefined, NOW),
        )
      }
    }
  })

  it('merges a built index and its delta, ties on recency broken by id, with rows changed at both ends', () => {
    const built = companies((p) => (p % 3 === 0 ? [COMMON, RARE] : p % 7 === 0 ? [RARE] : [COMMON]))
    const { rows, index } = memoryIndexOf(built)
    // changed: the first 40 rows, 40 in the middle and the last 40; their new versions hold other tools, at the
    // recency of rows still in the built index (new ids, so larger: they come first among equals)
    const stale = [...Array(40).keys()].flatMap((i) => [i, 20_000 + i, SIZE - 1 - i])
    const changed: PlainRow[] = stale.map((position, i) => ({
      ...rows[position]!,
      id: SIZE + 1 + i,
      recency: rows[randInt(0, SIZE - 1)]!.recency,
      tools: i % 2 === 0 ? [COMMON, RARE] : [SPARSE],
    }))
    const view = viewOf(index, stale, memoryIndexOf(changed, '2').index)
    const current = [...rows.filter((_, position) => !stale.includes(position)), ...changed]
    expectSamePages(view, current, search({ selected: [COMMON, RARE], operator: 'OR' }))
    expectSamePages(view, current, search({ selected: [RARE, SPARSE], operator: 'OR' }))
    expectSamePages(view, current, search({ selected: [SPARSE] }))
    expectSamePages(view, current, search({ selected: [COMMON, RARE] }))
    expectSamePages(view, current, search({}))
  })

  it('answers random searches over every filter as the rows do, from a built index and from it with a delta', () => {
    const TOOLS = [...Array(12).keys()].map((i) => i + 1)
    // tools from dense (held by half the rows, kept as bitsets) to rare (lists of positions)
    const drawTools = () => TOOLS.filter((tool) => random() < 0.5 / tool ** 1.5)
    const LEXEMES = ['senior', 'engin', 'zebra', 'quokka']
    const jobs: PlainRow[] = Array.from({ length: SIZE }, (_, i) => ({
      id: i + 1,
      // few distinct times, so ids break many ties
      recency: randInt(0, 3000),
      tools: drawTools(),
      lexemes: random() < 0.05 ? null : LEXEMES.filter(() => random() < 0.3),
      place: pick(['berlin germany', 'london', 'new york usa', 'remote']),
      job: {
        fullTime: random() < 0.6,
        freelance: random() < 0.3,
        remote: random() < 0.3,
        expiresMs: random() < 0.1 ? NOW - 1 : random() < 0.5 ? NOW + 1 : null,
      },
    }))
    const { rows, index } = memoryIndexOf(jobs)
    const stale = sample([...rows.keys()], 500)
    const changed = stale.map((position, i) => ({ ...rows[position]!, id: SIZE + 1 + i, tools: drawTools() }))
    const isStale = new Set(stale)
    const current = [...rows.filter((_, position) => !isStale.has(position)), ...changed]
    const lexeme = (word: string): TsQuery => ({ kind: 'lexeme', lexeme: word })
    const keywords: Array<TsQuery | 'empty' | undefined> = [
      undefined,
      'empty',
      lexeme('engin'),
      { kind: 'and', left: lexeme('senior'), right: lexeme('engin') },
      { kind: 'or', left: lexeme('zebra'), right: lexeme('quokka') },
      { kind: 'not', operand: lexeme('zebra') },
      { kind: 'and', left: lexeme('senior'), right: { kind: 'not', operand: lexeme('quokka') } },
    ]
    const views: Array<[IndexView, PlainRow[]]> = [
      [viewOf(index), rows],
      [viewOf(index, stale, memoryIndexOf(changed, '2').index), current],
    ]
    for (let i = 0; i < 200; i++) {
      const tools = sample(TOOLS, randInt(0, 6))
      const selected = tools.slice(0, Math.max(0, tools.length - 1))
      const operator = pick(['AND', 'OR'] as const)
      const filters = search({
        selected,
        required: operator === 'OR' ? sample(selected, randInt(0, 1)) : selected,
        excluded: tools.slice(selected.length),
        location: pick(['', '', 'ber', 'usa', 'nowhere']),
        operator,
        fullTime: random() < 0.2,
        freelance: random() < 0.2,
        remote: random() < 0.2,
        page: pick([1, 1, 2, randInt(1, MATCH_MAX_PAGE), MATCH_MAX_PAGE]),
      })
      const keyword = pick(keywords)
      const [view, viewRows] = pick(views)
      expect(searchView(view, filters, keyword, NOW), JSON.stringify({ filters, keyword })).toEqual(
        bruteForcePage(viewRows, filters, keyword, NOW),
      )
    }
  })
})

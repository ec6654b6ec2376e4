// `npm run bench:match-memory`: the in-memory Stack Match search alone (server/modules/match/match-memory-search.ts),
// timed in this process on a synthetic index shaped like bench/seed-match.ts's data, without a database or HTTP, so a
// change to the search can be measured in seconds instead of the real bench's 9-minute seed (decision 066). Single
// thread: it measures the CPU a search costs, not the queueing of 20 connections. Options:
//   --jobs=1000000 --companies=100000   the scale (the real bench's --match)
//   --rounds=10                         each scenario's 56 searches are timed this many times (after one warm-up)
//   --delta=0                           N > 0: N changed rows, as a delta index over N masked positions (decision 060)
//   --answers=FILE                      writes every search's ids and count as JSON, to compare two versions' answers
// Prints, per scenario, the median, p99 and maximum of the per-search milliseconds, and the load average beside them.
import fs from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { type IndexView, searchView } from '../server/modules/match/match-memory-search.ts'
import type { MatchFilters } from '../server/modules/match/match-rows.ts'
import type { TsQuery } from '../server/modules/match/tsquery.ts'
import { matchFiltersOf, memoryIndexOf, type PlainRow, viewOf } from '../server/test/match-memory-index.ts'
import { mulberry32 } from '../server/test/prng.ts'

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000000' },
    companies: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '10' },
    delta: { type: 'string', default: '0' },
    answers: { type: 'string' },
  },
})
const random = mulberry32(20261127)
const randInt = (below: number) => Math.floor(random() * below)
/** bench/seed-match.ts draws tool ranks as floor(P^u) for a uniform u (1-based): a Zipf-like head, a long tail. */
const TOOL_POOL = 2000
const drawTool = () => Math.floor(TOOL_POOL ** random())
const NOW = Date.now()

let nextId = 1

function jobRow(): PlainRow {
  const n = randInt(1_000_000_000)
  const tools = new Set<number>()
  for (let draw = 0; draw < 3 + (n % 6); draw++) tools.add(drawTool())
  // seed-match.ts's titles: 'Senior ' one time in four, an Engineer in 5 of its 7 roles
  const lexemes = ['hire', 'work', 'match', 'compani']
  if (n % 4 === 0) lexemes.push('senior')
  if (n % 7 < 5) lexemes.push('engin')
  const id = nextId++
  return {
    id,
    recency: 1e15 - id * 1000,
    tools,
    lexemes,
    place: ['berlin ', 'london ', 'paris ', 'new york ', 'austin '][n % 5]!,
    job: {
      fullTime: n % 7 !== 0,
      freelance: n % 7 === 0,
      remote: n % 4 === 0,
      expiresMs: n % 20 === 0 ? NOW - 86_400_000 : NOW + 60 * 86_400_000,
    },
  }
}

function companyRow(): PlainRow {
  const n = randInt(1_000_000_000)
  const tools = new Set<number>()
  // a main stack of 4-12 tools, a second one for every third company
  for (let draw = 0; draw < 4 + (n % 9); draw++) tools.add(drawTool())
  if (n % 3 === 0) for (let draw = 0; draw < 4 + (n % 7); draw++) tools.add(drawTool())
  const lexemes = ['match', 'compani']
  // 'A company making ..., with an engineering team of N' unless every third (or tenth, no description)
  if (n % 3 !== 0 && n % 10 !== 0) lexemes.push('engin')
  const id = nextId++
  return { id, recency: id, tools, lexemes, place: ['berlin', 'london', 'paris', 'new york', 'remote'][n % 5]! }
}

/** An index of `size` rows, and with --delta, a view of it with that many rows changed since its build. */
function syntheticView(makeRow: () => PlainRow, size: number, changed: number): IndexView {
  const { index: base } = memoryIndexOf(Array.from({ length: size }, makeRow))
  if (changed === 0) return viewOf(base)
  const stale = Array.from({ length: changed }, () => randInt(size))
  // the changed rows' new versions: new ids, their recency spread over the base's (an edit keeps its posting time)
  const rows = Array.from({ length: changed }, makeRow).map((row) => ({
    ...row,
    recency: base.recency[randInt(size)]!,
  }))
  return viewOf(base, stale, memoryIndexOf(rows, '2').index)
}

const lexeme = (word: string): TsQuery => ({ kind: 'lexeme', lexeme: word })
/** bench/match-scenarios.ts's keywords, as websearch_to_tsquery reads them. */
const KEYWORDS: TsQuery[] = [
  lexeme('engin'),
  lexeme('engin'),
  { kind: 'and', left: lexeme('senior'), right: lexeme('engin') },
]

/** bench/match-scenarios.ts's 56 searches: 3 of the 8 most popular tools included, 1 of the next 8 excluded. */
function searches(operator: 'AND' | 'OR', top: number[]): Array<{ filters: MatchFilters; keyword: TsQuery }> {
  return Array.from({ length: 56 }, (_, i) => {
    const selected = [...new Set([top[i % 8]!, top[(i + 1 + (i % 3)) % 8]!, top[(i + 5) % 8]!])]
    return {
      keyword: KEYWORDS[i % KEYWORDS.length]!,
      filters: matchFiltersOf({
        selected,
        required: operator === 'AND' ? selected : [],
        excluded: [top[8 + (i % 8)]!],
        keywords: 'engineer',
        operator,
      }),
    }
  })
}

/** Tools by how many rows hold them, most first. */
const popularTools = (view: IndexView) =>
  [...view.base.tools]
    .map(([id, posting]) => ({
      id,
      rows: 'bits' in posting ? posting.bits.reduce((sum, word) => sum + popcount(word), 0) : posting.positions.length,
    }))
    .sort((a, b) => b.rows - a.rows)
    .map((tool) => tool.id)
const popcount = (word: number) => word.toString(2).replaceAll('0', '').length

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const round = (ms: number) => Math.round(ms * 1000) / 1000

const started = performance.now()
const views = {
  jobs: syntheticView(jobRow, Number(args.jobs), Number(args.delta)),
  companies: syntheticView(
    companyRow,
    Number(args.companies),
    Math.min(Number(args.delta), Number(args.companies) / 10),
  ),
}
console.log(`built the synthetic indexes in ${Math.round(performance.now() - started)} ms`)
const answers: Record<string, Array<{ ids: number[]; counted: number }>> = {}
for (const kind of ['jobs', 'companies'] as const) {
  const view = views[kind]
  const top = popularTools(view)
  const scenarios = {
    AND: searches('AND', top),
    OR: searches('OR', top),
    // the worst case for stopping early: few hits, so every word is read (tools 40-47 in popularity)
    'AND, rare tools': searches('AND', top.slice(40)),
    'OR, rare tools': searches('OR', top.slice(40)),
  }
  for (const [name, list] of Object.entries(scenarios)) {
    const times: number[] = []
    answers[`${kind} ${name}`] = list.map(({ filters, keyword }) => searchView(view, filters, keyword, NOW))
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const { filters, keyword } of list) {
        const start = performance.now()
        searchView(view, filters, keyword, NOW)
        times.push(performance.now() - start)
      }
    }
    times.sort((a, b) => a - b)
    const counted = answers[`${kind} ${name}`]!.map((page) => page.counted)
    console.log(
      `${kind} ${name}: median ${round(quantile(times, 0.5))} ms, p99 ${round(quantile(times, 0.99))} ms, ` +
        `max ${round(times.at(-1)!)} ms over ${times.length} searches (counts ${Math.min(...counted)}-${Math.max(...counted)}); ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}`,
    )
  }
}
if (args.answers) fs.writeFileSync(args.answers, JSON.stringify(answers))

// The in-memory Stack Match index against the SQL search it stands in for (decision 034): a seeded, random dataset
// with places, job terms, expiries, private companies and words that stem, hyphenate and quote, and random searches
// over every filter, each answered by matchMemory.search and by the SQL search (searchJobs / searchCompanies without
// a version), which match-search.test.ts holds to its oracle. Then the version rule, the expiry clock, the tsquery
// reader and the bitsets on their own. Deterministic: one seed.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATCH_COUNT_CAP, MATCH_MAX_PAGE, MATCH_PAGE_SIZE } from '#contracts/match.ts'
import { buildCompany, buildStack, buildTool } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { matchFiltersOf } from '../../test/match-memory-index.ts'
import { seededDraws } from '../../test/prng.ts'
import { saveJob } from '../jobs/jobs.queries.ts'
import { bitsOf, collect, countUpTo, fullBits, toPosting } from './bitset.ts'
import { readMatchVersion } from './match.queries.ts'
import { ExpiryClock, matchMemory } from './match-memory.ts'
import type { MatchFilters, MatchIndexKind } from './match-rows.ts'
import { searchCompanies, searchJobs } from './match-search.queries.ts'
import { parseTsQuery } from './tsquery.ts'

const { random, randInt, pick, sample } = seededDraws(20261124)

const DAY = 86_400_000
const BASE_TIME = Date.UTC(2025, 5, 1)
const CITIES = ['Berlin', 'London', 'New York', 'Paris', 'São Paulo', 'Remote – EU', null]
const LOCATIONS = ['Germany', 'United Kingdom', 'NY, USA', '100% remote', 'under_score', null]
const TITLE_WORDS = ['Zebra', 'Senior', 'Engineer', 'Engineers', 'Front-end', "O'Reilly", 'Node.js', 'C++', 'Quokka']
const DESCRIPTIONS = [
  'Build payments for everyone.',
  'A senior engineer who knows the front-end and node.js.',
  "Read O'Reilly books with the team.",
  'Health checks and c++ services.',
  null,
]
// single words, stems, or / negation / stop words (readable in memory) and phrases (PostgreSQL only)
const READABLE = ['zebra', 'quokka', 'engineers', 'senior engineer', 'zebra or quokka', 'zebra -senior', '-zebra']
const MORE_READABLE = ['the', 'node.js', 'c++', 'payments', 'fintech', 'health or payments', 'narwhal works', '-okapi']
const PHRASES = ['"senior engineer"', 'front-end', "o'reilly"]
const KEYWORDS = [...READABLE, ...MORE_READABLE, ...PHRASES]
const PLACES = ['berlin', 'BER', 'new york', 'york', 'remote', 'são', 'usa', '%', 'under_', 'nowhere']

let ctx: TestContext
const toolIds: number[] = []

beforeAll(async () => {
  ctx = await createTestApp()
  const db = ctx.app.db
  for (let i = 0; i < 10; i++) toolIds.push((await buildTool(db, { name: `Mem Tool ${i}`, slug: `mem-tool-${i}` })).id)
  const companyIds: number[] = []
  for (let i = 0; i < 40; i++) {
    const company = await buildCompany(db, {
      name: `${pick(['Narwhal', 'Okapi', 'Plain'])} Works ${i}`,
      city: pick(CITIES),
      tagList: sample(['fintech', 'health', 'games'], randInt(0, 2)),
      description: pick(DESCRIPTIONS),
    })
    companyIds.push(company.id)
    // a few companies list no public tool (they stay out of the company index)
    for (let s = i % 9 === 4 ? 0 : randInt(1, 2); s > 0; s--) {
      await buildStack(db, {
        ownerCompanyId: company.id,
        isPrivate: random() < 0.2,
        tools: sample(toolIds, randInt(1, 6)).map((id) => ({ id })),
      })
    }
  }
  for (let i = 0; i < 260; i++) {
    const expiry = random()
    await saveJob(
      db,
      {
        title: sample(TITLE_WORDS, randInt(1, 3)).join(' '),
        slug: `mem-job-${i}`,
        companyId: pick(companyIds),
        city: pick(CITIES),
        location: pick(LOCATIONS),
        remote: random() < 0.3,
        fullTime: random() < 0.6,
        freelance: random() < 0.3,
        description: pick(DESCRIPTIONS),
        // ties on posted_at (30 days for 260 jobs), so the id breaks them
        postedAt: new Date(BASE_TIME + randInt(0, 29) * DAY),
        expiresAt: expiry < 0.1 ? new Date(Date.UTC(2020, 0, 1)) : expiry < 0.3 ? new Date(Date.UTC(2099, 0, 1)) : null,
      },
      sample(toolIds, random() < 0.1 ? 0 : randInt(1, 7)),
    )
  }
  await db.execute(sql`update company set private_mode = true where id in ${companyIds.slice(0, 3)}`)
})
afterAll(() => ctx?.close())

function randomFilters(): MatchFilters {
  const operator = random() < 0.4 ? 'AND' : 'OR'
  const selected = sample(toolIds, randInt(0, 5))
  const excluded = sample(
    toolIds.filter((id) => !selected.includes(id)),
    randInt(0, 2),
  )
  return {
    selected,
    required: operator === 'OR' ? sample(selected, randInt(0, Math.min(2, selected.length))) : [],
    excluded,
    keywords: random() < 0.35 ? '' : pick(KEYWORDS),
    location: random() < 0.7 ? '' : pick(PLACES),
    operator,
    fullTime: random() < 0.25,
    freelance: random() < 0.2,
    remote: random() < 0.2,
    page: 1,
  }
}

const sqlSearch = (kind: MatchIndexKind, filters: MatchFilters) =>
  kind === 'jobs' ? searchJobs(ctx.app.db, filters) : searchCompanies(ctx.app.db, filters)

describe.each(['jobs', 'companies'] as const)('the in-memory %s index', (kind) => {
  it('answers every search as the SQL search does, and leaves phrases to PostgreSQL', async () => {
    const db = ctx.app.db
    const version = await readMatchVersion(db)
    const mismatches: string[] = []
    const tally = { answered: 0, withHits: 0, pastTheEnd: 0, capped: 0, phrases: 0, located: 0, negated: 0 }
    for (let i = 0; i < 300; i++) {
      const filters = randomFilters()
      const first = await sqlSearch(kind, filters)
      const pages = Math.ceil(first.total / MATCH_PAGE_SIZE)
      filters.page = Math.min(MATCH_MAX_PAGE, random() < 0.15 ? pages + 1 : randInt(1, Math.max(1, pages)))
      const expected = await sqlSearch(kind, filters)
      const memory = await matchMemory.search(db, kind, version, filters)
      if (PHRASES.includes(filters.keywords)) {
        expect(memory, `a phrase is left to PostgreSQL: ${filters.keywords}`).toBeNull()
        tally.phrases++
        continue
      }
      const want = { ids: expected.hits.map((hit) => hit.id), counted: expected.total }
      if (JSON.stringify(memory) !== JSON.stringify(want)) {
        mismatches.push(
          `${JSON.stringify(filters)}\n  sql    ${JSON.stringify(want)}\n  memory ${JSON.stringify(memory)}`,
        )
        continue
      }
      tally.answered++
      if (want.ids.length > 0) tally.withHits++
      else if (want.counted > 0) tally.pastTheEnd++
      if (want.counted > MATCH_COUNT_CAP) tally.capped++
      if (filters.location && want.ids.length > 0) tally.located++
      if (filters.keywords.includes('-') && want.ids.length > 0) tally.negated++
    }
    expect(mismatches, `${mismatches.length} searches differ:\n${mismatches.slice(0, 5).join('\n')}`).toEqual([])
    expect(tally.withHits).toBeGreaterThan(100)
    expect(tally.pastTheEnd).toBeGreaterThan(0)
    expect(tally.phrases).toBeGreaterThan(0)
    expect(tally.located).toBeGreaterThan(5)
    expect(tally.negated).toBeGreaterThan(5)
  })

  it('answers only for the version it holds, and a change shows in the next search', async () => {
    const db = ctx.app.db
    const word = kind === 'jobs' ? 'kinkajou' : 'wombat'
    const filters = matchFiltersOf({ selected: [toolIds[0]!], keywords: word })
    const before = await readMatchVersion(db)
    expect(await matchMemory.search(db, kind, before, filters)).toEqual({ ids: [], counted: 0 })
    const company = await buildCompany(db, { name: `${word} Co`, tagList: [word] })
    await buildStack(db, { ownerCompanyId: company.id, tools: [{ id: toolIds[0]! }] })
    const job = await saveJob(db, { title: `${word} keeper`, slug: `${word}-keeper`, companyId: company.id }, [
      toolIds[0]!,
    ])
    const after = await readMatchVersion(db)
    expect(after).not.toBe(before)
    // the next search, made at the new version, rebuilds the index and finds the new row
    const found = await matchMemory.search(db, kind, after, filters)
    expect(found).toEqual({ ids: [kind === 'jobs' ? job.id : company.id], counted: 1 })
    // a search made at the older version is not answered from the newer index (PostgreSQL answers it)
    expect(await matchMemory.search(db, kind, before, filters)).toBeNull()
  })
})

describe('the expiry clock', () => {
  it('drops each job as the clock passes its expiry, and keeps those without one', () => {
    const clock = new ExpiryClock(40, [35, 3, 7], [500, 1_000, 1_001])
    const open = (now: number) => {
      const positions: number[] = []
      collect(clock.openAt(now), 0, positions, 100)
      return positions
    }
    const all = Array.from({ length: 40 }, (_, i) => i)
    expect(open(499)).toEqual(all)
    // expires_at > now() keeps a job open: at its very expiry it is gone
    expect(open(500)).toEqual(all.filter((i) => i !== 35))
    expect(open(1_000)).toEqual(all.filter((i) => i !== 35 && i !== 3))
    expect(open(1_000)).toEqual(open(1_000))
    expect(open(5_000)).toEqual(all.filter((i) => i !== 35 && i !== 3 && i !== 7))
  })
})

describe('the tsquery reader', () => {
  it('reads lexemes, and, or, not and parentheses with their precedence', () => {
    expect(parseTsQuery("'senior' & 'engin'")).toEqual({
      kind: 'and',
      left: { kind: 'lexeme', lexeme: 'senior' },
      right: { kind: 'lexeme', lexeme: 'engin' },
    })
    expect(parseTsQuery("'a' | 'b' & !'c'")).toEqual({
      kind: 'or',
      left: { kind: 'lexeme', lexeme: 'a' },
      right: {
        kind: 'and',
        left: { kind: 'lexeme', lexeme: 'b' },
        right: { kind: 'not', operand: { kind: 'lexeme', lexeme: 'c' } },
      },
    })
    expect(parseTsQuery("!( 'a' | 'b' )")).toEqual({
      kind: 'not',
      operand: { kind: 'or', left: { kind: 'lexeme', lexeme: 'a' }, right: { kind: 'lexeme', lexeme: 'b' } },
    })
    expect(parseTsQuery("'it''s' & 'back\\\\slash'")).toEqual({
      kind: 'and',
      left: { kind: 'lexeme', lexeme: "it's" },
      right: { kind: 'lexeme', lexeme: 'back\\slash' },
    })
    expect(parseTsQuery('')).toBe('empty')
  })

  it('refuses phrases, weights, prefixes and what is not a tsquery', () => {
    for (const text of ["'data' <-> 'engin'", "'a' <2> 'b'", "'a':A", "'a':*", "'open", "'a' &", "( 'a'", 'a'])
      expect(parseTsQuery(text), text).toBeNull()
  })

  it('reads what websearch_to_tsquery writes', async () => {
    const written = async (keywords: string) => {
      const result = await ctx.app.db.execute(sql`select websearch_to_tsquery('english', ${keywords})::text as "q"`)
      return String((result as unknown as { rows: Array<{ q: string }> }).rows[0]!.q)
    }
    for (const keywords of [...READABLE, ...MORE_READABLE])
      expect(parseTsQuery(await written(keywords)), keywords).not.toBeNull()
    for (const keywords of PHRASES) expect(parseTsQuery(await written(keywords)), keywords).toBeNull()
  })
})

describe('bitsets', () => {
  it('count, skip and collect positions in order, in either posting form', () => {
    for (const [size, share] of [
      [1, 1],
      [31, 0.5],
      [32, 1],
      [33, 0.9],
      [1000, 0.01],
      [1000, 0.4],
    ] as const) {
      const positions = Array.from({ length: size }, (_, i) => i).filter(() => random() < share)
      const bits = bitsOf(toPosting(positions, size), Math.ceil(size / 32))
      expect(countUpTo(bits, size + 1)).toBe(positions.length)
      expect(countUpTo(bits, 3)).toBe(Math.min(3, positions.length))
      for (const skip of [0, 1, 5, positions.length - 1, positions.length + 2]) {
        const out: number[] = []
        const skipped = collect(bits, Math.max(0, skip), out, 7)
        expect(out).toEqual(positions.slice(Math.max(0, skip), Math.max(0, skip) + 7))
        expect(skipped).toBe(Math.min(Math.max(0, skip), positions.length))
      }
      expect(countUpTo(fullBits(size), size + 5)).toBe(size)
    }
  })
})

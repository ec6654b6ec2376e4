// Stack Match search against a brute-force oracle: a seeded, random dataset of jobs and companies, and random filter
// combinations (tools selected, required and excluded, AND and OR, a common and a rare keyword, pages straddling the
// match tiers and past the end), each answered by searchJobs / searchCompanies and by a plain JavaScript reading of
// the semantics (specs/stack-match-and-community.md §5, §9; match-search.queries.ts). Deterministic: one seed.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATCH_COUNT_CAP, MATCH_MAX_PAGE, MATCH_PAGE_SIZE, matchPercent } from '#contracts/match.ts'
import { buildCompany, buildStack, buildTool } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { matchFiltersOf } from '../../test/match-memory-index.ts'
import { mulberry32 } from '../../test/prng.ts'
import { refreshJobSearch, saveJob } from '../jobs/jobs.queries.ts'
import { readMatchVersion } from './match.queries.ts'
import { matchMemory } from './match-memory.ts'
import type { MatchFilters, MatchIndexKind } from './match-rows.ts'
import { COMMON_KEYWORD_SHARE, searchCompanies, searchJobs } from './match-search.queries.ts'

const SEED = 20260427
const random = mulberry32(SEED)
const randInt = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
const shuffle = <T>(items: T[]): T[] => {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randInt(0, i)
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}
const sample = <T>(items: T[], count: number): T[] => shuffle(items).slice(0, count)
/** `count` distinct items drawn with the given weights (Efraimidis-Spirakis keys). */
const weightedSample = <T>(items: T[], weights: number[], count: number): T[] =>
  items
    .map((item, index) => ({ item, key: random() ** (1 / weights[index]!) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map(({ item }) => item)

// Invented words, so stemming is the identity: jobs carry theirs in the title, companies in the name.
const JOB_COMMON = 'zebra'
const JOB_RARE = 'quokka'
const COMPANY_COMMON = 'narwhal'
const COMPANY_RARE = 'okapi'

const TOOL_COUNT = 8
const COMPANY_COUNT = 60
const JOB_COUNT = 160
const CASES = 150
const DAY = 86_400_000
const BASE_TIME = Date.UTC(2025, 0, 1)

interface JobModel {
  id: number
  title: string
  companyId: number
  toolIds: number[]
  postedAt: number
  expiresAt: number | null
}
interface CompanyModel {
  id: number
  name: string
  privateMode: boolean
  /** The distinct tools of its public stacks. */
  toolIds: Set<number>
}

let ctx: TestContext
const toolIds: number[] = []
const jobModels: JobModel[] = []
const companyModels = new Map<number, CompanyModel>()

const hasWord = (text: string, word: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .includes(word)
const heldCount = (selected: number[], own: Iterable<number>) => {
  const set = new Set(own)
  return selected.filter((id) => set.has(id)).length
}

/** Whether a row holding `own` passes the tool filters (excluded, AND / OR with required). */
function toolsPass(filters: MatchFilters, own: Set<number>): boolean {
  if (filters.excluded.some((id) => own.has(id))) return false
  if (filters.selected.length === 0) return true
  if (filters.operator === 'AND') return filters.selected.every((id) => own.has(id))
  return filters.selected.some((id) => own.has(id)) && filters.required.every((id) => own.has(id))
}

interface Expected {
  total: number
  hits: Array<[number, number]>
  /** Every hit of the search in order (uncapped), to pick pages. */
  all: Array<[number, number]>
}

function pageOf(all: Array<[number, number]>, page: number): Expected {
  return {
    total: Math.min(all.length, MATCH_COUNT_CAP + 1),
    hits: all.slice((page - 1) * MATCH_PAGE_SIZE, page * MATCH_PAGE_SIZE),
    all,
  }
}

function expectedJobs(filters: MatchFilters): Expected {
  const now = Date.now()
  const rows = jobModels.filter((job) => {
    const company = companyModels.get(job.companyId)!
    if (company.privateMode) return false
    if (job.expiresAt !== null && job.expiresAt <= now) return false
    // the job's search document holds its title and its company's name (and tags, none here)
    if (filters.keywords && !hasWord(`${job.title} ${company.name}`, filters.keywords)) return false
    return toolsPass(filters, new Set(job.toolIds))
  })
  rows.sort(
    (a, b) =>
      heldCount(filters.selected, b.toolIds) - heldCount(filters.selected, a.toolIds) ||
      b.postedAt - a.postedAt ||
      b.id - a.id,
  )
  return pageOf(
    rows.map((job) => [job.id, matchPercent(filters.selected, job.toolIds)]),
    filters.page,
  )
}

function expectedCompanies(filters: MatchFilters): Expected {
  const rows = [...companyModels.values()].filter((company) => {
    if (company.privateMode || company.toolIds.size === 0) return false
    if (filters.keywords && !hasWord(company.name, filters.keywords)) return false
    return toolsPass(filters, company.toolIds)
  })
  rows.sort((a, b) => heldCount(filters.selected, b.toolIds) - heldCount(filters.selected, a.toolIds) || b.id - a.id)
  return pageOf(
    rows.map((company) => [company.id, matchPercent(filters.selected, company.toolIds)]),
    filters.page,
  )
}

const describeFilters = (filters: MatchFilters) => {
  const parts = [`${filters.operator} selected=[${filters.selected}]`]
  if (filters.required.length > 0) parts.push(`required=[${filters.required}]`)
  if (filters.excluded.length > 0) parts.push(`excluded=[${filters.excluded}]`)
  if (filters.keywords) parts.push(`keywords=${filters.keywords}`)
  parts.push(`page=${filters.page}`)
  return parts.join(' ')
}

/** A page straddling two match tiers (two ranks on one page), past the first page when there is one. */
function straddlingPage(all: Array<[number, number]>): number | null {
  const pages: number[] = []
  for (let i = 1; i < all.length && i < MATCH_MAX_PAGE * MATCH_PAGE_SIZE; i++) {
    if (all[i]![1] !== all[i - 1]![1] && i % MATCH_PAGE_SIZE !== 0) pages.push(Math.floor(i / MATCH_PAGE_SIZE) + 1)
  }
  const later = pages.filter((page) => page >= 2)
  if (later.length > 0) return later[randInt(0, later.length - 1)]!
  return pages.length > 0 ? pages[randInt(0, pages.length - 1)]! : null
}

function randomFilters(pool: number[], words: { common: string; rare: string }, maxPage: number): MatchFilters {
  const operator = random() < 0.4 ? 'AND' : 'OR'
  const selected = sample(pool, randInt(0, 5))
  const excluded = sample(
    pool.filter((id) => !selected.includes(id)),
    randInt(0, 2),
  )
  const required =
    operator === 'OR' && selected.length > 0 ? sample(selected, randInt(0, Math.min(2, selected.length))) : []
  const roll = random()
  const keywords = roll < 0.4 ? '' : roll < 0.75 ? words.common : words.rare
  return matchFiltersOf({ selected, required, excluded, keywords, operator, page: randInt(1, maxPage) })
}

interface Tally {
  cases: number
  withHits: number
  /** OR cases whose page 2+ held hits of two match tiers. */
  straddledLaterPage: number
  /** Cases with tools selected and hits, by keyword kind (the per-row test and the index path). */
  commonKeywordWithTools: number
  rareKeywordWithTools: number
  pastTheEnd: number
}

type Search = (filters: MatchFilters) => Promise<{ hits: Array<{ id: number; match: number }>; total: number }>

/** The search answered from the in-memory index (decision 034), which must answer it (no phrase here). */
const fromMemory =
  (kind: MatchIndexKind): Search =>
  async (filters) => {
    const db = ctx.app.db
    const version = await readMatchVersion(db)
    expect(await matchMemory.search(db, kind, version, filters), 'answered from memory').not.toBeNull()
    return kind === 'jobs' ? searchJobs(db, filters, version) : searchCompanies(db, filters, version)
  }

/** Runs the cases; answers the mismatches (readable) and a tally of what was exercised. */
async function check(
  search: Search,
  oracle: (filters: MatchFilters) => Expected,
  cases: MatchFilters[],
  words: { common: string; rare: string },
): Promise<{ mismatches: string[]; tally: Tally }> {
  const mismatches: string[] = []
  const tally: Tally = {
    cases: 0,
    withHits: 0,
    straddledLaterPage: 0,
    commonKeywordWithTools: 0,
    rareKeywordWithTools: 0,
    pastTheEnd: 0,
  }
  for (const filters of cases) {
    const expected = oracle(filters)
    const answer = await search(filters)
    const actual = { total: answer.total, hits: answer.hits.map((hit) => [hit.id, hit.match]) }
    tally.cases++
    if (JSON.stringify(actual) !== JSON.stringify({ total: expected.total, hits: expected.hits })) {
      mismatches.push(
        `${describeFilters(filters)}\n  expected total=${expected.total} hits=${JSON.stringify(expected.hits)}` +
          `\n  actual   total=${actual.total} hits=${JSON.stringify(actual.hits)}`,
      )
      continue
    }
    if (expected.hits.length > 0) tally.withHits++
    else if (expected.all.length > 0) tally.pastTheEnd++
    if (filters.operator === 'OR' && filters.page >= 2 && new Set(expected.hits.map(([, match]) => match)).size >= 2)
      tally.straddledLaterPage++
    if (filters.selected.length > 0 && expected.hits.length > 0) {
      if (filters.keywords === words.common) tally.commonKeywordWithTools++
      if (filters.keywords === words.rare) tally.rareKeywordWithTools++
    }
  }
  return { mismatches, tally }
}

/**
 * Random cases. The page: for half of the OR ones with two or more tools, one where two match tiers meet; else mostly
 * a page holding hits, sometimes the page just past the end, sometimes any page up to maxPage.
 */
function generateCases(
  count: number,
  pool: number[],
  words: { common: string; rare: string },
  oracle: (filters: MatchFilters) => Expected,
  maxPage: number,
): MatchFilters[] {
  const cases: MatchFilters[] = []
  for (let i = 0; i < count; i++) {
    const filters = randomFilters(pool, words, maxPage)
    const all = oracle({ ...filters, page: 1 }).all
    const pages = Math.min(MATCH_MAX_PAGE, Math.ceil(all.length / MATCH_PAGE_SIZE))
    const straddling =
      filters.operator === 'OR' && filters.selected.length >= 2 && random() < 0.5 ? straddlingPage(all) : null
    const roll = random()
    if (straddling !== null) filters.page = straddling
    else if (roll < 0.7 && pages > 0) filters.page = randInt(1, pages)
    else if (roll < 0.85) filters.page = Math.min(MATCH_MAX_PAGE, pages + 1)
    cases.push(filters)
  }
  return cases
}

/** The planner's estimate of the share of `table`'s rows holding `word` (as match-search.queries.ts reads it). */
async function plannerShare(table: 'job' | 'company', word: string): Promise<number> {
  const rows = (result: unknown) =>
    (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[])
  const [plan] = rows(
    await ctx.app.db.execute(
      sql`explain (format json) select 1 from ${sql.identifier(table)} where "search" @@ websearch_to_tsquery('english', ${word})`,
    ),
  )
  const [size] = rows(
    await ctx.app.db.execute(sql`select reltuples::float8 as "rows" from pg_class where oid = ${table}::regclass`),
  )
  const json = plan?.['QUERY PLAN']
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: { 'Plan Rows': number } }>
  return parsed[0]!.Plan['Plan Rows'] / Number(size!.rows)
}

async function analyze() {
  await ctx.app.db.execute(sql`analyze job`)
  await ctx.app.db.execute(sql`analyze company`)
}

beforeAll(async () => {
  ctx = await createTestApp()
  const db = ctx.app.db
  const [before] = (
    (await db.execute(sql`select (select count(*) from job)::integer as "jobs",
      (select count(*) from company)::integer as "companies"`)) as unknown as { rows: Record<string, number>[] }
  ).rows
  // the oracle models every row: the template must hold none
  expect(before).toEqual({ jobs: 0, companies: 0 })

  for (let i = 0; i < TOOL_COUNT; i++) {
    const tool = await buildTool(db, { name: `Prop Tool ${i}`, slug: `prop-tool-${i}` })
    toolIds.push(tool.id)
  }
  // popular tools and rare ones, so tiers and tool combinations vary
  const weights = [8, 6, 5, 4, 3, 2, 1.5, 1]

  // companies: ~80% named with the common word, one with the rare word; 0-3 stacks each, some private
  for (let i = 0; i < COMPANY_COUNT; i++) {
    const word = i === 17 ? 'Okapi' : random() < 0.8 ? 'Narwhal' : 'Plain'
    const company = await buildCompany(db, { name: `${word} Works ${i}` })
    const model: CompanyModel = { id: company.id, name: company.name, privateMode: false, toolIds: new Set() }
    const stacks: Array<{ tools: number[]; isPrivate: boolean }> = []
    if (i % 10 === 0) stacks.push({ tools: [...toolIds], isPrivate: false })
    if (i === 17) stacks.push({ tools: weightedSample(toolIds, weights, 3), isPrivate: false })
    for (let s = randInt(0, 3); s > 0; s--) {
      stacks.push({ tools: weightedSample(toolIds, weights, randInt(1, 5)), isPrivate: random() < 0.25 })
    }
    for (const stack of stacks) {
      await buildStack(db, {
        ownerCompanyId: company.id,
        isPrivate: stack.isPrivate,
        tools: stack.tools.map((id) => ({ id })),
      })
      if (!stack.isPrivate) for (const id of stack.tools) model.toolIds.add(id)
    }
    companyModels.set(company.id, model)
  }
  const companyIds = [...companyModels.keys()]
  const privateCompanyId = companyIds[3]!

  // jobs: 0-6 tools (some all 8), ~80% titled with the common word, 5 with the rare one, posted on one of 40 days
  // (ties on posted_at), a few expired, some expiring later, a batch at the private company
  for (let i = 0; i < JOB_COUNT; i++) {
    const count = random() < 0.08 ? TOOL_COUNT : randInt(0, 6)
    const jobTools = weightedSample(toolIds, weights, count)
    const words = [random() < 0.8 ? 'Zebra' : 'Plain', i % 32 === 7 ? 'Quokka' : '', `Engineer ${i}`]
    const title = words.filter(Boolean).join(' ')
    const companyId = i % 20 === 3 ? privateCompanyId : companyIds[randInt(0, companyIds.length - 1)]!
    const postedAt = BASE_TIME + randInt(0, 39) * DAY
    const expiry = random()
    const expiresAt = expiry < 0.05 ? Date.UTC(2020, 0, 1) : expiry < 0.15 ? Date.UTC(2099, 0, 1) : null
    const job = await saveJob(
      db,
      {
        title,
        slug: `prop-job-${i}`,
        companyId,
        postedAt: new Date(postedAt),
        expiresAt: expiresAt === null ? null : new Date(expiresAt),
      },
      jobTools,
    )
    jobModels.push({ id: job.id, title, companyId, toolIds: jobTools, postedAt, expiresAt })
  }
  await db.execute(sql`update company set private_mode = true where id = ${privateCompanyId}`)
  companyModels.get(privateCompanyId)!.privateMode = true
  await analyze()
})
afterAll(() => ctx?.close())

describe('Stack Match search against a brute-force oracle', () => {
  it('sees one keyword as common and the other as rare on each index (both keyword paths are taken)', async () => {
    expect(await plannerShare('job', JOB_COMMON)).toBeGreaterThan(COMMON_KEYWORD_SHARE)
    expect(await plannerShare('job', JOB_RARE)).toBeLessThan(COMMON_KEYWORD_SHARE)
    expect(await plannerShare('company', COMPANY_COMMON)).toBeGreaterThan(COMMON_KEYWORD_SHARE)
    expect(await plannerShare('company', COMPANY_RARE)).toBeLessThan(COMMON_KEYWORD_SHARE)
  })

  it.each([
    ['PostgreSQL', (filters: MatchFilters) => searchJobs(ctx.app.db, filters)],
    ['the in-memory index', fromMemory('jobs')],
  ])('searchJobs through %s answers what the oracle answers', async (_, search) => {
    const words = { common: JOB_COMMON, rare: JOB_RARE }
    const cases = generateCases(CASES, toolIds, words, expectedJobs, 4)
    const { mismatches, tally } = await check(search, expectedJobs, cases, words)
    expect(mismatches, `${mismatches.length} of ${cases.length} cases differ:\n${mismatches.join('\n')}`).toEqual([])
    expect(tally.withHits).toBeGreaterThan(CASES / 3)
    expect(tally.straddledLaterPage).toBeGreaterThan(0)
    expect(tally.commonKeywordWithTools).toBeGreaterThan(0)
    expect(tally.rareKeywordWithTools).toBeGreaterThan(0)
    expect(tally.pastTheEnd).toBeGreaterThan(0)
  })

  it.each([
    ['PostgreSQL', (filters: MatchFilters) => searchCompanies(ctx.app.db, filters)],
    ['the in-memory index', fromMemory('companies')],
  ])('searchCompanies through %s answers what the oracle answers', async (_, search) => {
    const words = { common: COMPANY_COMMON, rare: COMPANY_RARE }
    const cases = generateCases(CASES, toolIds, words, expectedCompanies, 3)
    const { mismatches, tally } = await check(search, expectedCompanies, cases, words)
    expect(mismatches, `${mismatches.length} of ${cases.length} cases differ:\n${mismatches.join('\n')}`).toEqual([])
    expect(tally.withHits).toBeGreaterThan(CASES / 3)
    expect(tally.straddledLaterPage).toBeGreaterThan(0)
    expect(tally.commonKeywordWithTools).toBeGreaterThan(0)
    expect(tally.rareKeywordWithTools).toBeGreaterThan(0)
  })

  it(`stops counting at ${MATCH_COUNT_CAP + 1} and still pages in order past a thousand jobs`, async () => {
    const db = ctx.app.db
    const bulk = await buildTool(db, { name: 'Prop Bulk', slug: 'prop-bulk' })
    const [first, second] = toolIds
    const companyId = [...companyModels.values()].find((company) => !company.privateMode)!.id
    // 1,100 jobs on 60 days (ties), half titled with the common word, a third also holding the first tool and a
    // fifth the second (the bulk tool is the newest, so each array is sorted)
    const inserted = (await db.execute(sql`insert into job (slug, title, company_id, tool_ids, posted_at)
      select 'prop-bulk-' || n, case when n % 2 = 0 then 'Zebra Bulk ' || n else 'Bulk ' || n end, ${companyId},
        array_remove(array_remove(array[case when n % 3 = 0 then ${first!} end, case when n % 5 = 0 then ${second!} end,
          ${bulk.id}], null), null)::integer[],
        ${new Date(BASE_TIME).toISOString()}::timestamptz + (n % 60) * interval '1 day'
      from generate_series(1, 1100) as n
      returning "id", "title", "tool_ids", "posted_at"`)) as unknown as { rows: Record<string, unknown>[] }
    const ids: number[] = []
    for (const row of inserted.rows) {
      const ownTools = Array.isArray(row.tool_ids)
        ? row.tool_ids.map(Number)
        : String(row.tool_ids).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      jobModels.push({
        id: Number(row.id),
        title: String(row.title),
        companyId,
        toolIds: ownTools,
        postedAt: new Date(row.posted_at as string).getTime(),
        expiresAt: null,
      })
      ids.push(Number(row.id))
    }
    await db.execute(sql`insert into job_tool (job_id, tool_id)
      select "id", unnest("tool_ids") from job where "id" in ${ids}`)
    await refreshJobSearch(db, ids)
    await analyze()

    const base = matchFiltersOf({})
    const fixed: MatchFilters[] = [
      { ...base },
      { ...base, page: MATCH_MAX_PAGE },
      { ...base, selected: [bulk.id] },
      { ...base, selected: [bulk.id], page: MATCH_MAX_PAGE },
      { ...base, selected: [bulk.id, first!] },
      { ...base, selected: [bulk.id, first!], page: 19 },
      { ...base, selected: [bulk.id], keywords: JOB_COMMON, page: 28 },
      { ...base, operator: 'OR', selected: [first!, bulk.id, second!] },
      { ...base, operator: 'OR', selected: [first!, bulk.id, second!], page: 4 },
      { ...base, operator: 'OR', selected: [first!, bulk.id, second!], page: MATCH_MAX_PAGE },
      { ...base, operator: 'OR', selected: [bulk.id, toolIds[7]!], required: [bulk.id], page: 2 },
      { ...base, operator: 'OR', selected: [bulk.id, first!], excluded: [second!], page: 30 },
    ]
    const words = { common: JOB_COMMON, rare: JOB_RARE }
    const pool = [...toolIds, bulk.id]
    const randomCases = generateCases(40, pool, words, expectedJobs, MATCH_MAX_PAGE).map((filters) =>
      // most with the bulk tool (in place of the first selected), so totals run past the cap
      filters.selected.length > 0 && !filters.selected.includes(bulk.id) && !filters.excluded.includes(bulk.id)
        ? {
            ...filters,
            selected: [...filters.selected.slice(1), bulk.id],
            required: filters.required.filter((id) => id !== filters.selected[0]),
          }
        : filters,
    )
    const cases = [...fixed, ...randomCases]
    for (const search of [(filters: MatchFilters) => searchJobs(db, filters), fromMemory('jobs')]) {
      const { mismatches } = await check(search, expectedJobs, cases, words)
      expect(mismatches, `${mismatches.length} of ${cases.length} cases differ:\n${mismatches.join('\n')}`).toEqual([])
    }
    const { tally } = await check(fromMemory('jobs'), expectedJobs, cases, words)
    expect(cases.filter((filters) => expectedJobs(filters).all.length > MATCH_COUNT_CAP + 1).length).toBeGreaterThan(5)
    expect(tally.withHits).toBeGreaterThan(10)
  })
})

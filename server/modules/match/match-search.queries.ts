// The Stack Match search in PostgreSQL (specs/stack-match-and-community.md §5, §7, §9): jobs and companies filtered
// by included and excluded tools (AND: every included tool; OR: any included tool and every required one), keywords,
// location and job terms, ranked by match percentage, then recency. Both indexes have one shape: a row with a sorted
// `tool_ids` array under a GIN index, a search document, and a recency order (jobs: posted_at; companies: id).
//
// Built to stay fast at 100,000 jobs and 20,000 companies (docs/match-query-plans.md, decision 027):
// - no query visits every match: the count stops at MATCH_COUNT_CAP + 1 rows, and a page reads only its rows;
// - an OR search is read tier by tier (every selected tool, then all but one, ...), each tier in recency order with
//   a LIMIT, so the planner either walks the recency index until the page is full or, for rare tools, reads the GIN
//   index; the match percentage is computed for the page's rows only (matchPercent);
// - "holds these jobs' tools" reads the pair index (job.tool_pairs, decision 029), and a common keyword is tested on
//   the rows the tools leave instead of intersecting its long posting list (KeywordTest);
// - a tier's count, order and page rows come back in one statement (tierPage): one round trip for an AND search.
// Given the match_version a search is made at, the instance's in-memory index answers it instead when it holds that
// version (match-memory.ts, decision 034): the same rules as set operations, and only the page's rows read here.
import { type SQL, sql } from 'drizzle-orm'
import { MATCH_COUNT_CAP, MATCH_PAGE_SIZE, matchPercent } from '#contracts/match.ts'
import { cappedCountSql } from '../../db/capped-count.ts'
import type { Db } from '../../db/client.ts'
import { DbMemo } from '../../db/db-memo.ts'
import { executeNamed, rowsOf } from '../../db/statements.ts'
import { matchMemory } from './match-memory.ts'
import { type IndexRows, indexRows, type MatchFilters, type MatchIndexKind } from './match-rows.ts'

/**
 * Where one index's search reads: its table, the tool array and how to test that a row holds several tools, the
 * filters other than tools, the recency order, and how a page's rows are read from its ids.
 */
interface MatchIndex<Hit> {
  from: SQL
  id: SQL
  tools: ToolColumns
  /** The filters other than tools and keyword. */
  conditions: SQL[]
  keyword?: KeywordTest
  recency: SQL
  /** The select list of a page's rows, read from "tier" (id, ord) through pageJoins. */
  pageRows: SQL
  pageJoins: SQL
  toHit: (row: Record<string, unknown>) => Hit
}

interface ToolColumns {
  toolIds: SQL
  /** job.tool_pairs: rows holding every one of `ids` (two or more) through the pair index. */
  pairs?: SQL
}

const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[]`
const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&')
const keywordQuery = (keywords: string) => sql`websearch_to_tsquery('english', ${keywords})`

/**
 * How a search tests its keyword. Indexed (`search @@ query`) the planner can read it from the GIN index, which is
 * what the count wants (it ANDs the keyword's and the tools' bitmaps and stops at MATCH_COUNT_CAP + 1 rows) and what
 * a page wants when the keyword is rare. A page of a common keyword (in more than COMMON_KEYWORD_SHARE of the rows)
 * with tools selected tests it on each row the tools leave instead (`ts_match_vq`, the function behind @@, which no
 * index serves): ANDing its long posting list would read tens of thousands of entries to drop a few hundred rows.
 */
interface KeywordTest {
  indexed: SQL
  /** Set for a common keyword with tools selected: the form a page's rows are tested with. */
  perRow?: SQL
}

export const COMMON_KEYWORD_SHARE = 0.05
/** The planner's estimate of a keyword's share of an index's rows (its lexeme statistics), kept per keyword. */
const keywordShares = new DbMemo<string, number>({ name: 'match_keyword_shares', ttlMs: 10 * 60_000, maxEntries: 1000 })

async function keywordTest(db: Db, table: 'job' | 'company', filters: MatchFilters): Promise<KeywordTest> {
  const search = sql`${sql.identifier(table)}."search"`
  const query = keywordQuery(filters.keywords)
  const indexed = sql`${search} @@ ${query}`
  if (filters.selected.length === 0) return { indexed }
  const share = await keywordShare(db, table, filters.keywords)
  return share > COMMON_KEYWORD_SHARE ? { indexed, perRow: sql`ts_match_vq(${search}, ${query})` } : { indexed }
}

async function keywordShare(db: Db, table: 'job' | 'company', keywords: string): Promise<number> {
  const key = `${table}\n${keywords}`
  const known = keywordShares.get(db, key)
  if (known !== undefined) return known
  const [plan] = rowsOf(
    await db.execute(
      sql`explain (format json) select 1 from ${sql.identifier(table)} where ${sql.identifier(table)}."search" @@ ${keywordQuery(keywords)}`,
    ),
  )
  const [size] = rowsOf(
    await db.execute(sql`select reltuples::float8 as "rows" from pg_class where oid = ${table}::regclass`),
  )
  const json = plan?.['QUERY PLAN']
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan?: { 'Plan Rows'?: number } }>
  const estimated = Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0)
  const share = estimated / Math.max(1, Number(size?.rows ?? 0))
  keywordShares.set(db, key, share)
  return share
}

/** A tier written as the union of its tool subsets while there are at most this many (else a per-row count). */
const MAX_SUBSETS = 20

/** The pair keys of job_tool_pairs (migration 0017) for `ids`: (smaller << 32) | larger, each pair once. */
export function toolPairKeys(ids: number[]): string[] {
  const sorted = [...new Set(ids.map((id) => Math.trunc(id)))].sort((a, b) => a - b)
  const keys: string[] = []
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) keys.push(((BigInt(sorted[i]!) << 32n) | BigInt(sorted[j]!)).toString())
  return keys
}

function holdsAll(tools: ToolColumns, ids: number[]): SQL {
  if (tools.pairs && ids.length >= 2) return sql`${tools.pairs} @> ${`{${toolPairKeys(ids).join(',')}}`}::bigint[]`
  return sql`${tools.toolIds} @> ${intArray(ids)}`
}

function subsetsOf(ids: number[], size: number, limit: number): number[][] | null {
  const subsets: number[][] = []
  const walk = (start: number, chosen: number[]): boolean => {
    if (chosen.length === size) {
      subsets.push(chosen)
      return subsets.length <= limit
    }
    for (let i = start; i <= ids.length - (size - chosen.length); i++) {
      if (!walk(i + 1, [...chosen, ids[i]!])) return false
    }
    return true
  }
  return walk(0, []) ? subsets : null
}

/**
 * Rows holding at least `size` of the selected tools. As a union of "holds all" on each subset the planner estimates
 * it from the array statistics and can read it from the GIN indexes; past MAX_SUBSETS subsets, a per-row count.
 */
function holdsAtLeast(tools: ToolColumns, selected: number[], size: number): SQL {
  if (size <= 1) return sql`${tools.toolIds} && ${intArray(selected)}`
  if (size >= selected.length) return holdsAll(tools, selected)
  const subsets = subsetsOf(selected, size, MAX_SUBSETS)
  if (subsets)
    return sql`(${sql.join(
      subsets.map((subset) => holdsAll(tools, subset)),
      sql` or `,
    )})`
  const present = sql.join(
    selected.map((id) => sql`(${Math.trunc(id)} = any(${tools.toolIds}))::integer`),
    sql` + `,
  )
  return sql`(${tools.toolIds} && ${intArray(selected)} and ${present} >= ${size})`
}

/** The tool conditions of the whole search (what the count counts). */
function toolConditions(tools: ToolColumns, filters: MatchFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.excluded.length > 0) conditions.push(sql`not (${tools.toolIds} && ${intArray(filters.excluded)})`)
  if (filters.selected.length === 0) return conditions
  if (filters.operator === 'AND') return [...conditions, holdsAll(tools, filters.selected)]
  conditions.push(sql`${tools.toolIds} && ${intArray(filters.selected)}`)
  if (filters.required.length > 0) conditions.push(holdsAll(tools, filters.required))
  return conditions
}

/**
 * The search split by match, best first: one tier for AND or a single tool (every hit has the same match); for OR,
 * rows holding every selected tool, then exactly one fewer, and so on down to the required ones.
 */
function matchTiers(tools: ToolColumns, filters: MatchFilters): SQL[][] {
  const all = toolConditions(tools, filters)
  const selected = filters.selected
  if (filters.operator === 'AND' || selected.length < 2) return [all]
  const tiers: SQL[][] = []
  for (let size = selected.length; size >= Math.max(1, filters.required.length); size--) {
    const tier = [...all, holdsAtLeast(tools, selected, size)]
    if (size < selected.length) tier.push(sql`not ${holdsAtLeast(tools, selected, size + 1)}`)
    tiers.push(tier)
  }
  return tiers
}

/**
 * One tier read in one statement: its first `limit` ids in recency order (the CTE "tier", numbered), how many there
 * were, and the full rows of those numbered past `skip`, at most a page. With no row past `skip`, one row with the
 * count and nulls. `total`, when given, is the whole search's capped count (hitsCount), answered beside them.
 */
async function tierPage<Hit>(
  db: Db,
  index: MatchIndex<Hit>,
  read: { tier: SQL[]; limit: number; skip: number; total?: SQL },
): Promise<{ count: number; total: number; hits: Hit[] }> {
  const keyword = index.keyword ? [index.keyword.perRow ?? index.keyword.indexed] : []
  const rows = rowsOf(
    await db.execute(sql`with "tier" as materialized (
        select ${index.id} as "id", row_number() over (order by ${index.recency}) as "ord" from ${index.from}
        where ${sql.join([...read.tier, ...index.conditions, ...keyword], sql` and `)}
        order by ${index.recency} limit ${read.limit})
      select "counted"."count", ${read.total ?? sql`null`} as "total", "page".*
      from (select count(*)::integer as "count" from "tier") as "counted"
      left join lateral (${index.pageRows} from (select "id", "ord" from "tier" where "ord" > ${read.skip}
          order by "ord" limit ${MATCH_PAGE_SIZE}) as "tier"
        ${index.pageJoins}) as "page" on true
      order by "page"."ord"`),
  )
  const count = Number(rows[0]?.count ?? 0)
  return {
    count,
    total: read.total ? Number(rows[0]?.total ?? 0) : count,
    hits: rows.filter((row) => row.ord !== null && row.ord !== undefined).map(index.toHit),
  }
}

/** From memory when it holds `version` and can test the keyword, else by PostgreSQL. */
async function searchEither<Hit>(
  db: Db,
  kind: MatchIndexKind,
  index: MatchIndex<Hit>,
  filters: MatchFilters,
  version: string | undefined,
): Promise<{ hits: Hit[]; total: number }> {
  const page = version === undefined ? null : await matchMemory.search(db, kind, version, filters)
  if (!page) return searchIndex(db, kind === 'jobs' ? 'job' : 'company', index, filters)
  return { total: page.counted, hits: await pageRows(db, kind, index, page.ids) }
}

/** The full rows of a page found in memory, read by id in the page's order. */
async function pageRows<Hit>(db: Db, kind: MatchIndexKind, index: MatchIndex<Hit>, ids: number[]): Promise<Hit[]> {
  if (ids.length === 0) return []
  // the text is the same for every page of an index (the ids are its parameter): planned once per connection
  const rows = await executeNamed(
    db,
    `match_${kind}_page_rows`,
    sql`${index.pageRows} from unnest(${intArray(ids)}) with ordinality as "tier"("id", "ord")
      ${index.pageJoins} order by "tier"."ord"`,
  )
  return rows.map(index.toHit)
}

/**
 * The hits of the whole search counted up to MATCH_COUNT_CAP + 1 (more cannot be paged to: contracts/match.ts), as
 * a scalar subquery. The keyword is indexed here: ANDing its bitmap with the tools' finds 1,001 sparse hits sooner
 * than testing row after row.
 */
function hitsCount<Hit>(index: MatchIndex<Hit>, filters: MatchFilters): SQL {
  const conditions = [
    ...toolConditions(index.tools, filters),
    ...index.conditions,
    ...(index.keyword ? [index.keyword.indexed] : []),
  ]
  return cappedCountSql(sql`from ${index.from} where ${sql.join(conditions, sql` and `)}`, MATCH_COUNT_CAP)
}

/**
 * One page of a search and its total (at most MATCH_COUNT_CAP + 1). One tier (AND, one tool or none): its first
 * MATCH_COUNT_CAP + 1 ids are both the count and the page. Several (OR): the first tier's statement also counts the
 * search, and the next tiers are read while the page is not full.
 */
async function searchIndex<Hit>(
  db: Db,
  table: 'job' | 'company',
  unkeyed: MatchIndex<Hit>,
  filters: MatchFilters,
): Promise<{ hits: Hit[]; total: number }> {
  const index = filters.keywords ? { ...unkeyed, keyword: await keywordTest(db, table, filters) } : unkeyed
  const tiers = matchTiers(index.tools, filters)
  const wanted = filters.page * MATCH_PAGE_SIZE
  if (tiers.length === 1) {
    const read = await tierPage(db, index, {
      tier: tiers[0]!,
      limit: MATCH_COUNT_CAP + 1,
      skip: wanted - MATCH_PAGE_SIZE,
    })
    return { total: read.count, hits: read.hits }
  }
  const hits: Hit[] = []
  let total = 0
  let seen = 0
  for (const [position, tier] of tiers.entries()) {
    const read = await tierPage(db, index, {
      tier,
      limit: wanted - seen,
      skip: Math.max(0, wanted - MATCH_PAGE_SIZE - seen),
      ...(position === 0 ? { total: hitsCount(index, filters) } : {}),
    })
    if (position === 0) total = read.total
    hits.push(...read.hits)
    seen += read.count
    // past the total no tier holds more (a capped total always leaves the page full first)
    if (seen >= wanted || seen >= total) break
  }
  return { total, hits }
}

export interface JobHit {
  id: number
  slug: string
  title: string
  applyUrl: string | null
  city: string | null
  location: string | null
  remote: boolean
  fullTime: boolean
  freelance: boolean
  toolIds: number[]
  postedAt: Date
  isDemo: boolean
  match: number
  companyName: string
  companySlug: string
  companyImageUrl: string | null
  companyTagList: string[]
  companyVerified: boolean
}

/** The location filter: the index's place holds the location's text. */
const locationCondition = (rows: IndexRows, location: string) =>
  sql`${rows.place} like ${`%${escapeLike(location.toLowerCase())}%`}`

const jobIndex = (filters: MatchFilters): MatchIndex<JobHit> => {
  const rows = indexRows.jobs
  const conditions = [sql`("job"."expires_at" is null or "job"."expires_at" > now())`, ...rows.listed]
  if (filters.location) conditions.push(locationCondition(rows, filters.location))
  // spec §3: full-time and freelance are kinds of job (either one ticked matches); remote applies on top
  const kinds: SQL[] = []
  if (filters.fullTime) kinds.push(sql`"job"."full_time"`)
  if (filters.freelance) kinds.push(sql`"job"."freelance"`)
  if (kinds.length > 0) conditions.push(sql`(${sql.join(kinds, sql` or `)})`)
  if (filters.remote) conditions.push(sql`"job"."remote"`)
  return {
    from: rows.from,
    id: sql`"job"."id"`,
    tools: { toolIds: sql`"job"."tool_ids"`, pairs: sql`"job"."tool_pairs"` },
    conditions,
    recency: rows.recency,
    pageRows: sql`select "tier"."ord", "job"."id", "job"."slug", "job"."title", "job"."apply_url", "job"."city",
        "job"."location", "job"."remote", "job"."full_time", "job"."freelance", "job"."tool_ids", "job"."posted_at",
        "job"."is_demo", "company"."name" as "company_name", "company"."slug" as "company_slug",
        "company"."image_url" as "company_image_url", "company"."tag_list" as "company_tag_list",
        "company"."verified" as "company_verified"`,
    pageJoins: sql`join "job" on "job"."id" = "tier"."id" join "company" on "company"."id" = "job"."company_id"`,
    toHit: (row) => {
      const toolIds = parseIntArray(row.tool_ids)
      return {
        id: Number(row.id),
        slug: String(row.slug),
        title: String(row.title),
        applyUrl: (row.apply_url as string | null) ?? null,
        city: (row.city as string | null) ?? null,
        location: (row.location as string | null) ?? null,
        remote: Boolean(row.remote),
        fullTime: Boolean(row.full_time),
        freelance: Boolean(row.freelance),
        toolIds,
        postedAt: new Date(row.posted_at as string),
        isDemo: Boolean(row.is_demo),
        match: matchPercent(filters.selected, toolIds),
        companyName: String(row.company_name),
        companySlug: String(row.company_slug),
        companyImageUrl: (row.company_image_url as string | null) ?? null,
        companyTagList: parseTextArray(row.company_tag_list),
        companyVerified: Boolean(row.company_verified),
      }
    },
  }
}

/**
 * A page of jobs and the capped total (at most MATCH_COUNT_CAP + 1). Given the match_version the search is made at,
 * answered from this instance's in-memory index when it holds that version (match-memory.ts), else by PostgreSQL.
 */
export function searchJobs(
  db: Db,
  filters: MatchFilters,
  version?: string,
): Promise<{ hits: JobHit[]; total: number }> {
  return searchEither(db, 'jobs', jobIndex(filters), filters, version)
}

export interface CompanyHit {
  id: number
  name: string
  slug: string
  description: string | null
  imageUrl: string | null
  city: string | null
  verified: boolean
  tagList: string[]
  toolIds: number[]
  jobCount: number
  match: number
  /** The first COMPANY_TEAM_SHOWN members with a username, in the order they joined. */
  team: Array<{ id: number; username: string; slug: string; image_url: string | null }>
}

/**
 * Companies by the tools of their public stacks (company.tool_ids, kept by the database from stack and stack_tool:
 * migration 0015); a private-mode company and one without public tools stay out. Keywords match name, tags and
 * description (company.search); location matches the city. Recency: the newest company first. job_count counts
 * open jobs, for the page's companies only.
 */
const companyIndex = (filters: MatchFilters): MatchIndex<CompanyHit> => {
  const rows = indexRows.companies
  const conditions = [...rows.listed]
  if (filters.location) conditions.push(locationCondition(rows, filters.location))
  return {
    from: rows.from,
    id: sql`"company"."id"`,
    tools: { toolIds: sql`"company"."tool_ids"` },
    conditions,
    recency: rows.recency,
    pageRows: sql`select "tier"."ord", "company"."id", "company"."name", "company"."slug", "company"."description",
        "company"."image_url", "company"."city", "company"."verified", "company"."tag_list", "company"."tool_ids",
        (select count(*) from "job" where "job"."company_id" = "company"."id"
          and ("job"."expires_at" is null or "job"."expires_at" > now()))::integer as "job_count",
        (select coalesce(json_agg(json_build_array("member"."id", "member"."username", "member"."image")
            order by "member"."joined"), '[]'::json)
          from (select "user"."id", "user"."username", "user"."image", "company_member"."id" as "joined"
            from "company_member" join "user" on "user"."id" = "company_member"."user_id"
            where "company_member"."company_id" = "company"."id" and "user"."username" is not null
            order by "company_member"."id" limit ${COMPANY_TEAM_SHOWN}) as "member") as "team"`,
    pageJoins: sql`join "company" on "company"."id" = "tier"."id"`,
    toHit: (row) => {
      const toolIds = parseIntArray(row.tool_ids)
      return {
        id: Number(row.id),
        name: String(row.name),
        slug: String(row.slug),
        description: (row.description as string | null) ?? null,
        imageUrl: (row.image_url as string | null) ?? null,
        city: (row.city as string | null) ?? null,
        verified: Boolean(row.verified),
        tagList: parseTextArray(row.tag_list),
        toolIds,
        jobCount: Number(row.job_count),
        match: matchPercent(filters.selected, toolIds),
        team: parseJsonArray(row.team).map(([id, username, image]) => ({
          id: Number(id),
          username: String(username),
          slug: String(username),
          image_url: (image as string | null) ?? null,
        })),
      }
    },
  }
}

/** A page of companies and the capped total, as searchJobs answers jobs. */
export function searchCompanies(
  db: Db,
  filters: MatchFilters,
  version?: string,
): Promise<{ hits: CompanyHit[]; total: number }> {
  return searchEither(db, 'companies', companyIndex(filters), filters, version)
}

/** A company result shows this many of its members (spec §3 Company result: team). */
const COMPANY_TEAM_SHOWN = 5

function parseJsonArray(value: unknown): unknown[][] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value
  return Array.isArray(parsed) ? (parsed as unknown[][]) : []
}

function parseIntArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number)
  if (typeof value === 'string') {
    return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
  }
  return []
}

function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  return []
}

// The Stack Match search in PostgreSQL (specs/stack-match-and-community.md §5, §7, §9): jobs and companies filtered
// by included and excluded tools (AND: every included tool; OR: any included tool and every required one), keywords,
// location and job terms, ranked by match percentage, then recency. Both indexes have one shape: a row with a sorted
// `tool_ids` array under a GIN index, a search document, and a recency order (jobs: posted_at; companies: id).
//
// Built to stay fast at 100,000 jobs and 20,000 companies (docs/match-query-plans.md, decision 027):
// - no query visits every match: the count stops at MATCH_COUNT_CAP + 1 rows, and a page reads only its rows;
// - an OR search is read tier by tier (every selected tool, then all but one, ...), each tier in recency order with
//   a LIMIT, so the planner either walks the recency index until the page is full or, for rare tools, reads the GIN
//   index; the match percentage is computed for the page's rows only (matchPercent).
import { type SQL, sql } from 'drizzle-orm'
import { MATCH_COUNT_CAP, MATCH_PAGE_SIZE, matchPercent, type SearchOperator } from '#contracts/match.ts'
import type { Db } from '../../db/client.ts'

export interface MatchFilters {
  /** Included tool ids, distinct, none also excluded. */
  selected: number[]
  /** Included tools that must be present with OR (with AND every included tool must). */
  required: number[]
  excluded: number[]
  keywords: string
  location: string
  operator: SearchOperator
  fullTime: boolean
  freelance: boolean
  remote: boolean
  page: number
}

/** Where one index's search reads: its table, the tool array, the filters other than tools, the recency order. */
interface MatchIndex {
  from: SQL
  id: SQL
  toolIds: SQL
  conditions: SQL[]
  recency: SQL
}

const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[]`
const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&')
const keywordQuery = (keywords: string) => sql`websearch_to_tsquery('english', ${keywords})`
/** A tier written as the union of its tool subsets while there are at most this many (else a per-row count). */
const MAX_SUBSETS = 20

const holdsAll = (toolIds: SQL, ids: number[]) => sql`${toolIds} @> ${intArray(ids)}`

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
 * Rows holding at least `size` of the selected tools. As a union of `@>` on each subset the planner estimates it
 * from the array statistics and can read it from the GIN index; past MAX_SUBSETS subsets, a per-row count.
 */
function holdsAtLeast(toolIds: SQL, selected: number[], size: number): SQL {
  if (size <= 1) return sql`${toolIds} && ${intArray(selected)}`
  if (size >= selected.length) return holdsAll(toolIds, selected)
  const subsets = subsetsOf(selected, size, MAX_SUBSETS)
  if (subsets)
    return sql`(${sql.join(
      subsets.map((subset) => holdsAll(toolIds, subset)),
      sql` or `,
    )})`
  const present = sql.join(
    selected.map((id) => sql`(${Math.trunc(id)} = any(${toolIds}))::integer`),
    sql` + `,
  )
  return sql`(${toolIds} && ${intArray(selected)} and ${present} >= ${size})`
}

/** The tool conditions of the whole search (what the count counts). */
function toolConditions(toolIds: SQL, filters: MatchFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.excluded.length > 0) conditions.push(sql`not (${toolIds} && ${intArray(filters.excluded)})`)
  if (filters.selected.length === 0) return conditions
  if (filters.operator === 'AND') return [...conditions, holdsAll(toolIds, filters.selected)]
  conditions.push(sql`${toolIds} && ${intArray(filters.selected)}`)
  if (filters.required.length > 0) conditions.push(holdsAll(toolIds, filters.required))
  return conditions
}

/**
 * The search split by match, best first: one tier for AND or a single tool (every hit has the same match); for OR,
 * rows holding every selected tool, then exactly one fewer, and so on down to the required ones.
 */
function matchTiers(toolIds: SQL, filters: MatchFilters): SQL[][] {
  const all = toolConditions(toolIds, filters)
  const selected = filters.selected
  if (filters.operator === 'AND' || selected.length < 2) return [all]
  const tiers: SQL[][] = []
  for (let size = selected.length; size >= Math.max(1, filters.required.length); size--) {
    const tier = [...all, holdsAtLeast(toolIds, selected, size)]
    if (size < selected.length) tier.push(sql`not ${holdsAtLeast(toolIds, selected, size + 1)}`)
    tiers.push(tier)
  }
  return tiers
}

async function tierIds(db: Db, index: MatchIndex, tier: SQL[], limit: number): Promise<number[]> {
  const rows = rowsOf(
    await db.execute(sql`select ${index.id} as "id" from ${index.from}
      where ${sql.join([...index.conditions, ...tier], sql` and `)}
      order by ${index.recency} limit ${limit}`),
  )
  return rows.map((row) => Number(row.id))
}

/** Ids of the page's rows, in order: each tier in recency order, until the page is full. */
async function pageIds(db: Db, index: MatchIndex, tiers: SQL[][], page: number): Promise<number[]> {
  const wanted = page * MATCH_PAGE_SIZE
  const ids: number[] = []
  for (const tier of tiers) {
    ids.push(...(await tierIds(db, index, tier, wanted - ids.length)))
    if (ids.length >= wanted) break
  }
  return ids.slice(wanted - MATCH_PAGE_SIZE, wanted)
}

/** Hits of the whole search, counted up to MATCH_COUNT_CAP + 1 (more cannot be paged to: contracts/match.ts). */
async function countHits(db: Db, index: MatchIndex, filters: MatchFilters): Promise<number> {
  const conditions = [...index.conditions, ...toolConditions(index.toolIds, filters)]
  const rows = rowsOf(
    await db.execute(sql`select count(*)::integer as "total" from (
      select 1 from ${index.from} where ${sql.join(conditions, sql` and `)} limit ${MATCH_COUNT_CAP + 1}) as "hits"`),
  )
  return Number(rows[0]?.total ?? 0)
}

/** Private-mode companies stay out of Stack Match (a hashed anti-join on a partial index of a few rows). */
const isListedCompany = (companyId: SQL) => sql`${companyId} not in (select "id" from "company" where "private_mode")`

const jobIndex = (filters: MatchFilters): MatchIndex => {
  const conditions = [
    sql`("job"."expires_at" is null or "job"."expires_at" > now())`,
    isListedCompany(sql`"job"."company_id"`),
  ]
  if (filters.keywords) conditions.push(sql`"job"."search" @@ ${keywordQuery(filters.keywords)}`)
  if (filters.location) {
    conditions.push(sql`lower(coalesce("job"."city", '') || ' ' || coalesce("job"."location", ''))
      like ${`%${escapeLike(filters.location.toLowerCase())}%`}`)
  }
  // spec §3: full-time and freelance are kinds of job (either one ticked matches); remote applies on top
  const kinds: SQL[] = []
  if (filters.fullTime) kinds.push(sql`"job"."full_time"`)
  if (filters.freelance) kinds.push(sql`"job"."freelance"`)
  if (kinds.length > 0) conditions.push(sql`(${sql.join(kinds, sql` or `)})`)
  if (filters.remote) conditions.push(sql`"job"."remote"`)
  return {
    from: sql`"job"`,
    id: sql`"job"."id"`,
    toolIds: sql`"job"."tool_ids"`,
    conditions,
    // as job_posted_at_idx sorts (drizzle's desc() is nulls last; the columns are not null)
    recency: sql`"job"."posted_at" desc nulls last, "job"."id" desc nulls last`,
  }
}

/**
 * Companies by the tools of their public stacks (company.tool_ids, kept by the database from stack and stack_tool:
 * migration 0015); a private-mode company and one without public tools stay out. Keywords match name, tags and
 * description (company.search); location matches the city. Recency: the newest company first.
 */
const companyIndex = (filters: MatchFilters): MatchIndex => {
  const conditions = [sql`not "company"."private_mode"`, sql`"company"."tool_ids" <> '{}'`]
  if (filters.keywords) conditions.push(sql`"company"."search" @@ ${keywordQuery(filters.keywords)}`)
  if (filters.location) {
    conditions.push(
      sql`lower(coalesce("company"."city", '')) like ${`%${escapeLike(filters.location.toLowerCase())}%`}`,
    )
  }
  return {
    from: sql`"company"`,
    id: sql`"company"."id"`,
    toolIds: sql`"company"."tool_ids"`,
    conditions,
    recency: sql`"company"."id" desc`,
  }
}

/** One page of a search and its total: the count and the page's ids side by side, then the page's rows. */
async function searchIndex<Hit extends { id: number }>(
  db: Db,
  index: MatchIndex,
  filters: MatchFilters,
  loadRows: (ids: number[]) => Promise<Hit[]>,
): Promise<{ hits: Hit[]; total: number }> {
  const tiers = matchTiers(index.toolIds, filters)
  let total: number
  let ids: number[]
  if (tiers.length === 1) {
    // one tier (AND, one tool or none): its first MATCH_COUNT_CAP + 1 ids in order are both the count and the page
    const first = await tierIds(db, index, tiers[0]!, MATCH_COUNT_CAP + 1)
    total = first.length
    ids = first.slice((filters.page - 1) * MATCH_PAGE_SIZE, filters.page * MATCH_PAGE_SIZE)
  } else {
    ;[total, ids] = await Promise.all([countHits(db, index, filters), pageIds(db, index, tiers, filters.page)])
  }
  const rows = ids.length > 0 ? await loadRows(ids) : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  return { total, hits: ids.map((id) => byId.get(id)).filter((hit): hit is Hit => hit !== undefined) }
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

/** A page of jobs and the capped total (at most MATCH_COUNT_CAP + 1). */
export async function searchJobs(db: Db, filters: MatchFilters): Promise<{ hits: JobHit[]; total: number }> {
  return searchIndex(db, jobIndex(filters), filters, async (ids) => {
    const result = await db.execute(sql`
      select "job"."id", "job"."slug", "job"."title", "job"."apply_url", "job"."city", "job"."location",
        "job"."remote", "job"."full_time", "job"."freelance", "job"."tool_ids", "job"."posted_at", "job"."is_demo",
        "company"."name" as "company_name", "company"."slug" as "company_slug",
        "company"."image_url" as "company_image_url", "company"."tag_list" as "company_tag_list",
        "company"."verified" as "company_verified"
      from "job" join "company" on "company"."id" = "job"."company_id"
      where "job"."id" = any(${intArray(ids)})`)
    return rowsOf(result).map((row) => {
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
    })
  })
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
}

/** A page of companies and the capped total; job_count counts open jobs, for the page's companies only. */
export async function searchCompanies(db: Db, filters: MatchFilters): Promise<{ hits: CompanyHit[]; total: number }> {
  return searchIndex(db, companyIndex(filters), filters, async (ids) => {
    const result = await db.execute(sql`
      select "company"."id", "company"."name", "company"."slug", "company"."description", "company"."image_url",
        "company"."city", "company"."verified", "company"."tag_list", "company"."tool_ids",
        (select count(*) from "job" where "job"."company_id" = "company"."id"
          and ("job"."expires_at" is null or "job"."expires_at" > now()))::integer as "job_count"
      from "company" where "company"."id" = any(${intArray(ids)})`)
    return rowsOf(result).map((row) => {
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
      }
    })
  })
}

/** node-postgres answers { rows }, PGlite answers { rows } too; both typed loosely by drizzle's execute. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]) ?? []
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

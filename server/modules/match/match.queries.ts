// The Stack Match search in PostgreSQL (specs/stack-match-and-community.md §5, §7, §9): jobs and companies filtered
// by included and excluded tools (AND: every included tool; OR: any included tool and every required one), keywords,
// location and job terms, ranked by match percentage, then recency. Plans: docs/match-query-plans.md.
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { MATCH_PAGE_SIZE, type SearchOperator } from '#contracts/match.ts'
import type { Db } from '../../db/client.ts'
import { companies, companyMembers, jobStackTools, savedSearches, tools, users } from '../../db/schema/index.ts'

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

const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[]`
const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&')

/** Floored share of the selected tools in `toolIds` (contracts/match.ts: 100 only when all are present). */
function matchPercent(toolIds: SQL, selected: number[]): SQL<number> {
  if (selected.length === 0) return sql<number>`100`
  return sql<number>`(100 * (select count(*) from unnest(${intArray(selected)}) as "wanted"("id")
    where "wanted"."id" = any(${toolIds})) / ${selected.length})::integer`
}

function toolConditions(toolIds: SQL, filters: MatchFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.excluded.length > 0) conditions.push(sql`not (${toolIds} && ${intArray(filters.excluded)})`)
  if (filters.selected.length === 0) return conditions
  if (filters.operator === 'AND') {
    conditions.push(sql`${toolIds} @> ${intArray(filters.selected)}`)
  } else {
    conditions.push(sql`${toolIds} && ${intArray(filters.selected)}`)
    if (filters.required.length > 0) conditions.push(sql`${toolIds} @> ${intArray(filters.required)}`)
  }
  return conditions
}

const offsetOf = (page: number) => (page - 1) * MATCH_PAGE_SIZE

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

/** The job index's query (exported for the bench's EXPLAIN, bench/match.ts). */
export function buildJobsSearch(filters: MatchFilters): { query: SQL; where: SQL } {
  const toolIds = sql`"job"."tool_ids"`
  const conditions: SQL[] = [
    sql`("job"."expires_at" is null or "job"."expires_at" > now())`,
    sql`not "company"."private_mode"`,
    ...toolConditions(toolIds, filters),
  ]
  if (filters.keywords) conditions.push(sql`"job"."search" @@ websearch_to_tsquery('english', ${filters.keywords})`)
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
  const where = sql.join(conditions, sql` and `)
  const query = sql`
    select "job"."id", "job"."slug", "job"."title", "job"."apply_url", "job"."city", "job"."location",
      "job"."remote", "job"."full_time", "job"."freelance", "job"."tool_ids", "job"."posted_at", "job"."is_demo",
      ${matchPercent(toolIds, filters.selected)} as "match",
      "company"."name" as "company_name", "company"."slug" as "company_slug",
      "company"."image_url" as "company_image_url", "company"."tag_list" as "company_tag_list",
      "company"."verified" as "company_verified", count(*) over () as "total"
    from "job" join "company" on "company"."id" = "job"."company_id"
    where ${where}
    order by "match" desc, "job"."posted_at" desc, "job"."id" desc
    limit ${MATCH_PAGE_SIZE} offset ${offsetOf(filters.page)}`
  return { query, where }
}

export async function searchJobs(db: Db, filters: MatchFilters): Promise<{ hits: JobHit[]; total: number }> {
  const { query, where } = buildJobsSearch(filters)
  const result = await db.execute<Record<string, unknown>>(query)
  const rows = rowsOf(result)
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countJobs(db, where, filters.page)
  return {
    total,
    hits: rows.map((row) => ({
      id: Number(row.id),
      slug: String(row.slug),
      title: String(row.title),
      applyUrl: (row.apply_url as string | null) ?? null,
      city: (row.city as string | null) ?? null,
      location: (row.location as string | null) ?? null,
      remote: Boolean(row.remote),
      fullTime: Boolean(row.full_time),
      freelance: Boolean(row.freelance),
      toolIds: parseIntArray(row.tool_ids),
      postedAt: new Date(row.posted_at as string),
      isDemo: Boolean(row.is_demo),
      match: Number(row.match),
      companyName: String(row.company_name),
      companySlug: String(row.company_slug),
      companyImageUrl: (row.company_image_url as string | null) ?? null,
      companyTagList: parseTextArray(row.company_tag_list),
      companyVerified: Boolean(row.company_verified),
    })),
  }
}

/** A page past the end has no rows to carry the window count: count apart (only then). */
async function countJobs(db: Db, where: SQL, page: number): Promise<number> {
  if (page === 1) return 0
  const result = await db.execute<Record<string, unknown>>(
    sql`select count(*) as "total" from "job" join "company" on "company"."id" = "job"."company_id" where ${where}`,
  )
  return Number(rowsOf(result)[0]?.total ?? 0)
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

/**
 * Companies by the tools of their public stacks (a private-mode company and private stacks stay out), with the
 * same tool filters; keywords match name, description and tags; location matches the city.
 */
export async function searchCompanies(db: Db, filters: MatchFilters): Promise<{ hits: CompanyHit[]; total: number }> {
  const toolIds = sql`"company_tools"."tool_ids"`
  const conditions: SQL[] = [sql`not "company"."private_mode"`, ...toolConditions(toolIds, filters)]
  if (filters.keywords) {
    conditions.push(sql`to_tsvector('english', "company"."name" || ' ' || coalesce("company"."description", '') || ' '
      || array_to_string("company"."tag_list", ' ')) @@ websearch_to_tsquery('english', ${filters.keywords})`)
  }
  if (filters.location) {
    conditions.push(
      sql`lower(coalesce("company"."city", '')) like ${`%${escapeLike(filters.location.toLowerCase())}%`}`,
    )
  }
  const where = sql.join(conditions, sql` and `)
  const result = await db.execute<Record<string, unknown>>(sql`
    with "company_tools" as (
      select "stack"."owner_company_id" as "company_id", array_agg(distinct "stack_tool"."tool_id") as "tool_ids"
      from "stack" join "stack_tool" on "stack_tool"."stack_id" = "stack"."id"
      where "stack"."owner_company_id" is not null and not "stack"."is_private"
      group by "stack"."owner_company_id"
    )
    select "company"."id", "company"."name", "company"."slug", "company"."description", "company"."image_url",
      "company"."city", "company"."verified", "company"."tag_list", "company_tools"."tool_ids",
      ${matchPercent(toolIds, filters.selected)} as "match",
      (select count(*) from "job" where "job"."company_id" = "company"."id"
        and ("job"."expires_at" is null or "job"."expires_at" > now())) as "job_count",
      count(*) over () as "total"
    from "company" join "company_tools" on "company_tools"."company_id" = "company"."id"
    where ${where}
    order by "match" desc, "job_count" desc, "company"."id" desc
    limit ${MATCH_PAGE_SIZE} offset ${offsetOf(filters.page)}`)
  const rows = rowsOf(result)
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    hits: rows.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      slug: String(row.slug),
      description: (row.description as string | null) ?? null,
      imageUrl: (row.image_url as string | null) ?? null,
      city: (row.city as string | null) ?? null,
      verified: Boolean(row.verified),
      tagList: parseTextArray(row.tag_list),
      toolIds: parseIntArray(row.tool_ids),
      jobCount: Number(row.job_count),
      match: Number(row.match),
    })),
  }
}

/** node-postgres answers { rows }, PGlite answers { rows } too; both typed loosely by drizzle's execute. */
function rowsOf(result: unknown): Record<string, unknown>[] {
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

/** Tool ids for slugs or ids (a part of only digits is an id); unknown and hidden tools are dropped. */
export async function resolveToolRefs(db: Db, refs: string[]): Promise<number[]> {
  if (refs.length === 0) return []
  const ids = refs.filter((ref) => /^\d{1,9}$/.test(ref)).map(Number)
  const slugs = refs.filter((ref) => !/^\d{1,9}$/.test(ref))
  const branches: SQL[] = []
  if (ids.length > 0) branches.push(inArray(tools.id, ids))
  if (slugs.length > 0) branches.push(inArray(tools.slug, slugs))
  const rows = await db
    .select({ id: tools.id, slug: tools.slug })
    .from(tools)
    .where(and(or(...branches), eq(tools.isHidden, false)))
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]))
  const known = new Set(rows.map((row) => row.id))
  // keep the order asked for
  const ordered = refs.map((ref) =>
    /^\d{1,9}$/.test(ref) ? (known.has(Number(ref)) ? Number(ref) : undefined) : bySlug.get(ref),
  )
  return [...new Set(ordered.filter((id): id is number => id !== undefined))]
}

export async function findSavedSearch(db: Db, userId: number) {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId))
  return row ?? null
}

export async function upsertSavedSearch(
  db: Db,
  userId: number,
  values: Omit<typeof savedSearches.$inferInsert, 'id' | 'userId' | 'updatedAt'>,
) {
  const [row] = await db
    .insert(savedSearches)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: savedSearches.userId, set: { ...values, updatedAt: new Date() } })
    .returning()
  return row!
}

export async function listJobStack(db: Db, userId: number) {
  return db
    .select({
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      imageUrl: tools.imageUrl,
      isPackage: tools.isPackage,
      isApproved: tools.isApproved,
      submittedById: tools.submittedById,
      excluded: jobStackTools.excluded,
      required: jobStackTools.required,
    })
    .from(jobStackTools)
    .innerJoin(tools, eq(tools.id, jobStackTools.toolId))
    .where(eq(jobStackTools.userId, userId))
    .orderBy(asc(jobStackTools.excluded), asc(jobStackTools.position))
}

export async function replaceJobStack(
  db: Db,
  userId: number,
  entries: Array<{ toolId: number; excluded: boolean; required: boolean }>,
) {
  await db.transaction(async (tx) => {
    await tx.delete(jobStackTools).where(eq(jobStackTools.userId, userId))
    if (entries.length > 0) {
      await tx.insert(jobStackTools).values(entries.map((entry, position) => ({ ...entry, userId, position })))
    }
  })
}

export async function findExistingToolIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: tools.id }).from(tools).where(inArray(tools.id, ids))
  return new Set(rows.map((row) => row.id))
}

/** A few members of each company for the result card's team (spec §3 Company result). */
export async function listCompanyTeams(db: Db, companyIds: number[], perCompany = 5) {
  const teams = new Map<number, Array<{ id: number; username: string; slug: string; image_url: string | null }>>()
  if (companyIds.length === 0) return teams
  const rows = await db
    .select({
      companyId: companyMembers.companyId,
      id: users.id,
      username: users.username,
      image: users.image,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(inArray(companyMembers.companyId, companyIds))
    .orderBy(asc(companyMembers.companyId), asc(companyMembers.id))
  for (const row of rows) {
    const team = teams.get(row.companyId) ?? []
    if (team.length < perCompany && row.username) {
      team.push({ id: row.id, username: row.username, slug: row.username, image_url: row.image })
    }
    teams.set(row.companyId, team)
  }
  return teams
}

// --- the job-stack card -----------------------------------------------------------------------------------------

export async function findCompanyForJobStackCard(db: Db, slug: string) {
  const [row] = await db
    .select({ id: companies.id, slug: companies.slug, name: companies.name, privateMode: companies.privateMode })
    .from(companies)
    .where(eq(companies.slug, slug.toLowerCase()))
  return row ?? null
}

/** Open jobs of a company as Stack Match lists them (none for a private-mode company). */
export async function countOpenCompanyJobs(db: Db, companyId: number): Promise<number> {
  const result = await db.execute<Record<string, unknown>>(sql`select count(*) as "total"
    from "job" join "company" on "company"."id" = "job"."company_id"
    where "job"."company_id" = ${companyId} and not "company"."private_mode"
      and ("job"."expires_at" is null or "job"."expires_at" > now())`)
  return Number(rowsOf(result)[0]?.total ?? 0)
}

/**
 * The company's tools for the card: those of its public stacks and of its open jobs, visible ones only, most
 * popular first.
 */
export async function listCompanyCardTools(db: Db, companyId: number) {
  const result = await db.execute<Record<string, unknown>>(sql`
    select "tool"."id", "tool"."slug" from "tool"
    where not "tool"."is_hidden" and "tool"."id" in (
      select "stack_tool"."tool_id" from "stack_tool" join "stack" on "stack"."id" = "stack_tool"."stack_id"
      where "stack"."owner_company_id" = ${companyId} and not "stack"."is_private"
      union
      select unnest("job"."tool_ids") from "job"
      where "job"."company_id" = ${companyId} and ("job"."expires_at" is null or "job"."expires_at" > now())
    )
    order by "tool"."popularity" desc nulls last, "tool"."id" asc`)
  return rowsOf(result).map((row) => ({ id: Number(row.id), slug: String(row.slug) }))
}

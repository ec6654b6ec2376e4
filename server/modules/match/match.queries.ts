// Stack Match's other reads and writes: tool references, the saved search, the job stack and the
// job-stack card. The search itself: match-search.queries.ts.
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, jobStackTools, savedSearches, tools } from '../../db/schema/index.ts'
import { executeNamed, rowsOf } from '../../db/statements.ts'
import { toolRefIds } from '../tools/catalog-memos.ts'
import { resolveToolSlugs } from '../tools/tools.queries.ts'

const isIdRef = (ref: string) => /^\d{1,9}$/.test(ref)

/**
 * Tool ids of slugs or ids (a part of only digits is an id). A slug the catalog does not hold is then read as a name
 * or alias the way the scanner reads them (resolveToolSlugs: 'nodejs' is node-js), so the spec's default tools and
 * old links keep working. Unknown and hidden tools are left out. Answers each reference's id. Resolutions are kept a
 * while per instance (catalog-memos.ts).
 */
export async function resolveToolRefMap(db: Db, refs: string[]): Promise<Map<string, number>> {
  return toolRefIds.readThrough(db, refs, (missing) => readToolRefs(db, missing))
}

async function readToolRefs(db: Db, refs: string[]): Promise<Map<string, number>> {
  const resolved = new Map<string, number>()
  const ids = refs.filter(isIdRef).map(Number)
  const slugs = refs.filter((ref) => !isIdRef(ref))
  const branches: SQL[] = []
  if (ids.length > 0) branches.push(inArray(tools.id, ids))
  if (slugs.length > 0) branches.push(inArray(tools.slug, slugs))
  const rows = await db
    .select({ id: tools.id, slug: tools.slug })
    .from(tools)
    .where(and(or(...branches), eq(tools.isHidden, false)))
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]))
  const known = new Set(rows.map((row) => row.id))
  for (const ref of refs) {
    const id = isIdRef(ref) ? (known.has(Number(ref)) ? Number(ref) : undefined) : bySlug.get(ref)
    if (id !== undefined) resolved.set(ref, id)
  }
  const unresolved = slugs.filter((ref) => !resolved.has(ref))
  if (unresolved.length === 0) return resolved
  const aliased = await resolveToolSlugs(db, unresolved)
  const visible = await findExistingToolIds(db, [...aliased.values()], { visibleOnly: true })
  for (const [ref, id] of aliased) if (visible.has(id)) resolved.set(ref, id)
  return resolved
}

/** The ids of `refs` in the order given, each once (resolveToolRefMap). */
export const toolIdsOf = (refs: string[], resolved: Map<string, number>) => [
  ...new Set(refs.map((ref) => resolved.get(ref)).filter((id): id is number => id !== undefined)),
]

export async function resolveToolRefs(db: Db, refs: string[]): Promise<number[]> {
  return toolIdsOf(refs, await resolveToolRefMap(db, refs))
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

export async function findExistingToolIds(db: Db, ids: number[], { visibleOnly = false } = {}): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: tools.id })
    .from(tools)
    .where(visibleOnly ? and(inArray(tools.id, ids), eq(tools.isHidden, false)) : inArray(tools.id, ids))
  return new Set(rows.map((row) => row.id))
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

/**
 * The counter every change to what a search answers raises at commit (migration 0018: a job, a company's listed
 * fields, tools or team, a member's name or picture). Cached answers are keyed by it.
 */
export async function readMatchVersion(db: Db): Promise<string> {
  // every search reads it first: planned once per connection
  const [row] = await executeNamed(db, 'match_version', sql`select "version" from "match_version"`)
  // without the row no change would ever show before an answer expires: refuse to answer rather than go stale
  if (!row) throw new Error('match_version has no row: migration 0018 inserts it')
  return String(row.version)
}

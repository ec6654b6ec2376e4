// Jobs: writing a job with its tools (job_tool and the job.tool_ids mirror the match query reads), its search
// document, and reading one job for its page. Every query takes the database first.
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { slugify } from '#contracts/owners.ts'
import type { Db } from '../../db/client.ts'
import { companies, jobs, jobTools, tools } from '../../db/schema/index.ts'
import { type ToolCardRow, toolCards } from '../tools/catalog-memos.ts'

export type JobRow = typeof jobs.$inferSelect
export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'toolIds' | 'search' | 'createdAt' | 'updatedAt'>

/** The search document (schema: jobs.ts): title and company name (A), company tags (B), description (C). */
export const jobSearchDocument = sql`setweight(to_tsvector('english', coalesce("job"."title", '') || ' ' || "company"."name"), 'A')
  || setweight(to_tsvector('english', array_to_string("company"."tag_list", ' ')), 'B')
  || setweight(to_tsvector('english', left(coalesce("job"."description", ''), 20000)), 'C')`

export async function refreshJobSearch(db: Db, jobIds: number[]) {
  if (jobIds.length === 0) return
  await db.execute(sql`update "job" set "search" = ${jobSearchDocument}
    from "company" where "company"."id" = "job"."company_id" and "job"."id" in ${jobIds}`)
}

/** Every job of a company, after the company's name or tags change. */
export async function refreshCompanyJobsSearch(db: Db, companyId: number) {
  await db.execute(sql`update "job" set "search" = ${jobSearchDocument}
    from "company" where "company"."id" = "job"."company_id" and "job"."company_id" = ${companyId}`)
}

/**
 * The one writer of a job and its tools, for imports, the demo generator and company postings alike: the job row,
 * its job_tool rows and the job.tool_ids mirror (sorted, distinct) and its search document, in one transaction.
 * - `jobId` given: updates that job (a company editing its posting);
 * - a sourceKey: creates the job, or updates the one with that source key (a second import);
 * - neither: creates the job; a taken slug fails with the unique violation (the caller picks another).
 */
export async function saveJob(db: Db, values: JobValues, toolIds: number[], jobId?: number): Promise<JobRow> {
  const distinct = [...new Set(toolIds)].sort((a, b) => a - b)
  return db.transaction(async (tx) => {
    let job: JobRow | undefined
    if (jobId !== undefined) {
      ;[job] = await tx
        .update(jobs)
        .set({ ...values, toolIds: distinct, updatedAt: new Date() })
        .where(eq(jobs.id, jobId))
        .returning()
      if (!job) throw new Error(`no job ${jobId}`)
    } else if (values.sourceKey) {
      ;[job] = await tx
        .insert(jobs)
        .values({ ...values, toolIds: distinct })
        .onConflictDoUpdate({
          target: jobs.sourceKey,
          set: { ...values, slug: sql`"job"."slug"`, toolIds: distinct, updatedAt: new Date() },
        })
        .returning()
    } else {
      ;[job] = await tx
        .insert(jobs)
        .values({ ...values, toolIds: distinct })
        .returning()
    }
    await tx.delete(jobTools).where(eq(jobTools.jobId, job!.id))
    if (distinct.length > 0) await tx.insert(jobTools).values(distinct.map((toolId) => ({ jobId: job!.id, toolId })))
    await refreshJobSearch(tx as unknown as Db, [job!.id])
    return job!
  })
}

export async function findJobBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      job: jobs,
      companyName: companies.name,
      companySlug: companies.slug,
      companyImageUrl: companies.imageUrl,
      companyTagList: companies.tagList,
      companyVerified: companies.verified,
      companyDescription: companies.description,
      companyWebsiteUrl: companies.websiteUrl,
      companyPrivate: companies.privateMode,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.slug, slug))
  return row ?? null
}

/** Tools by id for result cards (hidden tools are left out); kept a while per instance (catalog-memos.ts). */
export function findCardTools(db: Db, ids: number[]): Promise<Map<number, ToolCardRow>> {
  return toolCards.readThrough(db, ids, async (missing) => {
    const rows = await db
      .select({
        id: tools.id,
        name: tools.name,
        slug: tools.slug,
        imageUrl: tools.imageUrl,
        isPackage: tools.isPackage,
      })
      .from(tools)
      .where(and(inArray(tools.id, missing), eq(tools.isHidden, false)))
    return new Map(rows.map((row) => [row.id, row]))
  })
}

export async function listJobSlugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: jobs.slug })
    .from(jobs)
    .where(sql`${jobs.slug} = ${base} or ${jobs.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}-%`}`)
  return new Set(rows.map((row) => row.slug))
}

/** A free job slug: the title and the company's slug, with -2, -3... when taken. */
export async function uniqueJobSlug(db: Db, title: string, companySlug: string): Promise<string> {
  const base = `${slugify(title) || 'job'}-${companySlug}`.slice(0, 100)
  const taken = await listJobSlugsLike(db, base)
  let slug = base
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`
  return slug
}

/** A company's job by id; null when the job is another company's (the caller answers 404 either way). */
export async function findCompanyJob(db: Db, companyId: number, jobId: number): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
  return job ?? null
}

/** Every job of a company for its admins: open ones first, each group newest first. */
export async function listCompanyJobs(db: Db, companyId: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.companyId, companyId))
    .orderBy(sql`("job"."expires_at" is not null and "job"."expires_at" <= now())`, desc(jobs.postedAt), desc(jobs.id))
}

export async function expireJob(db: Db, jobId: number, at: Date): Promise<JobRow> {
  const [job] = await db.update(jobs).set({ expiresAt: at, updatedAt: at }).where(eq(jobs.id, jobId)).returning()
  return job!
}

export async function deleteJob(db: Db, jobId: number): Promise<void> {
  // job_tool rows go with it (on delete cascade)
  await db.delete(jobs).where(eq(jobs.id, jobId))
}

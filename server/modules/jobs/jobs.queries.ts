// Jobs: writing a job with its tools (job_tool and the job.tool_ids mirror the match query reads), its search
// document, and reading one job for its page. Every query takes the database first.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, jobs, jobTools, tools } from '../../db/schema/index.ts'

export type JobRow = typeof jobs.$inferSelect
export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'toolIds' | 'search' | 'createdAt' | 'updatedAt'>

/** The search document (schema: jobs.ts): title and company name (A), company tags (B), description (C). */
const searchDocument = sql`setweight(to_tsvector('english', coalesce("job"."title", '') || ' ' || "company"."name"), 'A')
  || setweight(to_tsvector('english', array_to_string("company"."tag_list", ' ')), 'B')
  || setweight(to_tsvector('english', left(coalesce("job"."description", ''), 20000)), 'C')`

export async function refreshJobSearch(db: Db, jobIds: number[]) {
  if (jobIds.length === 0) return
  await db.execute(sql`update "job" set "search" = ${searchDocument}
    from "company" where "company"."id" = "job"."company_id" and "job"."id" in ${jobIds}`)
}

/** Creates a job, or updates the one with the same source_key (a second import) or slug, with exactly these tools. */
export async function saveJob(db: Db, values: JobValues, toolIds: number[]): Promise<JobRow> {
  const distinct = [...new Set(toolIds)].sort((a, b) => a - b)
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({ ...values, toolIds: distinct })
      .onConflictDoUpdate({
        target: values.sourceKey ? jobs.sourceKey : jobs.slug,
        set: { ...values, slug: sql`"job"."slug"`, toolIds: distinct, updatedAt: new Date() },
      })
      .returning()
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
      companyPrivate: companies.privateMode,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.slug, slug))
  return row ?? null
}

export type ToolCardRow = { id: number; name: string; slug: string; imageUrl: string | null; isPackage: boolean }

/** Tools by id for result cards (hidden tools are left out). */
export async function findCardTools(db: Db, ids: number[]): Promise<Map<number, ToolCardRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: tools.id, name: tools.name, slug: tools.slug, imageUrl: tools.imageUrl, isPackage: tools.isPackage })
    .from(tools)
    .where(and(inArray(tools.id, ids), eq(tools.isHidden, false)))
  return new Map(rows.map((row) => [row.id, row]))
}

export async function listJobSlugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: jobs.slug })
    .from(jobs)
    .where(sql`${jobs.slug} = ${base} or ${jobs.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}-%`}`)
  return new Set(rows.map((row) => row.slug))
}

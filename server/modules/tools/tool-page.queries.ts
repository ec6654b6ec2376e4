// The reads behind a tool page and a comparison (contracts/tool-page.ts): a tool's best pros and cons, the companies
// whose public stacks use it, its open jobs, and the viewer's votes. Every function takes the database first.
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, jobs, reasons, reasonVotes, stacks, stackTools, users } from '../../db/schema/index.ts'

/** The best `perType` pros and the best `perType` cons of each tool, most votes first, with their authors. */
export async function listBestReasons(db: Db, toolIds: number[], perType: number) {
  if (toolIds.length === 0) return []
  const ranked = db
    .select({
      id: reasons.id,
      toolId: reasons.toolId,
      text: reasons.text,
      isCon: reasons.isCon,
      votesTotal: reasons.votesTotal,
      userId: reasons.userId,
      rank: sql<number>`row_number() over (partition by ${reasons.toolId}, ${reasons.isCon}
        order by ${reasons.votesTotal} desc, ${reasons.id} asc)`.as('rank'),
    })
    .from(reasons)
    .where(inArray(reasons.toolId, toolIds))
    .as('ranked')
  return db
    .select({
      id: ranked.id,
      toolId: ranked.toolId,
      text: ranked.text,
      isCon: ranked.isCon,
      votesTotal: ranked.votesTotal,
      userId: ranked.userId,
      username: users.username,
      userImage: users.image,
    })
    .from(ranked)
    .leftJoin(users, eq(users.id, ranked.userId))
    .where(lte(ranked.rank, perType))
    .orderBy(asc(ranked.toolId), desc(ranked.votesTotal), asc(ranked.id))
}
export type BestReasonRow = Awaited<ReturnType<typeof listBestReasons>>[number]

/** How many pros and cons each tool has. */
export async function countReasons(db: Db, toolIds: number[]) {
  const counts = new Map<number, { pros: number; cons: number }>(toolIds.map((id) => [id, { pros: 0, cons: 0 }]))
  if (toolIds.length === 0) return counts
  const rows = await db
    .select({ toolId: reasons.toolId, isCon: reasons.isCon, total: count() })
    .from(reasons)
    .where(inArray(reasons.toolId, toolIds))
    .groupBy(reasons.toolId, reasons.isCon)
  for (const row of rows) {
    const entry = counts.get(row.toolId)!
    if (row.isCon) entry.cons = row.total
    else entry.pros = row.total
  }
  return counts
}

/**
 * Companies with at least one public stack using the tool, most followed first; private-mode companies keep their
 * stacks to themselves and are left out. Answers the first `limit` and the total.
 */
export async function listCompaniesUsingTool(db: Db, toolId: number, limit: number) {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      imageUrl: companies.imageUrl,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companies)
    .where(
      and(
        eq(companies.privateMode, false),
        sql`exists (select 1 from ${stackTools} join ${stacks} on ${stacks.id} = ${stackTools.stackId}
          where ${stackTools.toolId} = ${toolId} and ${stacks.ownerCompanyId} = ${companies.id}
            and not ${stacks.isPrivate})`,
      ),
    )
    .orderBy(desc(companies.followersCount), asc(companies.name), asc(companies.id))
    .limit(limit)
  return { companies: rows, total: rows[0]?.total ?? 0 }
}
export type CompanyUsingToolRow = Awaited<ReturnType<typeof listCompaniesUsingTool>>['companies'][number]

/** What makes a job open and listed: not expired, and its company not in private mode (as Stack Match reads it). */
export const isOpenListedJob = sql`(${jobs.expiresAt} is null or ${jobs.expiresAt} > now()) and not ${companies.privateMode}`

/** Open jobs asking for the tool, newest first (job.tool_ids is GIN-indexed), and how many there are. */
export async function listOpenJobsWithTool(db: Db, toolId: number, limit: number) {
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      slug: jobs.slug,
      city: jobs.city,
      location: jobs.location,
      remote: jobs.remote,
      companyName: companies.name,
      companyImageUrl: companies.imageUrl,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(sql`${jobs.toolIds} @> array[${toolId}::integer]`, isOpenListedJob))
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .limit(limit)
  return { jobs: rows, total: rows[0]?.total ?? 0 }
}
export type OpenJobRow = Awaited<ReturnType<typeof listOpenJobsWithTool>>['jobs'][number]

/** The user's votes on the reasons of these tools. */
export async function listUserReasonVotes(db: Db, userId: number, toolIds: number[]) {
  if (toolIds.length === 0) return []
  return db
    .select({ reasonId: reasonVotes.reasonId, value: reasonVotes.value })
    .from(reasonVotes)
    .innerJoin(reasons, eq(reasons.id, reasonVotes.reasonId))
    .where(and(eq(reasonVotes.userId, userId), inArray(reasons.toolId, toolIds)))
    .orderBy(asc(reasonVotes.reasonId))
}

// The reads behind a tool page and a comparison (contracts/tool-page.ts): a tool's best pros and cons, the companies
// whose public stacks use it, its open jobs, and the viewer's votes. Every function takes the database first.
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, jobs, reasons, reasonVotes, stacks, stackTools, users } from '../../db/schema/index.ts'
import type { PublicStackRow, ToolListRow } from './tools.queries.ts'

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

/** An open job asking for the tool, with the number of such jobs (loadToolPageParts reads them newest first). */
export interface OpenJobRow {
  id: number
  title: string
  slug: string
  city: string | null
  location: string | null
  remote: boolean
  companyName: string
  companyImageUrl: string | null
  total: number
}

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

/** A tool page's six parts as one row of JSON: camelCase keys, the shapes of the functions above. */
export interface ToolPageParts {
  stacks: PublicStackRow[]
  reasons: BestReasonRow[]
  reasonCounts: { pros: number; cons: number }
  companies: CompanyUsingToolRow[]
  alternatives: ToolListRow[]
  jobs: OpenJobRow[]
}

const toolId = sql.placeholder('toolId')
const categoryId = sql.placeholder('categoryId')
const limit = {
  stacks: sql.placeholder('stacks'),
  reasons: sql.placeholder('reasons'),
  companies: sql.placeholder('companies'),
  alternatives: sql.placeholder('alternatives'),
  jobs: sql.placeholder('jobs'),
}
const toolPagePartsSql = sql`select
  (select json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'imageUrl', s.image_url,
      'userSlug', s.user_slug, 'userName', s.user_name, 'userImage', s.user_image, 'companySlug', s.company_slug,
      'companyName', s.company_name, 'companyImage', s.company_image)
      order by s.followers_count desc, s.created_at desc, s.id)
    from (select stack.id, stack.name, stack.slug, stack.image_url, stack.followers_count, stack.created_at,
        "user".username as user_slug, "user".name as user_name, "user".image as user_image,
        company.slug as company_slug, company.name as company_name, company.image_url as company_image
      from stack_tool join stack on stack.id = stack_tool.stack_id
        left join "user" on "user".id = stack.owner_user_id
        left join company on company.id = stack.owner_company_id
      where stack_tool.tool_id = ${toolId} and not stack.is_private
        and ("user".username is not null or company.slug is not null)
      order by stack.followers_count desc, stack.created_at desc, stack.id limit ${limit.stacks}) s) as stacks,
  (select json_agg(json_build_object('id', r.id, 'toolId', r.tool_id, 'text', r.text, 'isCon', r.is_con,
      'votesTotal', r.votes_total, 'userId', r.user_id, 'username', "user".username, 'userImage', "user".image)
      order by r.votes_total desc, r.id)
    from ((select id, tool_id, text, is_con, votes_total, user_id from reason
          where tool_id = ${toolId} and not is_con order by votes_total desc, id limit ${limit.reasons})
        union all
        (select id, tool_id, text, is_con, votes_total, user_id from reason
          where tool_id = ${toolId} and is_con order by votes_total desc, id limit ${limit.reasons})) r
      left join "user" on "user".id = r.user_id) as reasons,
  (select json_build_object('pros', count(*) filter (where not is_con), 'cons', count(*) filter (where is_con))
    from reason where tool_id = ${toolId}) as "reasonCounts",
  (select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'imageUrl', c.image_url,
      'total', c.total) order by c.followers_count desc, c.name, c.id)
    from (select company.id, company.name, company.slug, company.image_url, company.followers_count,
        count(*) over () as total
      from company
      where not company.private_mode and exists (select 1 from stack_tool join stack on stack.id = stack_tool.stack_id
        where stack_tool.tool_id = ${toolId} and stack.owner_company_id = company.id and not stack.is_private)
      order by company.followers_count desc, company.name, company.id limit ${limit.companies}) c) as companies,
  (select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name, 'title', a.title,
      'imageUrl', a.image_url, 'websiteUrl', a.website_url, 'isApproved', a.is_approved, 'isPackage', a.is_package,
      'isHidden', a.is_hidden, 'submittedById', a.submitted_by_id, 'stacksCount', a.stacks_count,
      'popularity', a.popularity, 'categorySlug', a.category_slug, 'categoryName', a.category_name,
      'layerSlug', a.layer_slug, 'layerName', a.layer_name)
      order by a.popularity desc nulls last, a.name, a.id)
    from (select tool.id, tool.slug, tool.name, tool.title, tool.image_url, tool.website_url, tool.is_approved,
        tool.is_package, tool.is_hidden, tool.submitted_by_id, tool.stacks_count, tool.popularity,
        category.slug as category_slug, category.name as category_name, layer.slug as layer_slug,
        layer.name as layer_name
      from tool left join category on category.id = tool.category_id left join layer on layer.id = category.layer_id
      where tool.is_approved and not tool.is_hidden and not tool.is_package
        and tool.category_id = ${categoryId} and tool.id <> ${toolId}
      order by tool.popularity desc nulls last, tool.name, tool.id limit ${limit.alternatives}) a) as alternatives,
  (select json_agg(json_build_object('id', j.id, 'title', j.title, 'slug', j.slug, 'city', j.city,
      'location', j.location, 'remote', j.remote, 'companyName', j.company_name,
      'companyImageUrl', j.company_image_url, 'total', j.total) order by j.posted_at desc, j.id desc)
    from (select job.id, job.title, job.slug, job.city, job.location, job.remote, job.posted_at,
        company.name as company_name, company.image_url as company_image_url, count(*) over () as total
      from job join company on company.id = job.company_id
      where job.tool_ids @> array[${toolId}::integer] and ${isOpenListedJob}
      order by job.posted_at desc, job.id desc limit ${limit.jobs}) j) as jobs`

type ToolPagePartsRow = { [K in keyof ToolPageParts]: ToolPageParts[K] | null }
const preparedToolPageParts = new WeakMap<
  Db,
  { execute(values: Record<string, unknown>): Promise<{ parts: ToolPagePartsRow }[]> }
>()

/**
 * Everything a tool page shows besides the tool itself, in one statement (one round trip, one pooled connection):
 * public stacks using it (most followed first), its best pros and cons (as listBestReasons ranks them) and their
 * counts, companies using it (as listCompaniesUsingTool), the most popular other listed tools of its category, and
 * its open jobs (newest first), each a subquery aggregated to JSON in its own order. Each subquery starts from an
 * index on the tool (stack_tool_tool_idx, reason_tool_idx, job_tool_ids_idx) or on its category
 * (tool_category_popularity_idx). Companies and jobs carry their total on every row. Prepared once per database: on
 * PostgreSQL a named statement, which each connection plans a few times (then a generic plan), not once per page.
 */
export async function loadToolPageParts(
  db: Db,
  tool: { id: number; categoryId: number | null },
  limits: { stacks: number; reasons: number; companies: number; alternatives: number; jobs: number },
): Promise<ToolPageParts> {
  let prepared = preparedToolPageParts.get(db)
  if (!prepared) {
    prepared = db
      .select({ parts: sql<ToolPagePartsRow>`(select row_to_json(p) from (${toolPagePartsSql}) p)` })
      .from(sql`(select 1) as one`)
      .prepare('tool_page_parts')
    preparedToolPageParts.set(db, prepared)
  }
  const [result] = await prepared.execute({ toolId: tool.id, categoryId: tool.categoryId, ...limits })
  const row = result!.parts
  return {
    stacks: row.stacks ?? [],
    reasons: row.reasons ?? [],
    reasonCounts: row.reasonCounts ?? { pros: 0, cons: 0 },
    companies: row.companies ?? [],
    alternatives: row.alternatives ?? [],
    jobs: row.jobs ?? [],
  }
}

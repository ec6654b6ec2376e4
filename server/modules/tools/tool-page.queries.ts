// The reads behind a tool page and a comparison (contracts/tool-page.ts): a tool's best pros and cons, the companies
// whose public stacks use it, its open jobs, and the viewer's votes. Every function takes the database first.
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { TOOL_PAGE_COUNT_CAP } from '#contracts/tool-page-meta.ts'
import { cappedCountSql } from '../../db/capped-count.ts'
import type { Db } from '../../db/client.ts'
import { reasons, reasonVotes, users } from '../../db/schema/index.ts'
import { plannedForEachRun } from '../../db/statements.ts'
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
 * Listed companies with a public stack using the tool: company.tool_ids holds the tools of a company's public stacks
 * (kept by the database, migration 0015), so the GIN index answers a rare tool and company_followers_idx (most
 * followed first) a popular one. Private-mode companies keep their stacks to themselves.
 */
const companiesUsingTool = (toolId: SQL) =>
  sql`from "company" where "company"."tool_ids" @> array[${toolId}]::integer[] and not "company"."private_mode"`
/** As company_followers_idx sorts (drizzle's desc() is nulls last). */
const companiesByFollowers = sql`"company"."followers_count" desc nulls last, "company"."name", "company"."id"`

/** The rows of `fromWhere` counted up to TOOL_PAGE_COUNT_CAP + 1. */
const cappedCount = (fromWhere: SQL) => cappedCountSql(fromWhere, TOOL_PAGE_COUNT_CAP)

export interface CompanyUsingToolRow {
  id: number
  name: string
  slug: string
  imageUrl: string | null
}

/** The first `limit` companies using the tool, most followed first, and how many there are (capped). */
export async function listCompaniesUsingTool(db: Db, toolId: number, limit: number) {
  const [row] = await db
    .select({
      companies: sql<CompanyUsingToolRow[] | null>`${companiesJson(sql`${toolId}`, sql`${limit}`)}`,
      total: sql<number>`${cappedCount(companiesUsingTool(sql`${toolId}`))}`,
    })
    .from(sql`(select 1) as "one"`)
  return { companies: row?.companies ?? [], total: row?.total ?? 0 }
}

const companiesJson = (toolId: SQL, limit: SQL) => sql`(select json_agg(json_build_object('id', c.id, 'name', c.name,
      'slug', c.slug, 'imageUrl', c.image_url) order by c.ord)
    from (select "company"."id", "company"."name", "company"."slug", "company"."image_url",
        row_number() over (order by ${companiesByFollowers}) as ord
      ${companiesUsingTool(toolId)} order by ${companiesByFollowers} limit ${limit}) c)`

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

/** A tool page's parts as one row of JSON: camelCase keys, the shapes of the functions above. */
export interface ToolPageParts {
  stacks: PublicStackRow[]
  reasons: BestReasonRow[]
  reasonCounts: { pros: number; cons: number }
  companies: CompanyUsingToolRow[]
  /** Capped: TOOL_PAGE_COUNT_CAP + 1 means more. */
  companiesCount: number
  alternatives: ToolListRow[]
  jobs: OpenJobRow[]
  /** Capped as companiesCount. */
  jobsCount: number
}

/** Open jobs of listed companies asking for the tool (Stack Match's conditions: match-search.queries.ts). */
const openJobsUsingTool = (toolId: SQL) => sql`from "job" where "job"."tool_ids" @> array[${toolId}]::integer[]
  and ("job"."expires_at" is null or "job"."expires_at" > now())
  and "job"."company_id" not in (select "id" from "company" where "private_mode")`
/** As job_posted_at_idx sorts. */
const jobsByRecency = sql`"job"."posted_at" desc nulls last, "job"."id" desc nulls last`
/** As stack_followers_idx sorts. */
const stacksByFollowers = sql`"stack"."followers_count" desc nulls last, "stack"."created_at" desc nulls last, "stack"."id"`

/** The statement's values, named: the tool, its category and the page's limits (loadToolPageParts). */
const toolPagePartsValues = {
  toolId: sql.placeholder('toolId'),
  categoryId: sql.placeholder('categoryId'),
  stacks: sql.placeholder('stacks'),
  reasons: sql.placeholder('reasons'),
  companies: sql.placeholder('companies'),
  alternatives: sql.placeholder('alternatives'),
  jobs: sql.placeholder('jobs'),
}

const toolPagePartsSql = () => {
  const limit = toolPagePartsValues
  const toolId = sql`${toolPagePartsValues.toolId}::integer`
  return sql`select
  (select json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'imageUrl', s.image_url,
      'userSlug', s.user_slug, 'userName', s.user_name, 'userImage', s.user_image, 'companySlug', s.company_slug,
      'companyName', s.company_name, 'companyImage', s.company_image) order by s.ord)
    from (select stack.id, stack.name, stack.slug, stack.image_url, row_number() over (order by ${stacksByFollowers}) as ord,
        "user".username as user_slug, "user".name as user_name, "user".image as user_image,
        company.slug as company_slug, company.name as company_name, company.image_url as company_image
      from stack join stack_tool on stack_tool.stack_id = stack.id and stack_tool.tool_id = ${toolId}
        left join "user" on "user".id = stack.owner_user_id
        left join company on company.id = stack.owner_company_id
      where not stack.is_private and ("user".username is not null or company.slug is not null)
      order by ${stacksByFollowers} limit ${limit.stacks}) s) as stacks,
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
  ${companiesJson(toolId, sql`${limit.companies}`)} as companies,
  ${cappedCount(companiesUsingTool(toolId))} as "companiesCount",
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
        and tool.category_id = ${toolPagePartsValues.categoryId}::integer and tool.id <> ${toolId}
      order by tool.popularity desc nulls last, tool.name, tool.id limit ${limit.alternatives}) a) as alternatives,
  (select json_agg(json_build_object('id', j.id, 'title', j.title, 'slug', j.slug, 'city', j.city,
      'location', j.location, 'remote', j.remote, 'companyName', company.name,
      'companyImageUrl', company.image_url) order by j.ord)
    from (select "job"."id", "job"."title", "job"."slug", "job"."city", "job"."location", "job"."remote",
        "job"."company_id", row_number() over (order by ${jobsByRecency}) as ord
      ${openJobsUsingTool(toolId)} order by ${jobsByRecency} limit ${limit.jobs}) j
      join company on company.id = j.company_id) as jobs,
  ${cappedCount(openJobsUsingTool(toolId))} as "jobsCount"`
}

type ToolPagePartsRow = { [K in keyof ToolPageParts]: ToolPageParts[K] | null }

/** Built once, planned for each tool: see loadToolPageParts. */
const runToolPageParts = plannedForEachRun(sql`select (select row_to_json(p) from (${toolPagePartsSql()}) p) as parts`)

/**
 * Everything a tool page shows besides the tool itself, in one statement (one round trip, one pooled connection):
 * public stacks using it (most followed first), its best pros and cons (as listBestReasons ranks them) and their
 * counts, companies using it (as listCompaniesUsingTool), the most popular other listed tools of its category, and
 * its open jobs (newest first), each a subquery aggregated to JSON in its own order, and the two capped counts.
 *
 * Planned for each tool, not prepared: a tool in half of all stacks and one in two want different plans. A popular
 * tool walks an order index (stack_followers_idx, company_followers_idx, job_posted_at_idx) and stops at the limit;
 * a rare one starts from its index (stack_tool_tool_idx, company_tool_ids_idx, job_tool_ids_idx) and sorts a few
 * rows. A prepared statement's generic plan picked one for all tools, and a popular tool's page read every one of
 * its stacks, companies and jobs (150 ms for a tool in 40% of 100,000 jobs; decision 033). Its text is built once
 * and sent unnamed with the tool's values, so drizzle builds nothing per page (decision 068).
 */
export async function loadToolPageParts(
  db: Db,
  tool: { id: number; categoryId: number | null },
  limits: { stacks: number; reasons: number; companies: number; alternatives: number; jobs: number },
): Promise<ToolPageParts> {
  const [result] = await runToolPageParts(db, { toolId: tool.id, categoryId: tool.categoryId, ...limits })
  const row = result!.parts as ToolPagePartsRow
  return {
    stacks: row.stacks ?? [],
    reasons: row.reasons ?? [],
    reasonCounts: row.reasonCounts ?? { pros: 0, cons: 0 },
    companies: row.companies ?? [],
    companiesCount: row.companiesCount ?? 0,
    alternatives: row.alternatives ?? [],
    jobs: row.jobs ?? [],
    jobsCount: row.jobsCount ?? 0,
  }
}

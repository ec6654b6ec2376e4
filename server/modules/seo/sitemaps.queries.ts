// What the sitemaps list (docs/decisions/043-sitemaps-and-robots.md): the public rows of each kind, a page at a time
// by primary-key range, and for the index the newest change of each page. Each statement answers the times already
// as W3C datetimes, so neither driver's date parsing matters.
import { type SQL, sql } from 'drizzle-orm'
import { TOOL_PAGE_ALTERNATIVES_COUNT } from '#contracts/tool-page-meta.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/statements.ts'

/**
 * URLs per sitemap, and ids per page of the id-paged kinds. The protocol allows 50,000 (sitemaps.org); a fifth of
 * that keeps one request to one short primary-key range (about 0.1 s and 1 MB of XML at a million stacks).
 */
export const SITEMAP_PAGE_SIZE = 10_000

/** The kinds whose pages are ranges of ids: page n lists the public rows with id in ((n - 1) * size, n * size]. */
export type IdPagedKind = 'tools' | 'stacks' | 'companies' | 'jobs'

/** Ids are PostgreSQL integers: a page past this one cannot hold any. */
export const LAST_ID_PAGE = Math.ceil(2 ** 31 / SITEMAP_PAGE_SIZE)

/** A timestamp as a W3C datetime in UTC to the second ('2026-11-24T08:30:00Z'). */
const w3c = (timestamp: SQL) => sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** Private-mode companies are a handful of rows (company_private_idx): a hashed anti-join, as Stack Match does. */
const notOfPrivateCompany = (companyId: SQL) =>
  sql`(${companyId} is null or ${companyId} not in (select "id" from "company" where "private_mode"))`

interface Listing {
  table: SQL
  id: SQL
  updatedAt: SQL
  /** Only what a visitor may see, as the pages themselves decide it, on the table's own columns. */
  isListed: SQL
  /** The joins a page's addresses need, and their columns as "owner" (stacks only) and "slug". */
  joins: SQL
  slugs: SQL
}

const listings: Record<IdPagedKind, Listing> = {
  // isPublicTool (tool-page.service.ts): pending, rejected and hidden tools have no public page
  tools: {
    table: sql`"tool"`,
    id: sql`"tool"."id"`,
    updatedAt: sql`"tool"."updated_at"`,
    isListed: sql`"tool"."is_approved" and not "tool"."is_hidden"`,
    joins: sql``,
    // a tool of a category has /tools/{slug}/alternatives too (packages' pages list products: not listed here)
    slugs: sql`"tool"."slug" as "slug",
      ("tool"."category_id" is not null and not "tool"."is_package") as "hasAlternatives"`,
  },
  // Private stacks, stacks of private-mode companies, and stacks of users without a handle (no address) stay out
  stacks: {
    table: sql`"stack"`,
    id: sql`"stack"."id"`,
    updatedAt: sql`"stack"."updated_at"`,
    isListed: sql`not "stack"."is_private" and ${notOfPrivateCompany(sql`"stack"."owner_company_id"`)}
      and ("stack"."owner_user_id" is null
        or "stack"."owner_user_id" not in (select "id" from "user" where "username" is null))`,
    joins: sql`left join "user" on "user"."id" = "stack"."owner_user_id"
      left join "company" on "company"."id" = "stack"."owner_company_id"`,
    slugs: sql`coalesce("user"."username", "company"."slug") as "owner", "stack"."slug" as "slug"`,
  },
  companies: {
    table: sql`"company"`,
    id: sql`"company"."id"`,
    updatedAt: sql`"company"."updated_at"`,
    isListed: sql`not "company"."private_mode"`,
    joins: sql``,
    slugs: sql`"company"."slug" as "slug"`,
  },
  // Open jobs of listed companies, as Stack Match lists them (match-rows.ts, match-search.queries.ts)
  jobs: {
    table: sql`"job"`,
    id: sql`"job"."id"`,
    updatedAt: sql`"job"."updated_at"`,
    isListed: sql`${notOfPrivateCompany(sql`"job"."company_id"`)}
      and ("job"."expires_at" is null or "job"."expires_at" > now())`,
    joins: sql``,
    slugs: sql`"job"."slug" as "slug"`,
  },
}

export interface PageSummary {
  page: number
  /** The newest change among the page's rows. */
  lastmod: string
}

/**
 * The pages of a kind that list at least one row, with their newest change, in page order: one primary-key range
 * per page up to the highest id. (Grouping every row by page instead sorted them all: four times slower.) The count
 * of pages goes in as a number so that the planner knows it: guessed from a subquery, it was a thousand, and
 * PostgreSQL spent a second compiling the statement (JIT) for a plan it thought that costly.
 */
export async function summarizeIdPages(db: Db, kind: IdPagedKind): Promise<PageSummary[]> {
  const { table, id, updatedAt, isListed } = listings[kind]
  const [highest] = rowsOf(await db.execute(sql`select max(${id}) as "id" from ${table}`))
  if (highest?.id == null) return []
  const pages = Math.ceil(Number(highest.id) / SITEMAP_PAGE_SIZE)
  const rows = rowsOf(
    await db.execute(sql`select "page", ${w3c(sql`"range"."newest"`)} as "lastmod"
      from generate_series(1, ${pages}::integer) as "page"
      cross join lateral (select max(${updatedAt}) as "newest" from ${table}
        where ${id} > ("page" - 1)::bigint * ${SITEMAP_PAGE_SIZE} and ${id} <= "page"::bigint * ${SITEMAP_PAGE_SIZE}
          and ${isListed}) as "range"
      where "range"."newest" is not null order by "page"`),
  )
  return rows.map((row) => ({ page: Number(row.page), lastmod: String(row.lastmod) }))
}

export interface ListedRow {
  owner: string | null
  slug: string
  lastmod: string
  /** A tool's: it has an alternatives page. */
  hasAlternatives: boolean
}

/** The public rows of one page, in id order: a range of the primary key. */
export async function listIdPage(db: Db, kind: IdPagedKind, page: number): Promise<ListedRow[]> {
  const { table, id, updatedAt, isListed, joins, slugs } = listings[kind]
  const after = (page - 1) * SITEMAP_PAGE_SIZE
  const rows = rowsOf(
    await db.execute(sql`select ${slugs}, ${w3c(updatedAt)} as "lastmod" from ${table} ${joins}
      where ${id} > ${after}::integer and ${id} <= ${after + SITEMAP_PAGE_SIZE}::bigint and ${isListed}
      order by ${id}`),
  )
  return rows.map((row) => ({
    owner: row.owner == null ? null : String(row.owner),
    slug: String(row.slug),
    lastmod: String(row.lastmod),
    hasAlternatives: row.hasAlternatives === true,
  }))
}

/** "Stackups of popular pairs" (decision 043): the most popular listed tools with a category, with alternatives. */
export const STACKUP_TOP_TOOLS = 1000

export interface StackupPairRow {
  first: string
  second: string
  /** The two tools' popularity added up. */
  popularity: number
  lastmod: string
}

/**
 * Each of the STACKUP_TOP_TOOLS most popular listed tools (not packages) paired with its alternatives as its tool
 * page links to their comparisons: the TOOL_PAGE_ALTERNATIVES_COUNT most popular other listed tools of its category.
 * A pair found from both sides comes once. One walk of tool_popularity_idx, then one short range of
 * tool_category_popularity_idx per tool.
 */
export async function listPopularStackupPairs(db: Db): Promise<StackupPairRow[]> {
  const listed = (table: SQL) => sql`${table}."is_approved" and not ${table}."is_hidden" and not ${table}."is_package"`
  const rows = rowsOf(
    await db.execute(sql`with "top" as (
        select "id", "slug", "category_id", "popularity", "updated_at" from "tool"
        where ${listed(sql`"tool"`)} and "category_id" is not null
        order by "popularity" desc nulls last, "name", "id" limit ${STACKUP_TOP_TOOLS})
      select distinct on (least("top"."id", "alternative"."id"), greatest("top"."id", "alternative"."id"))
        "top"."slug" as "first", "alternative"."slug" as "second",
        "top"."popularity" + "alternative"."popularity" as "popularity",
        ${w3c(sql`greatest("top"."updated_at", "alternative"."updated_at")`)} as "lastmod"
      from "top" cross join lateral (
        select "id", "slug", "popularity", "updated_at" from "tool" as "other"
        where ${listed(sql`"other"`)} and "other"."category_id" = "top"."category_id" and "other"."id" <> "top"."id"
        order by "popularity" desc nulls last, "name", "id" limit ${TOOL_PAGE_ALTERNATIVES_COUNT}) as "alternative"`),
  )
  return rows.map((row) => ({
    first: String(row.first),
    second: String(row.second),
    popularity: Number(row.popularity),
    lastmod: String(row.lastmod),
  }))
}

export interface FixedPagesFacts {
  /** Categories with at least one listed tool, by slug, with their newest tool change. */
  categories: Array<{ slug: string; lastmod: string }>
  /** The newest pro or con. */
  newestReason: string | null
  /** The newest open job of a listed company (Stack Match's first page). */
  newestJob: string | null
}

/** What the sitemap of the fixed pages needs: three small reads in one statement. */
export async function readFixedPagesFacts(db: Db): Promise<FixedPagesFacts> {
  const jobs = listings.jobs
  const [row] = rowsOf(
    await db.execute(sql`select
      (select json_agg(json_build_object('slug', c."slug", 'lastmod', c."lastmod") order by c."slug")
        from (select "category"."slug", ${w3c(sql`max("tool"."updated_at")`)} as "lastmod"
          from "category" join "tool" on "tool"."category_id" = "category"."id"
          where ${listings.tools.isListed} group by "category"."id", "category"."slug") c) as "categories",
      (select ${w3c(sql`"created_at"`)} from "reason" order by "id" desc limit 1) as "newestReason",
      (select ${w3c(jobs.updatedAt)} from ${jobs.table} where ${jobs.isListed}
        order by "job"."posted_at" desc nulls last, "job"."id" desc nulls last limit 1) as "newestJob"`),
  )
  const categories = (row?.categories ?? []) as Array<{ slug: string; lastmod: string }>
  return {
    categories,
    newestReason: row?.newestReason == null ? null : String(row.newestReason),
    newestJob: row?.newestJob == null ? null : String(row.newestJob),
  }
}

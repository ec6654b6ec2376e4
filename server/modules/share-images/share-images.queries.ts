// The inputs of a share card, one statement per request: names, counts and logo references (an image URL, and an md5
// of the SVG logo rather than its text), plus what decides whether the thing is public. The SVG text itself is read
// only when a card is drawn (listLogoSvgs). Every function takes the database first.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, ownerHandles, stacks, tools, users } from '../../db/schema/index.ts'
import { outerColumn } from '../../db/statements.ts'

/** Logos on a card beside the subject's: a stack's tools in its order, a company's most popular. */
export const CARD_TOOLS_COUNT = 8

/** What a tool contributes to a card's logo. */
export interface CardToolRow {
  id: number
  name: string
  imageUrl: string | null
  /** md5 of logo_svg, or null when the tool has none. */
  logoVersion: string | null
  brandColor: string | null
}

const publicTool = sql`${tools.isApproved} and not ${tools.isHidden}`

/** The first CARD_TOOLS_COUNT public tools `from` a join with "tool", in `order`, as a JSON list of CardToolRow. */
function cardToolsJson(from: SQL, order: SQL) {
  return sql<CardToolRow[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name,
    'imageUrl', t.image_url, 'logoVersion', t.logo_version, 'brandColor', t.brand_color) order by t.position), '[]')
    from (select "tool"."id", "tool"."name", "tool"."image_url", md5("tool"."logo_svg") as logo_version,
      "tool"."brand_color", row_number() over (order by ${order}) as position
      ${from} and ${publicTool} order by ${order} limit ${CARD_TOOLS_COUNT}) t)`
}

/** The tools with these slugs (one, or the two of a comparison), listed or not. */
export async function findToolCards(db: Db, slugs: string[]) {
  return db
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      title: tools.title,
      description: tools.description,
      imageUrl: tools.imageUrl,
      logoVersion: sql<string | null>`md5(${tools.logoSvg})`,
      brandColor: tools.brandColor,
      isApproved: tools.isApproved,
      isHidden: tools.isHidden,
      stacksCount: tools.stacksCount,
      followersCount: tools.followersCount,
      votesCount: tools.votesCount,
    })
    .from(tools)
    .where(inArray(tools.slug, slugs))
}
export type ToolCardRow = Awaited<ReturnType<typeof findToolCards>>[number]

/** The stack at /{ownerSlug}/{stackSlug} with its owner, public tools and their count, or null. */
export async function findStackCard(db: Db, ownerSlug: string, stackSlug: string) {
  const [row] = await db
    .select({
      id: stacks.id,
      name: stacks.name,
      description: stacks.description,
      imageUrl: stacks.imageUrl,
      isPrivate: stacks.isPrivate,
      followersCount: stacks.followersCount,
      companyPrivateMode: companies.privateMode,
      ownerName: sql<string>`coalesce(${companies.name}, ${users.name})`,
      ownerImageUrl: sql<string | null>`coalesce(${companies.imageUrl}, ${users.image})`,
      toolsCount: sql<number>`(select count(*) from "stack_tool" st join "tool" on "tool"."id" = st.tool_id
        where st.stack_id = ${outerColumn(stacks.id)} and ${publicTool})`.mapWith(Number),
      tools: cardToolsJson(
        sql`from "stack_tool" st join "tool" on "tool"."id" = st.tool_id where st.stack_id = ${outerColumn(stacks.id)}`,
        sql`st.position, "tool"."name"`,
      ),
    })
    .from(ownerHandles)
    .innerJoin(
      stacks,
      and(
        eq(stacks.slug, stackSlug),
        sql`(${stacks.ownerUserId} = ${ownerHandles.userId} or ${stacks.ownerCompanyId} = ${ownerHandles.companyId})`,
      ),
    )
    .leftJoin(users, eq(users.id, stacks.ownerUserId))
    .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
    .where(eq(ownerHandles.slug, ownerSlug))
  return row ?? null
}
export type StackCardRow = NonNullable<Awaited<ReturnType<typeof findStackCard>>>

/** The company with its public stacks and tools counted and its most popular public tools, or null. */
export async function findCompanyCard(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      description: companies.description,
      imageUrl: companies.imageUrl,
      privateMode: companies.privateMode,
      followersCount: companies.followersCount,
      stacksCount: sql<number>`(select count(*) from "stack" s
        where s.owner_company_id = ${outerColumn(companies.id)} and not s.is_private)`.mapWith(Number),
      toolsCount: sql<number>`(select count(*) from "tool"
        where "tool"."id" = any(${outerColumn(companies.toolIds)}) and ${publicTool})`.mapWith(Number),
      tools: cardToolsJson(
        sql`from "tool" where "tool"."id" = any(${outerColumn(companies.toolIds)})`,
        sql`"tool"."popularity" desc, "tool"."name"`,
      ),
    })
    .from(companies)
    .where(eq(companies.slug, slug))
  return row ?? null
}
export type CompanyCardRow = NonNullable<Awaited<ReturnType<typeof findCompanyCard>>>

/** The SVG logos of these tools, read when their card is drawn. */
export async function listLogoSvgs(db: Db, toolIds: number[]): Promise<Map<number, string>> {
  if (toolIds.length === 0) return new Map()
  const rows = await db
    .select({ id: tools.id, logoSvg: tools.logoSvg })
    .from(tools)
    .where(and(inArray(tools.id, toolIds), sql`${tools.logoSvg} is not null`))
  return new Map(rows.map((row) => [row.id, row.logoSvg!]))
}

// Reads and writes of the tool catalog. Every function takes the database first. Search design and the reasons
// for this query: docs/decisions/006-tool-search.md.
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { slugify } from '#contracts/owners.ts'
import type { Db } from '../../db/client.ts'
import { categories, layers, toolAliases, toolSearch, toolSearchPrefixes, tools } from '../../db/schema/index.ts'
import { nameKey } from '../../db/seed/catalog/names.ts'
import { builtOnce } from '../../db/statements.ts'
import { refreshToolSearchVectors } from '../../db/tool-search.ts'

/** The columns every tool list answers with (presentTool turns them into the Tool record). */
const toolListColumns = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  title: tools.title,
  imageUrl: tools.imageUrl,
  websiteUrl: tools.websiteUrl,
  isApproved: tools.isApproved,
  isPackage: tools.isPackage,
  isHidden: tools.isHidden,
  submittedById: tools.submittedById,
  stacksCount: tools.stacksCount,
  popularity: tools.popularity,
  categorySlug: categories.slug,
  categoryName: categories.name,
  layerSlug: layers.slug,
  layerName: layers.name,
}

export type ToolListRow = Awaited<ReturnType<typeof listPopularTools>>[number]

function selectToolList(db: Db) {
  return db
    .select(toolListColumns)
    .from(tools)
    .leftJoin(categories, eq(categories.id, tools.categoryId))
    .leftJoin(layers, eq(layers.id, categories.layerId))
}

/** Spelled as the indexes are (DESC NULLS LAST), or the planner cannot read them in order and sorts every row. */
const popularityFirst = sql`${tools.popularity} desc nulls last`

/** In public lists: approved and not hidden by a moderator. */
const isListed = and(eq(tools.isApproved, true), eq(tools.isHidden, false))!
/** Directory and popular lists leave ecosystem packages out (they are thousands of npm/PyPI names). */
const isListedProduct = and(isListed, eq(tools.isPackage, false))!

/** Listed tools, plus the viewer's own submissions (just_added) and, for moderators, everything. */
function isVisibleTo(viewer: { id: number; isModerator: boolean } | null): SQL {
  if (viewer?.isModerator) return sql`true`
  if (viewer) return or(isListed, eq(tools.submittedById, viewer.id))!
  return isListed
}

/**
 * What a lookup by slug answers (the wizard asks for a scan's tools by slug, to put them in a stack): what the viewer
 * may see, and the package tools an import or a scan created unlisted (decision 076), which a stack may hold though
 * they have no page, no place in lists and none in search until approved or in wide use. Not hidden, not rejected.
 */
function isUsableInStacksBy(viewer: { id: number; isModerator: boolean } | null): SQL {
  return or(isVisibleTo(viewer), and(eq(tools.isPackage, true), eq(tools.isHidden, false), isNull(tools.rejectedAt)))!
}

export function listPopularTools(db: Db, limit: number) {
  return selectToolList(db).where(isListedProduct).orderBy(popularityFirst, asc(tools.name), asc(tools.id)).limit(limit)
}

/**
 * Newest first. A catalog seeded in one transaction shares one created_at: ties go to the later insert, not to
 * popularity, which would only repeat the popular list under another heading.
 */
export function listNewestTools(db: Db, limit: number) {
  return selectToolList(db)
    .where(isListedProduct)
    .orderBy(sql`${tools.createdAt} desc nulls last`, desc(tools.id))
    .limit(limit)
}

export async function findCategoryBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      layerId: layers.id,
      layerSlug: layers.slug,
      layerName: layers.name,
    })
    .from(categories)
    .innerJoin(layers, eq(layers.id, categories.layerId))
    .where(eq(categories.slug, slug))
  return row ?? null
}

export async function findLayerBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(layers).where(eq(layers.slug, slug))
  return row ?? null
}

/** One page of the directory, most popular first. Fetches one extra row to tell whether a next page exists. */
export function listDirectoryTools(
  db: Db,
  filter: { categoryId?: number; layerId?: number },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [isListedProduct]
  if (filter.categoryId !== undefined) conditions.push(eq(tools.categoryId, filter.categoryId))
  if (filter.layerId !== undefined) conditions.push(eq(categories.layerId, filter.layerId))
  return selectToolList(db)
    .where(and(...conditions))
    .orderBy(popularityFirst, asc(tools.name), asc(tools.id))
    .limit(page.limit + 1)
    .offset(page.offset)
}

/**
 * The tool's alternatives: the other listed tools of its category (no packages), most popular first, the order of the
 * tool page's six (tool-page.queries.ts), one more than `page.limit` to tell whether a next page exists.
 */
export function listAlternativeTools(
  db: Db,
  tool: { id: number; categoryId: number },
  page: { limit: number; offset: number },
) {
  return selectToolList(db)
    .where(and(isListedProduct, eq(tools.categoryId, tool.categoryId), ne(tools.id, tool.id)))
    .orderBy(popularityFirst, asc(tools.name), asc(tools.id))
    .limit(page.limit + 1)
    .offset(page.offset)
}

/** Layers in order, each with its categories in order and the number of listed tools in each. */
export function listLayersWithCounts(db: Db) {
  return db
    .select({
      layerSlug: layers.slug,
      layerName: layers.name,
      categorySlug: categories.slug,
      categoryName: categories.name,
      toolsCount: count(tools.id),
    })
    .from(layers)
    .innerJoin(categories, eq(categories.layerId, layers.id))
    .leftJoin(tools, and(eq(tools.categoryId, categories.id), isListedProduct))
    .groupBy(layers.id, categories.id)
    .orderBy(asc(layers.position), asc(categories.position), asc(categories.name))
}

export async function findToolBySlug(db: Db, slug: string) {
  const [row] = await builtOnce(db, 'find_tool_by_slug', buildFindToolBySlug).execute({ slug })
  return row ?? null
}

/** Every tool page, comparison and share image starts here: prepared once per database handle (decision 068). */
function buildFindToolBySlug(db: Db, name: string) {
  return db
    .select({
      ...toolListColumns,
      description: tools.description,
      brandColor: tools.brandColor,
      categoryId: tools.categoryId,
      followersCount: tools.followersCount,
    })
    .from(tools)
    .leftJoin(categories, eq(categories.id, tools.categoryId))
    .leftJoin(layers, eq(layers.id, categories.layerId))
    .where(eq(tools.slug, sql.placeholder('slug')))
    .prepare(name)
}

/**
 * The tool a page address names: by its slug, else by a spelling of its name ('nodejs', 'NodeJS' for node-js), which
 * the tool page then moves to the canonical address (301, server/http/page-render.ts).
 */
export async function findToolBySlugOrName(db: Db, slug: string) {
  const bySlug = await findToolBySlug(db, slug)
  if (bySlug) return bySlug
  const [alias] = await db
    .select({ slug: tools.slug })
    .from(toolAliases)
    .innerJoin(tools, eq(tools.id, toolAliases.toolId))
    .where(and(eq(toolAliases.kind, 'name'), eq(toolAliases.alias, nameKey(slug))))
  return alias ? findToolBySlug(db, alias.slug) : null
}

export async function findToolLogo(db: Db, slug: string) {
  const [row] = await db
    .select({ name: tools.name, logoSvg: tools.logoSvg, brandColor: tools.brandColor })
    .from(tools)
    .where(eq(tools.slug, slug))
  return row ?? null
}

/** A public stack that uses a tool, with its owner (tool pages read them in loadToolPageParts). */
export interface PublicStackRow {
  id: number
  name: string
  slug: string
  imageUrl: string | null
  userSlug: string | null
  userName: string | null
  userImage: string | null
  companySlug: string | null
  companyName: string | null
  companyImage: string | null
}

/** Tools whose slug is exactly one of `slugs` and that the viewer may see. */
export async function findToolsByExactSlugs(
  db: Db,
  slugs: string[],
  viewer: { id: number; isModerator: boolean } | null,
) {
  if (slugs.length === 0) return []
  return selectToolList(db).where(and(inArray(tools.slug, slugs), isUsableInStacksBy(viewer)))
}

/**
 * Resolves loose names as the scanner and old links give them ("Node.js", "golang", "postgres", "express-js"):
 * an exact slug, then the slugified name, then a 'name' alias or the tool's own loose name key. Unknown names are
 * skipped. Answers a map from each input to its tool id.
 */
export async function resolveToolSlugs(db: Db, inputs: string[]): Promise<Map<string, number>> {
  const resolved = new Map<string, number>()
  if (inputs.length === 0) return resolved
  const slugCandidates = [...new Set(inputs.flatMap((input) => [input.toLowerCase(), slugify(input)]))]
  const keys = [...new Set(inputs.map(nameKey))]
  const [bySlug, byAlias, byNameKey] = await Promise.all([
    db.select({ id: tools.id, slug: tools.slug }).from(tools).where(inArray(tools.slug, slugCandidates)),
    db
      .select({ id: toolAliases.toolId, alias: toolAliases.alias })
      .from(toolAliases)
      .where(and(eq(toolAliases.kind, 'name'), inArray(toolAliases.alias, keys))),
    // lower(name) is trigram-indexed; equality on it uses that index (PostgreSQL 14+)
    db
      .select({ id: tools.id, name: tools.name })
      .from(tools)
      .where(
        inArray(
          sql`lower(${tools.name})`,
          inputs.map((input) => input.toLowerCase()),
        ),
      ),
  ])
  const slugIds = new Map(bySlug.map((row) => [row.slug, row.id]))
  const aliasIds = new Map(byAlias.map((row) => [row.alias, row.id]))
  const nameIds = new Map(byNameKey.map((row) => [nameKey(row.name), row.id]))
  for (const input of inputs) {
    const id =
      slugIds.get(input.toLowerCase()) ??
      slugIds.get(slugify(input)) ??
      nameIds.get(nameKey(input)) ??
      aliasIds.get(nameKey(input))
    if (id !== undefined) resolved.set(input, id)
  }
  return resolved
}

export async function findToolsByIds(db: Db, ids: number[], viewer: { id: number; isModerator: boolean } | null) {
  if (ids.length === 0) return []
  return selectToolList(db).where(and(inArray(tools.id, ids), isUsableInStacksBy(viewer)))
}

// --- search ---------------------------------------------------------------------------------------------------

/**
 * The search document of a tool, as SQL over the row `tool` (docs/decisions/006-tool-search.md):
 * A: the name as written, split at punctuation, and its loose key ('Node.js' gives node.js, node, js, nodejs);
 * B: every alias (spellings, package names, fingerprint names), also split at punctuation ('@sentry/node');
 * C: the one-line title, kept for ranking experiments but never matched by search (tool_search keeps A and B).
 */
export interface ParsedSearch {
  /** to_tsquery('simple', ...) text: every word as a prefix, all required (the document holds names and aliases). */
  tsquery: string
  /** lower(q), for the exact-name and name-prefix boosts. */
  lower: string
  /** nameKey(q): 'node js' and 'NodeJS' both give 'nodejs', compared with names and 'name' aliases. */
  key: string
}

export const SEARCH_MAX_WORDS = 8

/**
 * Null when the query has no letter or digit to search for. Each space-separated term becomes word prefixes: a
 * plain word as itself ('post' gives 'post':*); a punctuated term ('node.js', '@sentry/node') as the whole token
 * PostgreSQL's parser makes of it OR all its letter-and-digit parts, so it matches a search document that keeps
 * 'node.js' whole (the catalog seed's) as well as one that also splits it (server/db/tool-search.ts).
 */
export function parseSearchQuery(q: string): ParsedSearch | null {
  const text = q.normalize('NFKC').trim().toLowerCase()
  const groups: string[] = []
  let words = 0
  for (const term of new Set(text.split(/\s+/))) {
    const parts = [...new Set(term.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, SEARCH_MAX_WORDS - words)
    if (parts.length === 0) continue
    words += parts.length
    // Parts hold only letters and digits; the whole term loses quotes and backslashes, the only characters
    // that mean something inside a quoted to_tsquery operand.
    const allParts = parts.map((part) => `'${part}':*`).join(' & ')
    groups.push(parts.length === 1 ? allParts : `('${term.replace(/['\\]/g, '')}':* | ${allParts})`)
    if (words >= SEARCH_MAX_WORDS) break
  }
  if (groups.length === 0) return null
  return { tsquery: groups.join(' & '), lower: text, key: nameKey(text) }
}

/** A query the prefix table answers: one term of one to sixteen letters a-z or digits (tool_search_prefix, 070). */
const PREFIX_QUERY = /^[a-z0-9]{1,16}$/

/**
 * One page of search hits (docs/decisions/006-tool-search.md): tools whose name or aliases contain every query word
 * as a word prefix, exact names first (the name or a reviewed 'name' alias), then names starting with the query
 * (also when punctuation and spaces are ignored), then the rest (a word or an alias matched), each tier by
 * popularity. The page is ranked in the narrow search tables, then only its rows are read from tool. Fetches
 * limit + 1 rows to answer has_more without counting.
 */
export function searchTools(
  db: Db,
  search: ParsedSearch,
  options: RankOptions & {
    /** Which table ranks: by default the prefix table when the query fits it (tests compare the two). */
    via?: 'prefix' | 'document'
  },
): Promise<ToolListRow[]> {
  const via = options.via ?? (PREFIX_QUERY.test(search.lower) ? 'prefix' : 'document')
  return preparedSearch(db, via, options.includePackages).execute({
    ...search,
    limit: options.limit + 1,
    offset: options.offset,
  })
}

type RankOptions = { includePackages: boolean; limit: number; offset: number }
type SearchStatement = ReturnType<typeof buildSearch>

/**
 * Search is the hottest read: its four statements (ranked by prefix or by document, with or without packages) are
 * built once per database handle and prepared, so a query neither builds its SQL again nor, on PostgreSQL, makes the
 * server parse and plan it again on that connection (planning cost more than executing: decision 006).
 */
function preparedSearch(db: Db, via: 'prefix' | 'document', includePackages: boolean): SearchStatement {
  const name = `tool_search_by_${via}${includePackages ? '_with_packages' : ''}`
  return builtOnce(db, name, (db, name) => buildSearch(db, via, includePackages, name))
}

/** The statement's values: the ParsedSearch fields, and the page as LIMIT and OFFSET. */
const param = {
  tsquery: sql.placeholder('tsquery'),
  lower: sql.placeholder('lower'),
  key: sql.placeholder('key'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
}

function buildSearch(db: Db, via: 'prefix' | 'document', includePackages: boolean, name: string) {
  const hits = via === 'prefix' ? rankByPrefix(db, includePackages) : rankByDocument(db, includePackages)
  return selectToolList(db)
    .innerJoin(hits, eq(hits.toolId, tools.id))
    .orderBy(asc(hits.tier), sql`${hits.popularity} desc nulls last`, asc(hits.name), asc(hits.toolId))
    .prepare(name)
}

/** A prefix of one to sixteen characters: the first entries of its range of tool_search_prefix, already in rank order. */
function rankByPrefix(db: Db, includePackages: boolean) {
  const entry = toolSearchPrefixes
  return db
    .select({ toolId: entry.toolId, tier: entry.tier, popularity: entry.popularity, name: entry.name })
    .from(entry)
    .where(and(eq(entry.prefix, param.lower), includePackages ? undefined : eq(entry.isPackage, false)))
    .orderBy(asc(entry.tier), sql`${entry.popularity} desc nulls last`, asc(entry.name), asc(entry.toolId))
    .limit(param.limit)
    .offset(param.offset)
    .as('hit')
}

/** Any other query: the GIN index of tool_search, then the matches ranked in that narrow table. */
function rankByDocument(db: Db, includePackages: boolean) {
  const row = toolSearch
  // The loose key ('Po.st' gives 'post') only counts as a prefix, so an exact name or another spelling wins. The
  // catalog also stores every tool's own loose key as a 'name' alias: those aliases count as the loose key.
  const spelledTools = sql`select ${toolAliases.toolId} from ${toolAliases}
    join ${toolSearch} as "spelled" on "spelled"."tool_id" = ${toolAliases.toolId}
    where ${toolAliases.kind} = 'name' and ${toolAliases.alias} = ${param.key}
      and ${toolAliases.alias} <> "spelled"."name_key"`
  const tier = sql<number>`case
    when lower(${row.name}) = ${param.lower} or ${row.toolId} in (${spelledTools}) then 0
    when starts_with(lower(${row.name}), ${param.lower}) or starts_with(${row.nameKey}, ${param.key}) then 1
    else 2 end`
  return db
    .select({ toolId: row.toolId, tier: tier.as('tier'), popularity: row.popularity, name: row.name })
    .from(row)
    .where(
      and(
        sql`${row.doc} @@ to_tsquery('simple', ${param.tsquery})`,
        includePackages ? undefined : eq(row.isPackage, false),
      ),
    )
    .orderBy(tier, sql`${row.popularity} desc nulls last`, asc(row.name), asc(row.toolId))
    .limit(param.limit)
    .offset(param.offset)
    .as('hit')
}

// --- create ---------------------------------------------------------------------------------------------------

/** A tool already known by this name: same name ignoring case, same slug, same loose key as a 'name' alias. */
export async function findToolIdByName(db: Db, name: string): Promise<number | null> {
  const resolved = await resolveToolSlugs(db, [name])
  return resolved.get(name) ?? null
}

/** Tools whose website mentions `host`; the caller compares the sites exactly (a rare write, so a scan is fine). */
export async function listToolsWithWebsiteLike(db: Db, host: string) {
  const pattern = `%${host.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return db
    .select({ id: tools.id, websiteUrl: tools.websiteUrl })
    .from(tools)
    .where(sql`lower(${tools.websiteUrl}) like ${pattern}`)
    .orderBy(desc(tools.isApproved), popularityFirst, asc(tools.id))
    .limit(50)
}

/** Slugs a tool can never have: paths of /api/v1/tools/{slug}'s siblings. */
const RESERVED_TOOL_SLUGS = new Set(['newest'])

/** A slug for `name` no tool holds: 'name', then 'name-2', ... (`exceptId` may keep its own). */
export async function findFreeToolSlug(db: Db, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name) || 'tool'
  const taken = await db
    .select({ id: tools.id, slug: tools.slug })
    .from(tools)
    .where(or(eq(tools.slug, base), sql`${tools.slug} like ${`${base}-%`}`))
  const takenSlugs = new Set(taken.filter((row) => row.id !== exceptId).map((row) => row.slug))
  for (let suffix = 1; ; suffix++) {
    const slug = suffix === 1 ? base : `${base}-${suffix}`
    if (!takenSlugs.has(slug) && !RESERVED_TOOL_SLUGS.has(slug)) return slug
  }
}

/** Inserts a submitted tool under a free slug ('name', then 'name-2', ...), with its search document. */
export async function insertSubmittedTool(
  db: Db,
  input: { name: string; websiteUrl: string; submittedById: number },
): Promise<number> {
  for (;;) {
    const slug = await findFreeToolSlug(db, input.name)
    const [row] = await db
      .insert(tools)
      .values({
        slug,
        name: input.name,
        websiteUrl: input.websiteUrl,
        isApproved: false,
        submittedById: input.submittedById,
      })
      .onConflictDoNothing({ target: tools.slug })
      .returning({ id: tools.id })
    if (row) {
      await refreshToolSearchVectors(db, [row.id])
      return row.id
    }
  }
}

// The list pages' addresses, meta descriptions and structured data: home, the tool directory and its categories,
// Pros & Cons and Stack Match. Plain functions (no zod) that the pages call while they render, on the server and in
// the browser alike. Which address is canonical, and why: docs/decisions/046-seo-of-lists.md.
import { type Breadcrumb, breadcrumbList } from './breadcrumb-list.ts'
import { formatCappedCount, formatInteger } from './counts.ts'
import { clipDescription } from './tool-page-meta.ts'

const SCHEMA = 'https://schema.org'

/** A page in a list: its name and its site-relative path. */
export type LinkedPage = Breadcrumb

const absolute = (path: string, origin: string) => new URL(path, origin).toString()

/** Several schema.org nodes in one JSON-LD block (one @context for all; theirs, if any, dropped). */
export function structuredGraph(...nodes: Array<Record<string, unknown> | null>) {
  return {
    '@context': SCHEMA,
    '@graph': nodes.flatMap((node) => {
      if (!node) return []
      const { '@context': _context, ...rest } = node
      return [rest]
    }),
  }
}

/**
 * schema.org ItemList of the pages a list shows, in its order; `first` is the first one's position (page 2: 21). Null
 * for an empty list: a list of nothing tells a crawler nothing.
 */
export function pageItemList(name: string, items: LinkedPage[], origin: string, first = 1) {
  if (items.length === 0) return null
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    name,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: first + index,
      name: item.name,
      url: absolute(item.path, origin),
    })),
  }
}

const namesOf = (items: LinkedPage[], most: number) => {
  const names = items.slice(0, most).map((item) => item.name)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
}

// Home

export function homeMetaDescription(siteName: string, toolsCount: number | undefined) {
  const tools = toolsCount ? `${formatInteger(toolsCount)} tools` : 'the tools'
  return clipDescription(
    `${siteName}: discover ${tools} developers build with, the stacks and companies using them, their pros and ` +
      'cons, and jobs that match your stack.',
  )
}

/** schema.org WebSite with the sitelinks search box's SearchAction: /search?q= is the site's tool search. */
export function homeStructuredData(siteName: string, origin: string) {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: siteName,
    url: absolute('/', origin),
    potentialAction: {
      '@type': 'SearchAction',
      // built as text: URL() would escape the braces of the template
      target: { '@type': 'EntryPoint', urlTemplate: `${absolute('/search', origin)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

// The tool directory: /tools, /tools?layer={slug}, /categories/{slug}

export interface DirectoryAddress {
  layer?: string
  category?: string
  page: number
}

/**
 * A directory page's address, with only what chooses its list: the category or the layer, and the page from 2 on.
 * Links and the canonical address are both this, so other spellings (?page=1, tracking parameters) point here.
 */
export function directoryPath({ layer, category, page }: DirectoryAddress): string {
  const params = new URLSearchParams()
  if (layer && !category) params.set('layer', layer)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  const path = category ? `/categories/${encodeURIComponent(category)}` : '/tools'
  return query ? `${path}?${query}` : path
}

/** `heading`: the category's or layer's name, or null for every tool. */
export function directoryMetaDescription(
  heading: string | null,
  tools: LinkedPage[],
  toolsCount: number | undefined,
  page: number,
) {
  const counted = toolsCount === undefined ? '' : `${formatInteger(toolsCount)} `
  const subject = heading ? `${heading}: ${counted}tools` : `All ${counted}tools developers build with`
  const where = page > 1 ? `, page ${page}` : ''
  const names = tools.length > 0 ? `: ${namesOf(tools, 5)}` : ''
  return clipDescription(
    `${subject}, most popular first${where}${names}. Compare them and see the stacks and companies using each.`,
  )
}

/** ItemList of the page's tools, and for a layer or a category the trail from /tools down to it. */
export function directoryStructuredData(
  list: { name: string; tools: LinkedPage[]; firstPosition: number },
  trail: Breadcrumb[],
  origin: string,
) {
  const items = pageItemList(list.name, list.tools, origin, list.firstPosition)
  return trail.length > 1 ? structuredGraph(items, breadcrumbList(trail, origin)) : items
}

// Pros & Cons

export const PROS_CONS_PATH = '/pros-and-cons'

export const prosConsMetaDescription = (firstTools: LinkedPage[]) =>
  clipDescription(
    'Help other developers pick the right tools: add and vote on the pros and cons of ' +
      `${firstTools.length > 0 ? namesOf(firstTools, 4) : 'the tools they use'}, and earn points while doing it.`,
  )

// Stack Match: /match and /match/{toolSlug}

export const MATCH_PATH = '/match'
export const MATCH_TITLE = 'Stack Match - Find jobs that match your tech stack'

/** The filters a Stack Match address holds (the web's MatchSearch). */
export interface MatchAddress {
  selectedTools: string[]
  excludedTools: string[]
  requiredTools: string[]
  jobSearch: string
  location: string
  searchOperator: 'AND' | 'OR'
  fullTime: boolean
  freelance: boolean
  remote: boolean
}

/**
 * The tool a search is about when it asks for nothing else (one tool included, and required under Exact Match; no
 * exclusions, keywords, place or job terms): its /match/{slug} page is the canonical address of that search.
 */
export function matchSingleTool(search: MatchAddress): string | null {
  const [only, ...others] = search.selectedTools
  if (!only || others.length > 0 || search.excludedTools.length > 0) return null
  if (search.jobSearch || search.location || search.fullTime || search.freelance || search.remote) return null
  if (search.searchOperator === 'AND' && !search.requiredTools.includes(only)) return null
  return only
}

export const matchToolPath = (slug: string) => `${MATCH_PATH}/${encodeURIComponent(slug)}`

export const matchToolTitle = (toolName: string) => `${toolName} jobs and companies using ${toolName}`

type MatchTotal = { total: number; is_total_capped: boolean }

/** '1 job', '12 jobs', '1,000+ jobs'. */
const countOf = (count: MatchTotal, one: string, many: string) =>
  `${formatCappedCount(count.total, count.is_total_capped)} ${count.total === 1 && !count.is_total_capped ? one : many}`

/** `totals`: the first pages' counts, or null for a search that lists nothing (no tools in it). */
export function matchMetaDescription(
  tool: { name: string } | null,
  totals: { jobs: MatchTotal; companies: MatchTotal } | null,
) {
  if (tool) {
    const jobs = totals ? countOf(totals.jobs, `${tool.name} job`, `${tool.name} jobs`) : `${tool.name} jobs`
    const companies = totals ? countOf(totals.companies, 'company', 'companies') : 'companies'
    return clipDescription(
      `${jobs} and ${companies} whose stack uses ${tool.name}, ranked by how much of your stack they use. ` +
        'Stack Match finds jobs that match your tech stack.',
    )
  }
  const found = totals
    ? `${countOf(totals.jobs, 'job', 'jobs')} and ${countOf(totals.companies, 'company', 'companies')}`
    : 'jobs and companies'
  return clipDescription(
    `Stack Match: ${found} ranked by how much of your tech stack they use. Pick the tools you know, leave out ` +
      'the ones you do not, and find jobs that match.',
  )
}

/** The jobs shown first (an ItemList of their pages) and, on a tool's page, the trail from Stack Match to it. */
export function matchStructuredData(jobs: LinkedPage[], tool: { name: string; slug: string } | null, origin: string) {
  const items = pageItemList(tool ? matchToolTitle(tool.name) : 'Stack Match jobs', jobs, origin)
  if (!tool) return items
  const trail = [
    { name: 'Stack Match', path: MATCH_PATH },
    { name: `${tool.name} jobs`, path: matchToolPath(tool.slug) },
  ]
  return structuredGraph(items, breadcrumbList(trail, origin))
}

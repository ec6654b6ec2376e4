// The tool page and the comparison page (issue 8 "Tool pages"): everything the first screen of /tools/{slug} needs
// in one answer, the viewer's votes apart (the page answer is public and cached), and /stackups/{a}-vs-{b}.
// Decisions: docs/decisions/020-tool-pages-and-stackups.md.
import { z } from 'zod'
import { Tool, ToolDetail } from './tools.ts'

/** Pros and cons each shown on a tool page; pros_count and cons_count give the totals. */
export const TOOL_PAGE_REASONS_COUNT = 10
export const TOOL_PAGE_COMPANIES_COUNT = 12
/** Alternatives: the most popular other tools of the same category. */
export const TOOL_PAGE_ALTERNATIVES_COUNT = 6
/** Newest open jobs listed; the rest are one click away on /match/{slug}. */
export const TOOL_PAGE_JOBS_COUNT = 3
export const STACKUP_REASONS_COUNT = 5
export const STACKUP_COMPANIES_COUNT = 6
/** Search engines show about this much of a meta description. */
export const META_DESCRIPTION_MAX = 160

export const ToolPageReason = z
  .object({
    id: z.number().int(),
    text: z.string(),
    type: z.enum(['pro', 'con']),
    /** Up-votes minus down-votes. */
    votes: z.number().int(),
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    user_avatar: z.string().nullable(),
    service_id: z.number().int(),
  })
  .meta({ id: 'ToolPageReason' })
export type ToolPageReason = z.infer<typeof ToolPageReason>

export const ToolCompany = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** '/companies/{slug}' */
    canonical_url: z.string(),
    image_url: z.string().nullable(),
  })
  .meta({ id: 'ToolCompany' })
export type ToolCompany = z.infer<typeof ToolCompany>

export const ToolJob = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    /** '/match/jobs/{slug}' */
    canonical_url: z.string(),
    company_name: z.string(),
    company_image_url: z.string().nullable(),
    /** The city, else the location text. */
    location: z.string().nullable(),
    remote: z.boolean(),
  })
  .meta({ id: 'ToolJob' })
export type ToolJob = z.infer<typeof ToolJob>

export const ToolPageResponse = z.object({
  tool: ToolDetail,
  followers_count: z.number().int(),
  pros: z.array(ToolPageReason),
  cons: z.array(ToolPageReason),
  pros_count: z.number().int(),
  cons_count: z.number().int(),
  /** Companies with a public stack using the tool, most followed first (not private-mode companies). */
  companies: z.array(ToolCompany),
  companies_count: z.number().int(),
  /** The most popular other listed tools of the same category (none when the tool has no category). */
  alternatives: z.array(Tool),
  /** Open jobs asking for the tool, newest first; /match/{slug} lists them all. */
  jobs: z.array(ToolJob),
  jobs_count: z.number().int(),
})
export type ToolPageResponse = z.infer<typeof ToolPageResponse>

export const ReasonVotesResponse = z.object({
  /** The viewer's vote on each reason of these tools that they voted on (1 or -1). */
  votes: z.array(z.object({ reason_id: z.number().int(), vote: z.number().int() })),
})
export type ReasonVotesResponse = z.infer<typeof ReasonVotesResponse>

export const StackupSide = z
  .object({
    tool: Tool.extend({ description: z.string().nullable() }),
    followers_count: z.number().int(),
    pros: z.array(ToolPageReason),
    cons: z.array(ToolPageReason),
    pros_count: z.number().int(),
    cons_count: z.number().int(),
    companies: z.array(ToolCompany),
    companies_count: z.number().int(),
  })
  .meta({ id: 'StackupSide' })
export type StackupSide = z.infer<typeof StackupSide>

export const StackupResponse = z.object({
  /** The canonical '{a}-vs-{b}': a page asked in the other order redirects here. */
  slug: z.string(),
  /** '/stackups/{slug}' */
  canonical_url: z.string(),
  tools: z.tuple([StackupSide, StackupSide]),
})
export type StackupResponse = z.infer<typeof StackupResponse>

export const STACKUP_SEPARATOR = '-vs-'
/** Readings of a pair tried at most (each costs two lookups; real slugs rarely hold '-vs-' at all). */
export const STACKUP_SPLITS_MAX = 3

/**
 * The canonical comparison slug: the two tool slugs in code-point order ('react-vs-vue', never 'vue-react').
 * Alphabetical rather than by popularity so a page's address never moves when popularity does.
 */
export function stackupSlug(first: string, second: string): string {
  return first < second ? `${first}${STACKUP_SEPARATOR}${second}` : `${second}${STACKUP_SEPARATOR}${first}`
}

export const stackupUrl = (first: string, second: string) => `/stackups/${stackupSlug(first, second)}`

/**
 * Every way to read '{a}-vs-{b}' as two slugs: a slug may itself hold '-vs-' ('x-vs-y-vs-z' gives 'x' and
 * 'y-vs-z', then 'x-vs-y' and 'z'); the server keeps the first split whose two tools exist.
 */
export function splitStackupSlug(pair: string): Array<[string, string]> {
  const splits: Array<[string, string]> = []
  let from = 0
  while (splits.length < STACKUP_SPLITS_MAX) {
    const at = pair.indexOf(STACKUP_SEPARATOR, from)
    if (at < 0) break
    const first = pair.slice(0, at)
    const second = pair.slice(at + STACKUP_SEPARATOR.length)
    if (first && second) splits.push([first, second])
    from = at + 1
  }
  return splits
}

/** '{name} - {title}', or the name alone: the page's title before ' | {site}'. */
export function toolPageTitle(tool: { name: string; title: string | null }): string {
  return tool.title ? `${tool.name} - ${tool.title}` : tool.name
}

export function stackupTitle(first: { name: string }, second: { name: string }): string {
  return `${first.name} vs ${second.name}: what are the differences?`
}

/** At most META_DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
export function clipDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= META_DESCRIPTION_MAX) return flat
  const cut = flat.slice(0, META_DESCRIPTION_MAX - 1)
  const atWord = cut.lastIndexOf(' ')
  return `${(atWord > META_DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.]+$/, '')}…`
}

export function toolMetaDescription(tool: { name: string; title: string | null; description: string | null }) {
  const text = tool.description?.trim() || tool.title?.trim()
  return clipDescription(
    text
      ? `${tool.name}: ${text}`
      : `${tool.name}: the stacks and companies using it, its pros and cons, alternatives and jobs.`,
  )
}

export function stackupMetaDescription(first: { name: string }, second: { name: string }) {
  return clipDescription(
    `${first.name} vs ${second.name}: compare followers, stacks, pros and cons and the companies using each.`,
  )
}

type StructuredTool = {
  name: string
  title: string | null
  description: string | null
  website_url: string | null
  image_url: string
  canonical_url: string
  category: { name: string } | null
}

/** schema.org SoftwareApplication of a tool; `origin` makes its URLs absolute ('https://example.org'). */
export function toolStructuredData(tool: StructuredTool, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: tool.name,
    description: tool.description ?? tool.title ?? undefined,
    url: new URL(tool.canonical_url, origin).toString(),
    sameAs: tool.website_url ?? undefined,
    image: new URL(tool.image_url, origin).toString(),
    applicationCategory: tool.category?.name,
  }
}

export function stackupStructuredData(first: StructuredTool, second: StructuredTool, url: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: stackupTitle(first, second),
    url: new URL(url, origin).toString(),
    about: [first, second].map((tool) => {
      const { '@context': _context, ...data } = toolStructuredData(tool, origin)
      return data
    }),
  }
}

/** JSON for a <script type="application/ld+json"> block: '<' escaped so no text can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

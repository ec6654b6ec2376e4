// The tool page's and the comparison page's limits, addresses, titles, descriptions and structured data: plain
// functions and numbers apart from the zod schemas (contracts/tool-page.ts), so the web reads them without zod.
// Decisions: docs/decisions/020-tool-pages-and-stackups.md.
import { httpUrlOf } from './http-links.ts'

/** Pros and cons each shown on a tool page; pros_count and cons_count give the totals. */
export const TOOL_PAGE_REASONS_COUNT = 10
export const TOOL_PAGE_COMPANIES_COUNT = 12
/** Alternatives: the most popular other tools of the same category. */
export const TOOL_PAGE_ALTERNATIVES_COUNT = 6
/** Newest open jobs listed; the rest are one click away on /match/{slug}. */
export const TOOL_PAGE_JOBS_COUNT = 3
/**
 * A tool page counts its companies and jobs up to here; past it the page shows '1,000+', as Stack Match does (which
 * /match/{slug} opens): an exact count of a tool in 40% of 100,000 jobs would read them all on every view.
 */
export const TOOL_PAGE_COUNT_CAP = 1000
export const STACKUP_REASONS_COUNT = 5
export const STACKUP_COMPANIES_COUNT = 6
/** Search engines show about this much of a meta description. */
export const META_DESCRIPTION_MAX = 160

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

/**
 * A page's own part of its title, before ' | {site}': search results show about 60 characters of a title (the
 * catalog's tool titles are often a whole sentence of 100 characters and more: acceptance 2026-12-01, minor 11).
 */
export const PAGE_TITLE_MAX = 60

/** At most `max` characters, cut at a word with an ellipsis. */
function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const atWord = cut.lastIndexOf(' ')
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.\-–]+$/, '')}…`
}

/**
 * The tool page's title before ' | {site}', at most PAGE_TITLE_MAX characters: '{name}: {title}' when the catalog's
 * title is short, else '{name}: {category}', else the title cut at a word. The meta description keeps the long text.
 */
export function toolPageTitle(tool: {
  name: string
  title: string | null
  category?: { name: string } | null
}): string {
  const name = tool.name.trim()
  const tagline = tool.title?.replace(/\s+/g, ' ').trim()
  const withName = (text: string) => `${name}: ${text}`
  const candidates = [tagline && tagline.toLowerCase() !== name.toLowerCase() ? tagline : null, tool.category?.name]
  for (const text of candidates) {
    if (text && withName(text).length <= PAGE_TITLE_MAX) return withName(text)
  }
  const room = PAGE_TITLE_MAX - withName('').length
  if (candidates[0] && room >= 20) return withName(clipAtWord(candidates[0], room))
  return clipAtWord(name, PAGE_TITLE_MAX)
}

/** The alternatives page's address: the tool page's, then /alternatives. */
export const toolAlternativesPath = (slug: string) => `/tools/${slug}/alternatives`

/** '{name} alternatives', with the category when it fits in PAGE_TITLE_MAX. */
export function toolAlternativesTitle(tool: { name: string; category?: { name: string } | null }): string {
  const title = `${tool.name.trim()} alternatives`
  const withCategory = tool.category ? `${title}: ${tool.category.name}` : title
  return withCategory.length <= PAGE_TITLE_MAX ? withCategory : clipAtWord(title, PAGE_TITLE_MAX)
}

export function toolAlternativesMetaDescription(tool: { name: string; category?: { name: string } | null }): string {
  return clipDescription(
    `Alternatives to ${tool.name}${tool.category ? ` in ${tool.category.name}` : ''}, most popular first, each with a side-by-side comparison.`,
  )
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
    sameAs: httpUrlOf(tool.website_url) ?? undefined,
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

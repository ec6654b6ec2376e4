// The tool catalog ("services" in the specs' API): the Tool record of specs/stack-creation-and-editing.md §3
// (Tool/service) and specs/stack-match-and-community.md §3 (Tool), the directory, the tool page and search.
// Search design and ranking: docs/decisions/006-tool-search.md.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { httpUrlOf } from './http-links.ts'
import {
  DIRECTORY_MAX_PAGE,
  SEARCH_MAX_PAGE,
  SEARCH_QUERY_MAX,
  SLUGS_MAX,
  TOOL_NAME_MAX,
  WEBSITE_URL_MAX,
} from './tool-limits.ts'

export const Named = z.object({ slug: z.string(), name: z.string() })
export type Named = z.infer<typeof Named>

export const Tool = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** One-line title ("JavaScript library for building user interfaces"). */
    title: z.string().nullable(),
    /** The uploaded logo, else /logos/{slug}.svg (the package logo or a generated monogram). */
    image_url: z.string(),
    /** '/tools/{slug}' */
    canonical_url: z.string(),
    website_url: z.string().nullable(),
    is_approved: z.boolean(),
    is_package: z.boolean(),
    /** The viewer submitted this tool and it still waits for approval (docs/decisions/006-tool-search.md). */
    just_added: z.boolean(),
    /** A moderator hid it from public lists; only its submitter still sees it. */
    hidden: z.boolean(),
    category: Named.nullable(),
    layer: Named.nullable(),
    stacks_count: z.number().int(),
    popularity: z.number().int(),
  })
  .register(apiSchemas, { id: 'Tool' })
export type Tool = z.infer<typeof Tool>

export const ToolStack = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** '/{ownerSlug}/{stackSlug}' */
    canonical_url: z.string(),
    image_url: z.string().nullable(),
    owner: z.object({
      type: z.enum(['User', 'Company']),
      slug: z.string(),
      name: z.string(),
      image_url: z.string().nullable(),
    }),
  })
  .register(apiSchemas, { id: 'ToolStack' })
export type ToolStack = z.infer<typeof ToolStack>

export const ToolDetail = Tool.extend({
  description: z.string().nullable(),
  brand_color: z.string().nullable(),
  /** Public stacks using the tool, most followed first (at most TOOL_PAGE_STACKS_COUNT). */
  stacks: z.array(ToolStack),
}).register(apiSchemas, { id: 'ToolDetail' })
export type ToolDetail = z.infer<typeof ToolDetail>

export const ToolListResponse = z.object({ tools: z.array(Tool) })
export type ToolListResponse = z.infer<typeof ToolListResponse>

export const ToolResponse = z.object({ tool: ToolDetail })
export type ToolResponse = z.infer<typeof ToolResponse>

export const CreatedToolResponse = z.object({ tool: Tool })
export type CreatedToolResponse = z.infer<typeof CreatedToolResponse>

/** A page number from the query, 1 to `max`, 1 when missing. */
export const pageOf = (max: number) =>
  z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be greater than or equal to 1')
    .max(max, `must be less than or equal to ${max}`)
    .default(1)

/** Query flags arrive as text; 'true' and '1' mean yes. */
const QueryFlag = z.enum(['true', 'false', '1', '0']).optional()
export const isFlagSet = (value: string | undefined) => value === 'true' || value === '1'

export const SearchToolsQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX, `is too long (maximum is ${SEARCH_QUERY_MAX} characters)`).default(''),
  page: pageOf(SEARCH_MAX_PAGE),
  /** Ecosystem packages are left out unless asked for (the builder's 'Show Packages'). */
  packages: QueryFlag,
})
export type SearchToolsQuery = z.input<typeof SearchToolsQuery>

export const PagedToolsResponse = z.object({
  tools: z.array(Tool),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Whether page + 1 has tools; no total is counted (docs/decisions/006-tool-search.md). */
  has_more: z.boolean(),
})
export type PagedToolsResponse = z.infer<typeof PagedToolsResponse>

const Slug = z.string().trim().toLowerCase().max(100, 'is too long (maximum is 100 characters)')

export const DirectoryQuery = z.object({
  layer: Slug.optional(),
  category: Slug.optional(),
  page: pageOf(DIRECTORY_MAX_PAGE),
})
export type DirectoryQuery = z.input<typeof DirectoryQuery>

export const DirectoryResponse = PagedToolsResponse.extend({
  /** Echo of the filter, so a category page can title itself without the layers list. */
  layer: Named.nullable(),
  category: Named.nullable(),
})
export type DirectoryResponse = z.infer<typeof DirectoryResponse>

export const LayerSummary = z
  .object({
    slug: z.string(),
    name: z.string(),
    tools_count: z.number().int(),
    categories: z.array(z.object({ slug: z.string(), name: z.string(), tools_count: z.number().int() })),
  })
  .register(apiSchemas, { id: 'LayerSummary' })
export type LayerSummary = z.infer<typeof LayerSummary>

export const LayersResponse = z.object({ layers: z.array(LayerSummary) })
export type LayersResponse = z.infer<typeof LayersResponse>

export const FindBySlugsQuery = z.object({
  /** Comma-joined. */
  slugs: z.string().max(10_000, 'is too long').default(''),
  /** The scanned URL the names came from (spec); accepted, not needed to answer. */
  url: z.string().max(WEBSITE_URL_MAX, `is too long (maximum is ${WEBSITE_URL_MAX} characters)`).optional(),
})
export type FindBySlugsQuery = z.input<typeof FindBySlugsQuery>

/** Splits the comma-joined slugs parameter: trimmed, blanks and repeats dropped, at most SLUGS_MAX. */
export function splitSlugs(value: string): string[] {
  const seen = new Set<string>()
  for (const part of value.split(',')) {
    const slug = part.trim()
    if (slug && !seen.has(slug.toLowerCase())) seen.add(slug.toLowerCase())
    if (seen.size >= SLUGS_MAX) break
  }
  return [...seen]
}

/** spec: a new tool's URL must look like text.dot.text, else 'Invalid URL'. */
export const WEBSITE_URL_PATTERN = /^\S*[^\s.]\.[^\s.]\S*$/
export const INVALID_URL = 'Invalid URL'

export const ToolWebsiteUrl = z
  .string(INVALID_URL)
  .trim()
  .max(WEBSITE_URL_MAX, `is too long (maximum is ${WEBSITE_URL_MAX} characters)`)
  .refine((value) => normalizeWebsiteUrl(value) !== null, INVALID_URL)

/**
 * 'example.com/x' -> 'https://example.com/x'. Null unless the value looks like text.dot.text and is an http(s)
 * URL once a missing scheme is added (javascript: and friends never reach an href).
 */
export function normalizeWebsiteUrl(value: string): string | null {
  const text = value.trim()
  if (!WEBSITE_URL_PATTERN.test(text)) return null
  const url = httpUrlOf(text)
  return url && /[^.]\.[^.]/.test(new URL(url).hostname) ? url : null
}

export const CreateToolBody = z.object({
  service: z.object({
    name: z
      .string("can't be blank")
      .trim()
      .min(1, { message: "can't be blank", abort: true })
      .max(TOOL_NAME_MAX, `is too long (maximum is ${TOOL_NAME_MAX} characters)`)
      .refine((value) => /[\p{L}\p{N}]/u.test(value), 'must contain a letter or a number'),
    website_url: ToolWebsiteUrl,
  }),
})
export type CreateToolBody = z.input<typeof CreateToolBody>

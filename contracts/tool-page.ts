// The tool page and the comparison page (issue 8 "Tool pages"): everything the first screen of /tools/{slug} needs
// in one answer, the viewer's votes apart (the page answer is public and cached), and /stackups/{a}-vs-{b}.
// Limits and the pure helpers: contracts/tool-page-meta.ts. Decisions: docs/decisions/020-tool-pages-and-stackups.md.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { DIRECTORY_MAX_PAGE } from './tool-limits.ts'
import { PagedToolsResponse, pageOf, Tool, ToolDetail } from './tools.ts'

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
  .register(apiSchemas, { id: 'ToolPageReason' })
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
  .register(apiSchemas, { id: 'ToolCompany' })
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
  .register(apiSchemas, { id: 'ToolJob' })
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
  /** At most TOOL_PAGE_COUNT_CAP (1,000: contracts/tool-page-meta.ts); is_companies_count_capped when there are more. */
  companies_count: z.number().int(),
  is_companies_count_capped: z.boolean(),
  /** The most popular other listed tools of the same category (none when the tool has no category). */
  alternatives: z.array(Tool),
  /** Open jobs asking for the tool, newest first; /match/{slug} lists them all. */
  jobs: z.array(ToolJob),
  /** Capped as companies_count. */
  jobs_count: z.number().int(),
  is_jobs_count_capped: z.boolean(),
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
    is_companies_count_capped: z.boolean(),
  })
  .register(apiSchemas, { id: 'StackupSide' })
export type StackupSide = z.infer<typeof StackupSide>

export const StackupResponse = z.object({
  /** The canonical '{a}-vs-{b}': a page asked in the other order redirects here. */
  slug: z.string(),
  /** '/stackups/{slug}' */
  canonical_url: z.string(),
  tools: z.tuple([StackupSide, StackupSide]),
})
export type StackupResponse = z.infer<typeof StackupResponse>

/** /tools/{slug}/alternatives: every public tool of the tool's category, the section's six and the rest, paged. */
export const ToolAlternativesQuery = z.object({
  page: pageOf(DIRECTORY_MAX_PAGE),
})
export type ToolAlternativesQuery = z.input<typeof ToolAlternativesQuery>

export const ToolAlternativesResponse = PagedToolsResponse.extend({
  /** The tool they are alternatives to; its canonical_url names the slug the page moves to when asked by an alias. */
  tool: Tool,
})
export type ToolAlternativesResponse = z.infer<typeof ToolAlternativesResponse>

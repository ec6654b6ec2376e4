// Stack Match (specs/stack-match-and-community.md §2-§9): job and company search by tools, the saved search and the
// job stack, and a job's page. The hosted search service of the spec is our own two index endpoints.
//
// Match percentage (spec §5): "the share of selected tools present in the result's stack (100% if none are
// selected), capped just under 100". The cap applies to the whole value, the no-tools case included: a percentage is
// a whole number (floored, so 199 of 200 is 99), and the highest one shown is MATCH_PERCENT_CAP, 99. Ranking does
// not read it (results are ordered by how many selected tools they hold), so a full match still ranks first.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { formatCappedCount } from './counts.ts'

/** spec §9 */
export const MATCH_PAGE_SIZE = 20
export const MATCH_MAX_PAGE = 50
/**
 * Hits are counted up to what Load More can reach (50 pages of 20); past it the total is this cap and
 * is_total_capped is set, shown as '1,000+' (docs/decisions/027-stack-match-at-scale.md).
 */
export const MATCH_COUNT_CAP = MATCH_MAX_PAGE * MATCH_PAGE_SIZE
/** The spec's react and nodejs, as this catalog slugs them (slugify('Node.js')). */
export const MATCH_DEFAULT_TOOLS = ['react', 'node-js']
export const MATCH_DEBOUNCE_MS = 2000

/** spec §5: the match percentage is "capped just under 100": the highest whole percentage below 100. */
export const MATCH_PERCENT_CAP = 99

/**
 * spec §5's cap on any match percentage, computed or received: a whole number from 0 to MATCH_PERCENT_CAP. The one
 * place the cap is applied; the server's matchPercent and the web's rings and job-stack card go through it.
 */
export function capMatchPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0
  return Math.min(MATCH_PERCENT_CAP, Math.max(0, Math.floor(percent)))
}

/** A match percentage in an answer: spec §5's range, so an uncapped value cannot leave the server. */
export const MatchPercent = z.number().int().min(0).max(MATCH_PERCENT_CAP)

/** How a match percentage reads on the web ('99%'): capped the same way as the server computes it. */
export function formatMatchPercent(percent: number): string {
  return `${capMatchPercent(percent)}%`
}

export const COMPANY_DESCRIPTION_MAX_SHOWN = 320
export const MATCH_TOOLS_MAX = 50
export const MATCH_KEYWORDS_MAX = 200
export const MATCH_LOCATION_MAX = 100
/** Tools a result card lists (matched first); the rest are '+N more tools'. */
export const RESULT_STACK_SHOWN = 8
/** '--' joins slugs in selectedTools and excludedTools (spec §2). */
export const TOOL_SEPARATOR = '--'

export const SearchOperator = z.enum(['AND', 'OR'])
export type SearchOperator = z.infer<typeof SearchOperator>

const QueryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const ToolText = z
  .string()
  .max(5000, 'is too long')
  .refine(
    (value) => distinctTools(value).length <= MATCH_TOOLS_MAX,
    `has too many tools (maximum is ${MATCH_TOOLS_MAX})`,
  )
const ToolList = ToolText.default('')

/** Match filters (spec §3), as query parameters. Tools are slugs or ids joined by '--'. */
export const MatchQuery = z.object({
  selectedTools: ToolList,
  excludedTools: ToolList,
  /**
   * With Exact Match (AND), the included tools a result must hold (the job stack's Required flags); the others only
   * raise its match. Absent: every included tool (spec §4: tools start required); '' none. OR ignores it: a result
   * needs any one included tool (docs/decisions/039-exact-match-and-required-tools.md).
   */
  requiredTools: ToolText.optional(),
  jobSearch: z
    .string()
    .trim()
    .max(MATCH_KEYWORDS_MAX, `is too long (maximum is ${MATCH_KEYWORDS_MAX} characters)`)
    .default(''),
  location: z
    .string()
    .trim()
    .max(MATCH_LOCATION_MAX, `is too long (maximum is ${MATCH_LOCATION_MAX} characters)`)
    .default(''),
  searchOperator: z
    .enum(['AND', 'OR', 'and', 'or'], 'must be AND or OR')
    .default('AND')
    .transform((value) => value.toUpperCase() as SearchOperator),
  fullTime: QueryFlag,
  freelance: QueryFlag,
  remote: QueryFlag,
  page: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be greater than or equal to 1')
    .max(MATCH_MAX_PAGE, `must be less than or equal to ${MATCH_MAX_PAGE}`)
    .default(1),
})
export type MatchQuery = z.input<typeof MatchQuery>

function distinctTools(value: string): string[] {
  const seen = new Set<string>()
  for (const part of value.split(TOOL_SEPARATOR)) {
    const slug = part.trim().toLowerCase()
    if (slug) seen.add(slug)
  }
  return [...seen]
}

/** Splits a '--' joined tool list: trimmed, lower-cased, blanks and repeats dropped, at most MATCH_TOOLS_MAX. */
export function splitTools(value: string): string[] {
  return distinctTools(value).slice(0, MATCH_TOOLS_MAX)
}

export const joinTools = (slugs: string[]) => slugs.join(TOOL_SEPARATOR)

/** A tool on a result card; matched: one of the selected tools. */
export const MatchTool = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image_url: z.string(),
    canonical_url: z.string(),
    is_package: z.boolean(),
    matched: z.boolean(),
  })
  .register(apiSchemas, { id: 'MatchTool' })
export type MatchTool = z.infer<typeof MatchTool>

/** spec §3 Job result, plus the match percentage and the job's terms. */
export const JobResult = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    /** '/match/jobs/{slug}' */
    canonical_url: z.string(),
    apply_url: z.string().nullable(),
    city: z.string().nullable(),
    location: z.string().nullable(),
    remote: z.boolean(),
    full_time: z.boolean(),
    freelance: z.boolean(),
    /** The company's name (spec: both name and company_name). */
    name: z.string(),
    company_name: z.string(),
    company_slug: z.string(),
    company_image_url: z.string().nullable(),
    company_tag_list: z.array(z.string()),
    verified: z.boolean(),
    /** At most RESULT_STACK_SHOWN tools, matched first; tools_count is the whole stack. */
    stack: z.array(MatchTool),
    tools_count: z.number().int(),
    match: MatchPercent,
    posted_at: z.string(),
    is_demo: z.boolean(),
  })
  .register(apiSchemas, { id: 'JobResult' })
export type JobResult = z.infer<typeof JobResult>

export const TeamMember = z.object({
  id: z.number().int(),
  username: z.string(),
  slug: z.string(),
  image_url: z.string().nullable(),
})

/** spec §3 Company result, plus the match percentage. */
export const CompanyResult = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    image_url: z.string().nullable(),
    city: z.string().nullable(),
    /** '/companies/{slug}', the company page (the spec's '/{slug}': company pages live under /companies here) */
    company_url: z.string(),
    verified: z.boolean(),
    tag_list: z.array(z.string()),
    team: z.array(TeamMember),
    stack: z.array(MatchTool),
    tools_count: z.number().int(),
    job_count: z.number().int(),
    match: MatchPercent,
  })
  .register(apiSchemas, { id: 'CompanyResult' })
export type CompanyResult = z.infer<typeof CompanyResult>

const PageFields = {
  page: z.number().int(),
  per_page: z.number().int(),
  /** All hits of the search (spec: matchedTotal per index), at most MATCH_COUNT_CAP. */
  total: z.number().int(),
  /** There are more hits than MATCH_COUNT_CAP: total is the cap, a lower bound. */
  is_total_capped: z.boolean(),
  /** Another page exists and can be asked for (page < MATCH_MAX_PAGE). */
  has_more: z.boolean(),
}

export const JobsPage = z.object({ jobs: z.array(JobResult), ...PageFields })
export type JobsPage = z.infer<typeof JobsPage>
export const CompaniesPage = z.object({ companies: z.array(CompanyResult), ...PageFields })
export type CompaniesPage = z.infer<typeof CompaniesPage>

export const JobDetail = JobResult.extend({
  description: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Not expired when answered (expires_at null or later): a closed job's page stays, saying so (decision 046). */
  is_open: z.boolean(),
  company_description: z.string().nullable(),
  company_url: z.string(),
  /** The company's own website as stored (pages link it through httpUrlOf); its JobPosting's sameAs. */
  company_website_url: z.string().nullable(),
})
export type JobDetail = z.infer<typeof JobDetail>
export const JobResponse = z.object({ job: JobDetail })
export type JobResponse = z.infer<typeof JobResponse>

/** spec §3 Saved search */
export const SavedSearch = z
  .object({
    keywords: z.string().trim().max(MATCH_KEYWORDS_MAX, `is too long (maximum is ${MATCH_KEYWORDS_MAX} characters)`),
    location: z.string().trim().max(MATCH_LOCATION_MAX, `is too long (maximum is ${MATCH_LOCATION_MAX} characters)`),
    full_time: z.boolean(),
    freelance: z.boolean(),
    remote: z.boolean(),
    match_exact: z.boolean(),
  })
  .register(apiSchemas, { id: 'SavedSearch' })
export type SavedSearch = z.infer<typeof SavedSearch>

export const SaveSearchBody = z.object({
  search: SavedSearch.partial().transform((search) => ({
    keywords: search.keywords ?? '',
    location: search.location ?? '',
    full_time: search.full_time ?? false,
    freelance: search.freelance ?? false,
    remote: search.remote ?? false,
    match_exact: search.match_exact ?? true,
  })),
})
export type SaveSearchBody = z.input<typeof SaveSearchBody>
/** saved_search is null until the user saves one. */
export const SavedSearchResponse = z.object({ saved_search: SavedSearch.nullable() })
export type SavedSearchResponse = z.infer<typeof SavedSearchResponse>

const JobStackEntry = z.object({ id: z.number().int().positive(), required: z.boolean().default(true) })
const JobStackList = z.array(JobStackEntry).max(MATCH_TOOLS_MAX, `has too many tools (maximum is ${MATCH_TOOLS_MAX})`)

export const SaveJobStackBody = z.object({
  job_stack: z.object({ services: JobStackList.default([]), excluded_services: JobStackList.default([]) }),
})
export type SaveJobStackBody = z.input<typeof SaveJobStackBody>

export const JobStackTool = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image_url: z.string(),
    canonical_url: z.string(),
    is_package: z.boolean(),
    required: z.boolean(),
    just_added: z.boolean(),
  })
  .register(apiSchemas, { id: 'JobStackTool' })
export type JobStackTool = z.infer<typeof JobStackTool>

/** spec §3 Job stack */
export const JobStackResponse = z.object({
  included_services: z.array(JobStackTool),
  excluded_services: z.array(JobStackTool),
})
export type JobStackResponse = z.infer<typeof JobStackResponse>

export const IMPERSONATED_SAVE_SEARCH = 'You cannot save a search while impersonating a user.'
export const IMPERSONATED_SAVE_JOB_STACK = 'You cannot save a job stack while impersonating a user.'
export const BOTH_INCLUDED_AND_EXCLUDED = 'cannot hold a tool that is also excluded'

/**
 * spec §5: the floored share of the selected tools that a result holds, 100 when none are selected, capped just
 * under 100 (so every full match shows 99); repeats count once.
 */
export function matchPercent(selected: number[], toolIds: Iterable<number>): number {
  const wanted = [...new Set(selected)]
  if (wanted.length === 0) return capMatchPercent(100)
  const own = new Set(toolIds)
  return capMatchPercent((100 * wanted.filter((id) => own.has(id)).length) / wanted.length)
}

/** Tab counts: the total, with '+' when capped ('1,000+'). */
export function formatMatchTotal(page: { total: number; is_total_capped: boolean }): string {
  return formatCappedCount(page.total, page.is_total_capped)
}

/** spec §9: orange <= 60, blue 70-80, green >= 90 (61-69 counts as orange, 81-89 as blue). */
export function matchTier(match: number): 'orange' | 'blue' | 'green' {
  if (match >= 90) return 'green'
  if (match >= 70) return 'blue'
  return 'orange'
}

// --- the job-stack card on company pages (spec §2 'Job-stack card') ---------------------------------------------

/** Tools of the company put in the 'Add your stack' link, most popular first (a starting point to edit). */
export const JOB_STACK_CARD_STARTER_TOOLS = 5

export const JobStackCardResponse = z.object({
  company: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  /** Open jobs of the company in Stack Match; the page shows the card only when there are some. */
  job_count: z.number().int(),
  /** The viewer is signed in and their job stack includes at least one tool. */
  has_job_stack: z.boolean(),
  /**
   * The share of the job stack's included tools that the company uses (its public stacks and open jobs), floored as
   * Stack Match floors it; null without a job stack.
   */
  match: MatchPercent.nullable(),
  /** The click path: Stack Match narrowed to this company's jobs, with the job stack (or the company's tools). */
  path: z.string(),
})
export type JobStackCardResponse = z.infer<typeof JobStackCardResponse>

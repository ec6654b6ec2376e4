// Every field of a Stack Match result that leaves the server, named as spec §3 names them.
import {
  type CompanyResult,
  type JobDetail,
  type JobResult,
  type JobStackTool,
  type MatchTool,
  matchPercent,
  RESULT_STACK_SHOWN,
  type SavedSearch,
} from '#contracts/match.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import type { JobRow } from '../jobs/jobs.queries.ts'
import { isExpired } from '../jobs/jobs.service.ts'
import type { ToolCardRow } from '../tools/catalog-memos.ts'
import { toolCanonicalUrl, toolLogoUrl } from '../tools/tools.presenter.ts'
import type { findSavedSearch, listJobStack } from './match.queries.ts'
import type { CompanyHit, JobHit } from './match-search.queries.ts'

function presentMatchTool(tool: ToolCardRow, matched: boolean): MatchTool {
  return {
    id: tool.id,
    name: tool.name,
    slug: tool.slug,
    image_url: tool.imageUrl ?? toolLogoUrl(tool.slug),
    canonical_url: toolCanonicalUrl(tool.slug),
    is_package: tool.isPackage,
    matched,
  }
}

/** Matched tools first (in the order selected), then the rest by name; `limit` null lists every tool. */
export function presentStack(
  toolIds: number[],
  selected: number[],
  cards: Map<number, ToolCardRow>,
  limit: number | null = RESULT_STACK_SHOWN,
) {
  const own = new Set(toolIds)
  const matched = selected.filter((id) => own.has(id))
  const matchedSet = new Set(matched)
  const rest = toolIds
    .filter((id) => !matchedSet.has(id))
    .map((id) => cards.get(id))
    .filter((tool): tool is ToolCardRow => tool !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name))
  const ordered = [
    ...matched
      .map((id) => cards.get(id))
      .filter((tool): tool is ToolCardRow => tool !== undefined)
      .map((tool) => presentMatchTool(tool, true)),
    ...rest.map((tool) => presentMatchTool(tool, false)),
  ]
  return { stack: limit === null ? ordered : ordered.slice(0, limit), toolsCount: ordered.length }
}

export function presentJobHit(hit: JobHit, selected: number[], cards: Map<number, ToolCardRow>): JobResult {
  const { stack, toolsCount } = presentStack(hit.toolIds, selected, cards)
  return {
    id: hit.id,
    title: hit.title,
    slug: hit.slug,
    canonical_url: `/match/jobs/${hit.slug}`,
    apply_url: hit.applyUrl,
    city: hit.city,
    location: hit.location,
    remote: hit.remote,
    full_time: hit.fullTime,
    freelance: hit.freelance,
    name: hit.companyName,
    company_name: hit.companyName,
    company_slug: hit.companySlug,
    company_image_url: hit.companyImageUrl,
    company_tag_list: hit.companyTagList,
    verified: hit.companyVerified,
    stack,
    tools_count: toolsCount,
    match: hit.match,
    posted_at: hit.postedAt.toISOString(),
    is_demo: hit.isDemo,
  }
}

export function presentCompanyHit(
  hit: CompanyHit,
  selected: number[],
  cards: Map<number, ToolCardRow>,
  team: CompanyResult['team'],
): CompanyResult {
  const { stack, toolsCount } = presentStack(hit.toolIds, selected, cards)
  return {
    id: hit.id,
    name: hit.name,
    slug: hit.slug,
    description: hit.description,
    image_url: hit.imageUrl,
    city: hit.city,
    company_url: companyPath(hit.slug),
    verified: hit.verified,
    tag_list: hit.tagList,
    team,
    stack,
    tools_count: toolsCount,
    job_count: hit.jobCount,
    match: hit.match,
  }
}

interface JobPageRow {
  job: JobRow
  companyName: string
  companySlug: string
  companyImageUrl: string | null
  companyTagList: string[]
  companyVerified: boolean
  companyDescription: string | null
  companyWebsiteUrl: string | null
}

export function presentJobDetail(row: JobPageRow, cards: Map<number, ToolCardRow>): JobDetail {
  const { job } = row
  const { stack, toolsCount } = presentStack(job.toolIds, [], cards, null)
  return {
    id: job.id,
    title: job.title,
    slug: job.slug,
    canonical_url: `/match/jobs/${job.slug}`,
    apply_url: job.applyUrl,
    city: job.city,
    location: job.location,
    remote: job.remote,
    full_time: job.fullTime,
    freelance: job.freelance,
    name: row.companyName,
    company_name: row.companyName,
    company_slug: row.companySlug,
    company_image_url: row.companyImageUrl,
    company_tag_list: row.companyTagList,
    verified: row.companyVerified,
    stack,
    tools_count: toolsCount,
    // a job's own page selects no tools: spec §5's 100%, capped just under 100
    match: matchPercent([], job.toolIds),
    posted_at: job.postedAt.toISOString(),
    is_demo: job.isDemo,
    description: job.description,
    expires_at: job.expiresAt?.toISOString() ?? null,
    is_open: !isExpired(job),
    company_description: row.companyDescription,
    company_url: companyPath(row.companySlug),
    company_website_url: row.companyWebsiteUrl,
  }
}

type SavedSearchRow = NonNullable<Awaited<ReturnType<typeof findSavedSearch>>>
export function presentSavedSearch(row: SavedSearchRow | null): SavedSearch | null {
  if (!row) return null
  return {
    keywords: row.keywords,
    location: row.location,
    full_time: row.fullTime,
    freelance: row.freelance,
    remote: row.remote,
    match_exact: row.matchExact,
  }
}

type JobStackRow = Awaited<ReturnType<typeof listJobStack>>[number]
export function presentJobStack(rows: JobStackRow[], viewerId: number) {
  const present = (row: JobStackRow): JobStackTool => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    image_url: row.imageUrl ?? toolLogoUrl(row.slug),
    canonical_url: toolCanonicalUrl(row.slug),
    is_package: row.isPackage,
    required: row.required,
    just_added: !row.isApproved && row.submittedById === viewerId,
  })
  return {
    included_services: rows.filter((row) => !row.excluded).map(present),
    excluded_services: rows.filter((row) => row.excluded).map(present),
  }
}

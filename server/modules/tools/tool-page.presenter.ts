// Every field of a tool page, a comparison side and a viewer's votes that leaves the server (contracts/tool-page.ts).
import { capCount } from '#contracts/counts.ts'
import type {
  ReasonVotesResponse,
  StackupSide,
  ToolCompany,
  ToolJob,
  ToolPageReason,
  ToolPageResponse,
} from '#contracts/tool-page.ts'
import { TOOL_PAGE_COUNT_CAP } from '#contracts/tool-page-meta.ts'
import type { BestReasonRow, CompanyUsingToolRow, listUserReasonVotes, OpenJobRow } from './tool-page.queries.ts'
import { presentTool, presentToolDetail, presentTools } from './tools.presenter.ts'
import type { findToolBySlug, PublicStackRow, ToolListRow } from './tools.queries.ts'

type DetailRow = NonNullable<Awaited<ReturnType<typeof findToolBySlug>>>
type StackRow = PublicStackRow

export function presentToolPageReason(row: BestReasonRow): ToolPageReason {
  return {
    id: row.id,
    text: row.text,
    type: row.isCon ? 'con' : 'pro',
    votes: row.votesTotal,
    user_id: row.userId,
    username: row.username,
    user_avatar: row.userImage,
    service_id: row.toolId,
  }
}

export function presentToolCompany(row: CompanyUsingToolRow): ToolCompany {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    canonical_url: `/companies/${row.slug}`,
    image_url: row.imageUrl,
  }
}

export function presentToolJob(row: OpenJobRow): ToolJob {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    canonical_url: `/match/jobs/${row.slug}`,
    company_name: row.companyName,
    company_image_url: row.companyImageUrl,
    location: row.city || row.location || null,
    remote: row.remote,
  }
}

/** A capped count (TOOL_PAGE_COUNT_CAP) as `{name}_count` and `is_{name}_count_capped`. */
function countFields<Name extends 'companies' | 'jobs'>(name: Name, counted: number) {
  const { count, capped } = capCount(counted, TOOL_PAGE_COUNT_CAP)
  return { [`${name}_count`]: count, [`is_${name}_count_capped`]: capped } as Record<`${Name}_count`, number> &
    Record<`is_${Name}_count_capped`, boolean>
}

function presentCompanies(input: { companies: CompanyUsingToolRow[]; total: number }) {
  return { companies: input.companies.map(presentToolCompany), ...countFields('companies', input.total) }
}

/** Reasons of one tool split into pros and cons, each already in rank order. */
function splitReasons(rows: BestReasonRow[], toolId: number) {
  const own = rows.filter((row) => row.toolId === toolId)
  return {
    pros: own.filter((row) => !row.isCon).map(presentToolPageReason),
    cons: own.filter((row) => row.isCon).map(presentToolPageReason),
  }
}

export function presentToolPage(input: {
  tool: DetailRow
  stacks: StackRow[]
  reasons: BestReasonRow[]
  reasonCounts: { pros: number; cons: number }
  companies: { companies: CompanyUsingToolRow[]; total: number }
  alternatives: ToolListRow[]
  jobs: { jobs: OpenJobRow[]; total: number }
  viewerId: number | null
}): ToolPageResponse {
  return {
    tool: presentToolDetail(input.tool, input.stacks, input.viewerId),
    followers_count: input.tool.followersCount,
    ...splitReasons(input.reasons, input.tool.id),
    pros_count: input.reasonCounts.pros,
    cons_count: input.reasonCounts.cons,
    ...presentCompanies(input.companies),
    alternatives: presentTools(input.alternatives, null),
    jobs: input.jobs.jobs.map(presentToolJob),
    ...countFields('jobs', input.jobs.total),
  }
}

export function presentStackupSide(input: {
  tool: DetailRow
  reasons: BestReasonRow[]
  reasonCounts: { pros: number; cons: number }
  companies: { companies: CompanyUsingToolRow[]; total: number }
}): StackupSide {
  return {
    tool: { ...presentTool(input.tool, null), description: input.tool.description },
    followers_count: input.tool.followersCount,
    ...splitReasons(input.reasons, input.tool.id),
    pros_count: input.reasonCounts.pros,
    cons_count: input.reasonCounts.cons,
    ...presentCompanies(input.companies),
  }
}

export function presentReasonVotes(rows: Awaited<ReturnType<typeof listUserReasonVotes>>): ReasonVotesResponse {
  return { votes: rows.map((row) => ({ reason_id: row.reasonId, vote: row.value })) }
}

// Stack Match: turns the query into filters (slugs to ids, excluded wins over included, repeats once) and answers
// the job and company indexes with their result cards; saves the search and the job stack.

import type { z } from 'zod'
import { capCount } from '#contracts/counts.ts'
import {
  BOTH_INCLUDED_AND_EXCLUDED,
  type CompaniesPage,
  JOB_STACK_CARD_STARTER_TOOLS,
  type JobStackCardResponse,
  type JobsPage,
  joinTools,
  MATCH_COUNT_CAP,
  MATCH_MAX_PAGE,
  MATCH_PAGE_SIZE,
  type MatchQuery,
  matchPercent,
  type SaveJobStackBody,
  splitTools,
} from '#contracts/match.ts'
import type { Db } from '../../db/client.ts'
import { fieldError } from '../../http/errors.ts'
import { findCardTools } from '../jobs/jobs.queries.ts'
import { presentCompanyHit, presentJobHit } from './match.presenter.ts'
import {
  countOpenCompanyJobs,
  type findCompanyForJobStackCard,
  findExistingToolIds,
  listCompanyCardTools,
  listJobStack,
  replaceJobStack,
  resolveToolRefMap,
  toolIdsOf,
} from './match.queries.ts'
import type { MatchFilters } from './match-rows.ts'
import { searchCompanies, searchJobs } from './match-search.queries.ts'

type ParsedQuery = z.output<typeof MatchQuery>

export async function buildMatchFilters(db: Db, query: ParsedQuery): Promise<MatchFilters> {
  const lists = [query.selectedTools, query.excludedTools, query.requiredTools ?? ''].map(splitTools)
  const resolved = await resolveToolRefMap(db, [...new Set(lists.flat())])
  const [included, excluded, mustHave] = lists.map((refs) => toolIdsOf(refs, resolved)) as [
    number[],
    number[],
    number[],
  ]
  // a tool both included and excluded is excluded (the screen never sends both; a hand-made URL may)
  const excludedSet = new Set(excluded)
  const selected = included.filter((id) => !excludedSet.has(id))
  const required = requiredToolsOf(query, selected, new Set(mustHave))
  return {
    selected,
    required,
    // every selected tool required is the all-tools search; otherwise tiers down to the required ones
    operator: required.length === selected.length ? 'AND' : 'OR',
    excluded,
    keywords: query.jobSearch,
    location: query.location,
    fullTime: query.fullTime,
    freelance: query.freelance,
    remote: query.remote,
    page: query.page,
  }
}

/**
 * Decision 039: Exact Match (AND) needs every Required tool (every included tool unless requiredTools says which:
 * spec §4, tools start required) and ranks by the rest; without it (OR) any one included tool will do.
 */
function requiredToolsOf(query: ParsedQuery, selected: number[], listed: Set<number>): number[] {
  if (query.searchOperator === 'OR') return []
  if (query.requiredTools === undefined) return selected
  return selected.filter((id) => listed.has(id))
}

/** `counted` is the search's count, which stops at MATCH_COUNT_CAP + 1; pages past MATCH_MAX_PAGE are refused. */
const pageFields = (filters: MatchFilters, counted: number) => {
  const { count, capped } = capCount(counted, MATCH_COUNT_CAP)
  return {
    page: filters.page,
    per_page: MATCH_PAGE_SIZE,
    total: count,
    is_total_capped: capped,
    has_more: filters.page < MATCH_MAX_PAGE && filters.page * MATCH_PAGE_SIZE < counted,
  }
}

/** The result cards' tools of a page's hits, by id. */
const cardsOf = (db: Db, hits: Array<{ toolIds: number[] }>) =>
  findCardTools(db, [...new Set(hits.flatMap((hit) => hit.toolIds))])

/** A page of jobs; `version` is the match_version read before (searchJobs: from memory when it holds it). */
export async function matchJobs(db: Db, filters: MatchFilters, version?: string): Promise<JobsPage> {
  const { hits, total } = await searchJobs(db, filters, version)
  const cards = await cardsOf(db, hits)
  return { jobs: hits.map((hit) => presentJobHit(hit, filters.selected, cards)), ...pageFields(filters, total) }
}

export async function matchCompanies(db: Db, filters: MatchFilters, version?: string): Promise<CompaniesPage> {
  const { hits, total } = await searchCompanies(db, filters, version)
  const cards = await cardsOf(db, hits)
  return {
    companies: hits.map((hit) => presentCompanyHit(hit, filters.selected, cards, hit.team)),
    ...pageFields(filters, total),
  }
}

/** Replaces the user's job stack; repeats keep their first entry; unknown tools and overlaps are refused. */
export async function saveJobStack(db: Db, userId: number, body: z.output<typeof SaveJobStackBody>) {
  const dedupe = (list: Array<{ id: number; required: boolean }>) => [
    ...new Map(list.map((entry) => [entry.id, entry])).values(),
  ]
  const included = dedupe(body.job_stack.services)
  const excluded = dedupe(body.job_stack.excluded_services)
  const excludedIds = new Set(excluded.map((entry) => entry.id))
  if (included.some((entry) => excludedIds.has(entry.id))) throw fieldError('services', BOTH_INCLUDED_AND_EXCLUDED)
  const known = await findExistingToolIds(
    db,
    [...included, ...excluded].map((entry) => entry.id),
  )
  const unknown = [...included, ...excluded].find((entry) => !known.has(entry.id))
  if (unknown) throw fieldError('services', `has an unknown tool (${unknown.id})`)
  await replaceJobStack(db, userId, [
    ...included.map((entry) => ({ toolId: entry.id, excluded: false, required: entry.required })),
    ...excluded.map((entry) => ({ toolId: entry.id, excluded: true, required: entry.required })),
  ])
}

/**
 * spec §5's match percentage for one company: the share of the job stack's included tools that the company uses,
 * floored (so only a full match shows 100). Excluded tools do not lower it: the card rates the fit, the search
 * filters.
 */
export function jobStackMatchPercent(includedToolIds: number[], companyToolIds: Set<number>): number {
  return matchPercent(includedToolIds, companyToolIds)
}

type CardCompany = NonNullable<Awaited<ReturnType<typeof findCompanyForJobStackCard>>>

/**
 * The job-stack card (spec §2): the viewer's match with the company and the click path, Stack Match narrowed to the
 * company's jobs by its name (OR, so partial matches show), with the job stack's tools, or else the company's most
 * popular tools as a stack to start from. docs/decisions/020-tool-pages-and-stackups.md.
 */
export async function buildJobStackCard(db: Db, company: CardCompany, viewerId: number | null) {
  const [jobCount, companyTools, jobStack] = await Promise.all([
    countOpenCompanyJobs(db, company.id),
    listCompanyCardTools(db, company.id),
    viewerId === null ? Promise.resolve([]) : listJobStack(db, viewerId),
  ])
  const included = jobStack.filter((tool) => !tool.excluded)
  const excluded = jobStack.filter((tool) => tool.excluded)
  const hasJobStack = included.length > 0
  const params = new URLSearchParams()
  if (hasJobStack) {
    params.set('selectedTools', joinTools(included.map((tool) => tool.slug)))
    if (excluded.length > 0) params.set('excludedTools', joinTools(excluded.map((tool) => tool.slug)))
  } else if (companyTools.length > 0) {
    params.set('selectedTools', joinTools(companyTools.slice(0, JOB_STACK_CARD_STARTER_TOOLS).map((tool) => tool.slug)))
  }
  // OR: every job of the company with any of these tools shows, best match first (decision 039)
  params.set('jobSearch', company.name)
  params.set('searchOperator', 'OR')
  const answer: JobStackCardResponse = {
    company: { id: company.id, slug: company.slug, name: company.name },
    job_count: jobCount,
    has_job_stack: hasJobStack,
    match: hasJobStack
      ? jobStackMatchPercent(
          included.map((tool) => tool.id),
          new Set(companyTools.map((tool) => tool.id)),
        )
      : null,
    path: `/match?${params.toString()}`,
  }
  return answer
}

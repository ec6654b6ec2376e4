// Stack Match: turns the query into filters (slugs to ids, excluded wins over included, repeats once) and answers
// the job and company indexes with their result cards; saves the search and the job stack.

import type { z } from 'zod'
import {
  BOTH_INCLUDED_AND_EXCLUDED,
  type CompaniesPage,
  type JobsPage,
  MATCH_PAGE_SIZE,
  type MatchQuery,
  type SaveJobStackBody,
  splitTools,
} from '#contracts/match.ts'
import type { Db } from '../../db/client.ts'
import { fieldError } from '../../http/errors.ts'
import { findCardTools } from '../jobs/jobs.queries.ts'
import { presentCompanyHit, presentJobHit } from './match.presenter.ts'
import {
  findExistingToolIds,
  listCompanyTeams,
  type MatchFilters,
  replaceJobStack,
  resolveToolRefs,
  searchCompanies,
  searchJobs,
} from './match.queries.ts'

type ParsedQuery = z.output<typeof MatchQuery>

export async function buildMatchFilters(db: Db, query: ParsedQuery): Promise<MatchFilters> {
  const [included, excluded, mustHave] = await Promise.all([
    resolveToolRefs(db, splitTools(query.selectedTools)),
    resolveToolRefs(db, splitTools(query.excludedTools)),
    resolveToolRefs(db, splitTools(query.requiredTools)),
  ])
  // a tool both included and excluded is excluded (the screen never sends both; a hand-made URL may)
  const excludedSet = new Set(excluded)
  const selected = included.filter((id) => !excludedSet.has(id))
  const requiredSet = new Set(mustHave)
  return {
    selected,
    required: selected.filter((id) => requiredSet.has(id)),
    excluded,
    keywords: query.jobSearch,
    location: query.location,
    operator: query.searchOperator,
    fullTime: query.fullTime,
    freelance: query.freelance,
    remote: query.remote,
    page: query.page,
  }
}

const pageFields = (filters: MatchFilters, total: number) => ({
  page: filters.page,
  per_page: MATCH_PAGE_SIZE,
  total,
  has_more: filters.page * MATCH_PAGE_SIZE < total,
})

export async function matchJobs(db: Db, filters: MatchFilters): Promise<JobsPage> {
  const { hits, total } = await searchJobs(db, filters)
  const cards = await findCardTools(db, [...new Set(hits.flatMap((hit) => hit.toolIds))])
  return { jobs: hits.map((hit) => presentJobHit(hit, filters.selected, cards)), ...pageFields(filters, total) }
}

export async function matchCompanies(db: Db, filters: MatchFilters): Promise<CompaniesPage> {
  const { hits, total } = await searchCompanies(db, filters)
  const [cards, teams] = await Promise.all([
    findCardTools(db, [...new Set(hits.flatMap((hit) => hit.toolIds))]),
    listCompanyTeams(
      db,
      hits.map((hit) => hit.id),
    ),
  ])
  return {
    companies: hits.map((hit) => presentCompanyHit(hit, filters.selected, cards, teams.get(hit.id) ?? [])),
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

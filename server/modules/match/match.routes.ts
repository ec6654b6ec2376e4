// Stack Match's calls (specs/stack-match-and-community.md §7): the job and company indexes that replace the hosted
// search service, the saved search and the job stack (signed in; an impersonating admin may read but not save),
// and a job's page.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import {
  CompaniesPage,
  IMPERSONATED_SAVE_JOB_STACK,
  IMPERSONATED_SAVE_SEARCH,
  JobResponse,
  JobStackCardResponse,
  JobStackResponse,
  JobsPage,
  MatchQuery,
  SavedSearchResponse,
  SaveJobStackBody,
  SaveSearchBody,
} from '#contracts/match.ts'
import { requireAdmin, requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { cacheInSharedCachesOnly, cachePrivately, registerEtags } from '../../http/cache.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { PublicAnswerCache } from '../../http/public-answer-cache.ts'
import { findCardTools, findJobBySlug } from '../jobs/jobs.queries.ts'
import { seedDemoJobs } from '../jobs/jobs-demo.ts'
import { CATALOG_CHANGED_CHANNEL } from '../tools/catalog-memos.ts'
import { presentJobDetail, presentJobStack, presentSavedSearch } from './match.presenter.ts'
import {
  findCompanyForJobStackCard,
  findSavedSearch,
  listJobStack,
  readMatchVersion,
  resolveToolRefs,
  upsertSavedSearch,
} from './match.queries.ts'
import { buildJobStackCard, buildMatchFilters, matchCompanies, matchJobs, saveJobStack } from './match.service.ts'
import { matchMemory } from './match-memory.ts'
import type { MatchFilters } from './match-rows.ts'

const tags = ['match']
const signedIn = { 401: ErrorEnvelope, 403: ErrorEnvelope }
/**
 * How long shared caches (a CDN) may keep a search's answer, and so the answer cache too. Browsers ask again each
 * time and get a 304 while the answer stands: someone who just posted or expired a job sees it in the next search.
 */
const MATCH_SHARED_MAX_AGE = 30

export const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEtags(app)
  // A search's answers, the same for everyone, keyed by match_version: a job, company or team change shows in the
  // next search on every instance; the result cards' tools go when the catalog changes
  // (docs/decisions/030-stack-match-answer-cache.md)
  const answers = new PublicAnswerCache({ ttlMs: MATCH_SHARED_MAX_AGE * 1000, maxEntries: 1000 })
  app.metrics.watchCache('match_answers', answers.lookups)
  const clearAnswers = () => answers.clear()
  const unlisten = await app.database.listen(CATALOG_CHANGED_CHANNEL, clearAnswers, { onReconnect: clearAnswers })
  app.addHook('onClose', async () => {
    await unlisten()
    await matchMemory.settle(app.db)
  })

  /** One index's page: the kept answer for this match_version and these filters, or computed and kept. */
  async function sendSearch<T extends z.ZodType>(
    reply: FastifyReply,
    query: z.output<typeof MatchQuery>,
    index: 'jobs' | 'companies',
    schema: T,
    search: (filters: MatchFilters, version: string) => Promise<z.input<T>>,
  ) {
    cacheInSharedCachesOnly(reply, MATCH_SHARED_MAX_AGE)
    const [version, filters] = await Promise.all([readMatchVersion(app.db), buildMatchFilters(app.db, query)])
    return answers.send(reply, `${index}\n${version}\n${JSON.stringify(filters)}`, schema, () =>
      search(filters, version),
    )
  }

  app.get(
    '/api/v1/match/jobs',
    {
      schema: {
        tags,
        summary: 'Jobs by tools, keywords, location and terms; 20 a page, by match percentage then recency',
        querystring: MatchQuery,
        response: { 200: JobsPage, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      return sendSearch(reply, request.query, 'jobs', JobsPage, (filters, version) =>
        matchJobs(app.db, filters, version),
      )
    },
  )

  app.get(
    '/api/v1/match/companies',
    {
      schema: {
        tags,
        summary: "Companies by their public stacks' tools, with the same filters; job_count counts open jobs",
        querystring: MatchQuery,
        response: { 200: CompaniesPage, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      return sendSearch(reply, request.query, 'companies', CompaniesPage, (filters, version) =>
        matchCompanies(app.db, filters, version),
      )
    },
  )

  app.get(
    '/api/v1/jobs/:slug',
    {
      schema: {
        tags,
        summary: "A job's page: its terms, description and full tool list",
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: JobResponse, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const row = await findJobBySlug(app.db, request.params.slug)
      if (!row || row.companyPrivate) throw notFound()
      return { job: presentJobDetail(row, await findCardTools(app.db, row.job.toolIds)) }
    },
  )

  app.get(
    '/api/v1/match/saved_search',
    {
      schema: {
        tags,
        summary: "The user's saved search, null before one is saved",
        response: { 200: SavedSearchResponse, ...signedIn },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      cachePrivately(reply)
      return { saved_search: presentSavedSearch(await findSavedSearch(app.db, user.id)) }
    },
  )

  app.post(
    '/api/v1/match/save_search',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Saves the search (keywords, location, terms, match_exact); one per user',
        body: SaveSearchBody,
        response: { 200: SavedSearchResponse, 400: ErrorEnvelope, ...signedIn },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_SAVE_SEARCH)
      const search = request.body.search
      const row = await upsertSavedSearch(app.db, user.id, {
        keywords: search.keywords,
        location: search.location,
        fullTime: search.full_time,
        freelance: search.freelance,
        remote: search.remote,
        matchExact: search.match_exact,
      })
      return { saved_search: presentSavedSearch(row) }
    },
  )

  app.get(
    '/api/v1/match/job_stack',
    {
      schema: {
        tags,
        summary: "The user's job stack: tools to include and to exclude",
        response: { 200: JobStackResponse, ...signedIn },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      cachePrivately(reply)
      return presentJobStack(await listJobStack(app.db, user.id), user.id)
    },
  )

  app.post(
    '/api/v1/match/save_job_stack',
    {
      schema: {
        tags,
        summary: 'Replaces the job stack: services to include and excluded_services, each {id, required}',
        body: SaveJobStackBody,
        response: { 200: JobStackResponse, 400: ErrorEnvelope, ...signedIn },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_SAVE_JOB_STACK)
      await saveJobStack(app.db, user.id, request.body)
      return presentJobStack(await listJobStack(app.db, user.id), user.id)
    },
  )

  app.get(
    '/api/v1/match/companies/:slug/job_stack_card',
    {
      schema: {
        tags,
        summary: "The job-stack card of a company page: the viewer's match percentage and the link to its jobs",
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: JobStackCardResponse, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug
      const company = await findCompanyForJobStackCard(app.db, slug)
      if (!company) throw notFound()
      const viewer = await request.sessionUser()
      cachePrivately(reply)
      return buildJobStackCard(app.db, company, viewer?.id ?? null)
    },
  )

  // Demo jobs for a new installation and the browser tests (e2e/match.spec.ts): admins only, never in production.
  app.post(
    '/api/v1/jobs/demo',
    {
      schema: {
        tags,
        summary: 'Adds demo jobs (is_demo) for an empty installation; admins only, refused in production',
        body: z.object({
          count: z.number().int().min(1).max(500).default(50),
          seed: z.number().int().min(1).default(7),
          /** Tool slugs every demo job holds. */
          tools: z.array(z.string().max(100)).max(10).default([]),
        }),
        response: { 200: z.object({ created: z.number().int() }), ...signedIn },
      },
    },
    async (request) => {
      await requireAdmin(request)
      if (app.config.isProduction) throw forbidden('Demo jobs are off in production.')
      const alwaysToolIds = await resolveToolRefs(app.db, request.body.tools)
      const jobs = await seedDemoJobs(app.db, { count: request.body.count, seed: request.body.seed, alwaysToolIds })
      return { created: jobs.length }
    },
  )
}

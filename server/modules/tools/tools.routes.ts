// The tool catalog's API: the specs' /services calls (popular, search, find by slugs, create) and the directory
// and tool-page reads. Public reads carry Cache-Control and an ETag; answers that depend on the viewer are private.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { ReasonsQuery } from '#contracts/reasons.ts'
import { NEWEST_TOOLS_COUNT, POPULAR_TOOLS_COUNT, TOOLS_PAGE_SIZE } from '#contracts/tool-limits.ts'
import {
  ReasonVotesResponse,
  ToolAlternativesQuery,
  ToolAlternativesResponse,
  ToolPageResponse,
} from '#contracts/tool-page.ts'
import {
  CreatedToolResponse,
  CreateToolBody,
  DirectoryQuery,
  DirectoryResponse,
  FindBySlugsQuery,
  isFlagSet,
  LayersResponse,
  normalizeWebsiteUrl,
  PagedToolsResponse,
  SearchToolsQuery,
  splitSlugs,
  ToolListResponse,
} from '#contracts/tools.ts'
import { renderMonogram } from '../../db/seed/catalog/monogram.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { cacheInSharedCachesOnly, cachePrivately, cachePublicly, registerEtags } from '../../http/cache.ts'
import { fieldError, notFound } from '../../http/errors.ts'
import { PublicAnswerCache } from '../../http/public-answer-cache.ts'
import { CATALOG_CHANGED_CHANNEL, forgetCatalogMemos } from './catalog-memos.ts'
import { logoRoutes } from './logos.routes.ts'
import { softApprovalRoutes } from './soft-approval.routes.ts'
import { stackupRoutes } from './stackups.routes.ts'
import { presentReasonVotes } from './tool-page.presenter.ts'
import { listUserReasonVotes } from './tool-page.queries.ts'
import { canSeeTool, isPublicTool, loadToolPage } from './tool-page.service.ts'
import { presentLayers, presentTools } from './tools.presenter.ts'
import {
  findCategoryBySlug,
  findLayerBySlug,
  findToolBySlugOrName,
  findToolsByIds,
  listAlternativeTools,
  listDirectoryTools,
  listLayersWithCounts,
  listNewestTools,
  listPopularTools,
  parseSearchQuery,
  searchTools,
} from './tools.queries.ts'
import { findToolsByActualSlugs, findToolsByLooseSlugs, submitTool } from './tools.service.ts'

const tags = ['tools']
const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope }
/** Lists change when the catalog or popularity changes: a minute fresh is plenty, and shields the database. */
const LIST_MAX_AGE = 60

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEtags(app)
  // The search and popular answers, serialized, for as long as HTTP lets caches keep them; emptied on every instance
  // when a field they carry changes (docs/decisions/006-tool-search.md, 059-catalog-answer-changes.md)
  const answers = new PublicAnswerCache({ ttlMs: LIST_MAX_AGE * 1000, maxEntries: 2000 })
  app.metrics.watchCache('tool_answers', answers.lookups)
  // a tool, category or layer field they show changed: cached answers and the catalog memos of this instance go
  const clearAnswers = () => {
    answers.clear()
    forgetCatalogMemos(app.db)
  }
  const unlisten = await app.database.listen(CATALOG_CHANGED_CHANNEL, clearAnswers, { onReconnect: clearAnswers })
  app.addHook('onClose', async () => unlisten())
  // Public tool pages' answers, by the slug asked, for as long as shared caches may keep them; emptied on every
  // instance by any write (a vote, a stack, a comment count) or catalog change: http/content-changes.ts
  const toolPages = new PublicAnswerCache({ ttlMs: LIST_MAX_AGE * 1000, maxEntries: 2000 })
  app.metrics.watchCache('tool_pages', toolPages.lookups)
  app.contentChanges.subscribe(() => toolPages.clear())

  await app.register(logoRoutes, { renderMonogram })
  await app.register(softApprovalRoutes)

  app.get(
    '/api/v1/services/popular_services',
    {
      schema: {
        tags,
        summary: `The ${POPULAR_TOOLS_COUNT} most popular approved tools (no packages), most popular first`,
        response: { 200: ToolListResponse },
      },
    },
    async (_request, reply) => {
      cachePublicly(reply, LIST_MAX_AGE)
      return answers.send(reply, 'popular', ToolListResponse, async () => ({
        tools: presentTools(await listPopularTools(app.db, POPULAR_TOOLS_COUNT), null),
      }))
    },
  )

  app.get(
    '/api/v1/services/search',
    {
      schema: {
        tags,
        summary: 'Tool search: every word a prefix of the name or an alias; exact names first, then by popularity',
        querystring: SearchToolsQuery,
        response: { 200: PagedToolsResponse, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { q, page } = request.query
      cachePublicly(reply, LIST_MAX_AGE)
      const search = parseSearchQuery(q)
      if (!search) return { tools: [], page, per_page: TOOLS_PAGE_SIZE, has_more: false }
      const includePackages = isFlagSet(request.query.packages)
      return answers.send(
        reply,
        `search\n${search.lower}\n${page}\n${includePackages}`,
        PagedToolsResponse,
        async () => {
          const rows = await searchTools(app.db, search, {
            includePackages,
            limit: TOOLS_PAGE_SIZE,
            offset: (page - 1) * TOOLS_PAGE_SIZE,
          })
          return pageOf(rows, page)
        },
      )
    },
  )

  app.get(
    '/services/find_all_by_slug',
    {
      schema: {
        tags,
        summary: 'Tools for comma-joined slugs or names (aliases and loose spellings resolve); unknown ones skipped',
        querystring: FindBySlugsQuery,
        response: { 200: ToolListResponse, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser()
      reply.header('cache-control', 'private, no-cache')
      const rows = await findToolsByLooseSlugs(app.db, splitSlugs(request.query.slugs), viewer)
      return { tools: presentTools(rows, viewer?.id ?? null) }
    },
  )

  app.get(
    '/services/find_all_by_actual_slug',
    {
      schema: {
        tags,
        summary: 'Tools for comma-separated exact slugs; unknown ones skipped',
        querystring: FindBySlugsQuery.pick({ slugs: true }),
        response: { 200: ToolListResponse, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser()
      reply.header('cache-control', 'private, no-cache')
      const rows = await findToolsByActualSlugs(app.db, splitSlugs(request.query.slugs), viewer)
      return { tools: presentTools(rows, viewer?.id ?? null) }
    },
  )

  app.post(
    '/api/v1/services/create',
    {
      config: app.config.rateLimitEnabled ? { rateLimit: { max: 30, timeWindow: '1 hour' } } : {},
      schema: {
        tags,
        summary: 'Submit a tool (unapproved, just_added); an existing tool with that name or website is answered',
        body: CreateToolBody,
        response: {
          200: CreatedToolResponse,
          201: CreatedToolResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const user = await requireRealUser(request, 'Impersonated users are not allowed to add tools')
      const websiteUrl = normalizeWebsiteUrl(request.body.service.website_url)
      if (!websiteUrl) throw fieldError('website_url', 'Invalid URL')
      const { toolId, isNew } = await submitTool(app.db, { name: request.body.service.name, websiteUrl }, user.id)
      // The answer is the tool even when a moderator hid it: the submitter learns it exists instead of adding it again.
      const [row] = await findToolsByIds(app.db, [toolId], { id: user.id, isModerator: true })
      reply.code(isNew ? 201 : 200).header('cache-control', 'no-store')
      return { tool: presentTools([row!], user.id)[0]! }
    },
  )

  app.get(
    '/api/v1/tools',
    {
      schema: {
        tags,
        summary: `The directory: ${TOOLS_PAGE_SIZE} tools a page, most popular first, by layer or category`,
        querystring: DirectoryQuery,
        response: { 200: DirectoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { page } = request.query
      let filter: { categoryId?: number; layerId?: number } = {}
      let layer: { slug: string; name: string } | null = null
      let category: { slug: string; name: string } | null = null
      if (request.query.category) {
        const found = await findCategoryBySlug(app.db, request.query.category)
        if (!found) throw notFound()
        filter = { categoryId: found.id }
        category = { slug: found.slug, name: found.name }
        layer = { slug: found.layerSlug, name: found.layerName }
      } else if (request.query.layer) {
        const found = await findLayerBySlug(app.db, request.query.layer)
        if (!found) throw notFound()
        filter = { layerId: found.id }
        layer = { slug: found.slug, name: found.name }
      }
      const rows = await listDirectoryTools(app.db, filter, {
        limit: TOOLS_PAGE_SIZE,
        offset: (page - 1) * TOOLS_PAGE_SIZE,
      })
      cachePublicly(reply, LIST_MAX_AGE)
      return { ...pageOf(rows, page), layer, category }
    },
  )

  app.get(
    '/api/v1/tools/newest',
    {
      schema: {
        tags,
        summary: `The ${NEWEST_TOOLS_COUNT} newest approved tools (no packages)`,
        response: { 200: ToolListResponse },
      },
    },
    async (_request, reply) => {
      cachePublicly(reply, LIST_MAX_AGE)
      return { tools: presentTools(await listNewestTools(app.db, NEWEST_TOOLS_COUNT), null) }
    },
  )

  app.get(
    '/api/v1/layers',
    {
      schema: {
        tags,
        summary: 'Layers with their categories and the number of listed tools in each',
        response: { 200: LayersResponse },
      },
    },
    async (_request, reply) => {
      cachePublicly(reply, 300)
      return { layers: presentLayers(await listLayersWithCounts(app.db)) }
    },
  )

  app.get(
    '/api/v1/tools/:slug',
    {
      schema: {
        tags,
        summary:
          'The tool page in one answer: the tool, stacks, pros and cons, companies, alternatives and jobs using it',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: ToolPageResponse, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const key = request.params.slug.toLowerCase()
      // The answer of a public tool is the same for everyone (the viewer's votes come apart): shared caches may keep
      // it, and so do we (only public tools' answers are kept)
      const shared = (answer: FastifyReply) => cacheInSharedCachesOnly(answer, LIST_MAX_AGE)
      const kept = toolPages.sendKept(reply, key, shared)
      if (kept) return kept
      const tool = await findToolBySlugOrName(app.db, key)
      if (!tool) throw notFound()
      const isPublic = isPublicTool(tool)
      const viewer = isPublic ? null : await request.sessionUser()
      if (!canSeeTool(tool, viewer)) throw notFound()
      if (!isPublic) {
        cachePrivately(reply)
        return loadToolPage(app.db, tool, viewer?.id ?? null)
      }
      shared(reply)
      return toolPages.send(reply, key, ToolPageResponse, () => loadToolPage(app.db, tool, null))
    },
  )

  app.get(
    '/api/v1/tools/:slug/alternatives',
    {
      schema: {
        tags,
        summary: `The tool's alternatives: the other tools of its category, ${TOOLS_PAGE_SIZE} a page, most popular first`,
        params: z.object({ slug: z.string().max(200) }),
        querystring: ToolAlternativesQuery,
        response: { 200: ToolAlternativesResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { page } = request.query
      const tool = await findToolBySlugOrName(app.db, request.params.slug.toLowerCase())
      // only a public tool has this page: its alternatives are the directory's, whoever asks
      if (!tool || !isPublicTool(tool)) throw notFound()
      const rows =
        tool.categoryId === null
          ? []
          : await listAlternativeTools(
              app.db,
              { id: tool.id, categoryId: tool.categoryId },
              { limit: TOOLS_PAGE_SIZE, offset: (page - 1) * TOOLS_PAGE_SIZE },
            )
      cachePublicly(reply, LIST_MAX_AGE)
      return { ...pageOf(rows, page), tool: presentTools([tool], null)[0]! }
    },
  )

  app.get(
    '/api/v1/services/reason_votes',
    {
      schema: {
        tags,
        summary: "The signed-in user's votes on the pros and cons of these tools (comma-joined service_ids)",
        querystring: ReasonsQuery,
        response: { 200: ReasonVotesResponse, 400: ErrorEnvelope, 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      reply.header('cache-control', 'private, no-store')
      const rows = await listUserReasonVotes(app.db, user.id, [...new Set(request.query.service_ids)])
      return presentReasonVotes(rows)
    },
  )

  await app.register(stackupRoutes)
}

function pageOf<T extends Parameters<typeof presentTools>[0][number]>(rows: T[], page: number) {
  return {
    tools: presentTools(rows.slice(0, TOOLS_PAGE_SIZE), null),
    page,
    per_page: TOOLS_PAGE_SIZE,
    has_more: rows.length > TOOLS_PAGE_SIZE,
  }
}

// The stack page /{ownerSlug}/{stackSlug}. A private stack exists only for its owner's members. (A user's stacks
// are listed by the profiles module, a tool's by the tools module, a company's by GET /api/v1/companies/{slug}.)
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { STACK_HISTORY_SIZE, StackPage } from '#contracts/stacks.ts'
import { hasCredentials } from '../../http/auth-guard.ts'
import { cachePublicly } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { PublicAnswerCache } from '../../http/public-answer-cache.ts'
import { assertCanView, loadStackAccess } from './stacks.policy.ts'
import { presentStackPage } from './stacks.presenter.ts'
import {
  findStackBySlugs,
  listStackSyncChanges,
  listStackToolsWithCategories,
  type StackRow,
} from './stacks.queries.ts'

const tags = ['stacks']
const Slug = z.string().min(1).max(100)
/** How long browsers and shared caches may keep a public stack's answer for visitors, and so do we. */
const PUBLIC_MAX_AGE = 60

export const stackPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Visitors' answers of public stacks, the same for every visitor: kept per instance for as long as HTTP lets caches
  // keep them, and emptied on every instance by any write (http/content-changes.ts), as the tool page's are
  const visitorPages = new PublicAnswerCache({ ttlMs: PUBLIC_MAX_AGE * 1000, maxEntries: 2000 })
  app.metrics.watchCache('stack_pages', visitorPages.lookups)
  app.contentChanges.subscribe(() => visitorPages.clear())
  const shared = (reply: FastifyReply) => cachePublicly(reply, PUBLIC_MAX_AGE)
  // only a stack a code-host sync kept has a history (decision 063), also once its connection is gone (decision 079)
  const historyOf = (stack: StackRow) =>
    stack.syncedAt === null ? Promise.resolve([]) : listStackSyncChanges(app.db, stack.id, STACK_HISTORY_SIZE)

  app.get(
    '/api/v1/stacks/:ownerSlug/:stackSlug',
    {
      schema: {
        tags,
        summary: 'The stack page: owner, details and tools grouped by layer and category',
        params: z.object({ ownerSlug: Slug, stackSlug: Slug }),
        response: { 200: StackPage },
      },
    },
    async (request, reply) => {
      const { ownerSlug, stackSlug } = request.params
      const key = `${ownerSlug.toLowerCase()}/${stackSlug.toLowerCase()}`
      if (!hasCredentials(request)) {
        const kept = visitorPages.sendKept(reply, key, shared)
        if (kept) return kept
      }
      const viewer = await request.sessionUser()
      const found = await findStackBySlugs(app.db, ownerSlug, stackSlug)
      if (!found) throw notFound()
      const access = await loadStackAccess(app.db, viewer, found.owner, found.stack)
      assertCanView(access)
      // What a signed-in viewer sees depends on them (can_edit, private stacks); visitors share one page.
      if (viewer || found.stack.isPrivate) {
        reply.header('cache-control', 'private, no-store')
        const tools = await listStackToolsWithCategories(app.db, found.stack.id)
        return presentStackPage(found, tools, access.canEdit, await historyOf(found.stack))
      }
      shared(reply)
      return visitorPages.send(reply, key, StackPage, async () =>
        presentStackPage(
          found,
          await listStackToolsWithCategories(app.db, found.stack.id),
          false,
          await historyOf(found.stack),
        ),
      )
    },
  )
}

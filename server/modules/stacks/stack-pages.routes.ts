// The stack page /{ownerSlug}/{stackSlug}. A private stack exists only for its owner's members. (A user's stacks
// are listed by the profiles module, a tool's by the tools module, a company's by GET /api/v1/companies/{slug}.)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { StackPage } from '#contracts/stacks.ts'
import { notFound } from '../../http/errors.ts'
import { assertCanView, loadStackAccess } from './stacks.policy.ts'
import { presentStackPage } from './stacks.presenter.ts'
import { findStackBySlugs, listStackToolsWithCategories } from './stacks.queries.ts'

const tags = ['stacks']
const Slug = z.string().min(1).max(100)

export const stackPagesRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const viewer = await request.sessionUser()
      const found = await findStackBySlugs(app.db, request.params.ownerSlug, request.params.stackSlug)
      if (!found) throw notFound()
      const access = await loadStackAccess(app.db, viewer, found.owner, found.stack)
      assertCanView(access)
      // What a signed-in viewer sees depends on them (can_edit, private stacks); visitors share one cached page.
      if (viewer || found.stack.isPrivate) reply.header('cache-control', 'private, no-store')
      else reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=60')
      const tools = await listStackToolsWithCategories(app.db, found.stack.id)
      return presentStackPage(found, tools, access.canEdit)
    },
  )
}

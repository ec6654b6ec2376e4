// /stackups/{a}-vs-{b}'s data: two public tools side by side, in the canonical order (contracts/tool-page.ts
// stackupSlug); asked in the other order it answers the same comparison and names the canonical slug, which the
// page redirects to. Registered inside the tools plugin, so its answers carry ETags too.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { StackupResponse } from '#contracts/tool-page.ts'
import { cacheInSharedCachesOnly } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { findStackupTools, loadStackup } from './tool-page.service.ts'

export const stackupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/stackups/:pair',
    {
      schema: {
        tags: ['tools'],
        summary: "Two public tools side by side ('{a}-vs-{b}', either order); 404 unless both exist",
        params: z.object({ pair: z.string().max(420) }),
        response: { 200: StackupResponse, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const pair = await findStackupTools(app.db, request.params.pair)
      if (!pair) throw notFound()
      cacheInSharedCachesOnly(reply, 60)
      return loadStackup(app.db, pair)
    },
  )
}

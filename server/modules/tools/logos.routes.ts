// GET /logos/{slug}.svg: the tool's logo from the data packages, or a generated monogram, so every tool has an
// image. /logos/_placeholder.svg is the generic icon for anything without one. The SVG is served as a document of
// its own under a CSP that forbids scripts and external loads, so markup from a data package can never run.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { notFound } from '../../http/errors.ts'
import { findToolLogo } from './tools.queries.ts'

export type RenderMonogram = (name: string, color?: string | null) => string

export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'"
/** A day fresh, a week stale-while-revalidate: logos change only when the catalog is re-seeded or edited. */
const LOGO_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800'

export const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img"><title>Tool</title>' +
  '<rect width="64" height="64" rx="12" fill="#E2E8F0"/>' +
  '<path d="M32 14 48 23v18L32 50 16 41V23z" fill="none" stroke="#64748B" stroke-width="3" stroke-linejoin="round"/>' +
  '<path d="M16 23l16 9 16-9M32 32v18" fill="none" stroke="#64748B" stroke-width="3" stroke-linejoin="round"/></svg>'

export const logoRoutes: FastifyPluginAsyncZod<{ renderMonogram: RenderMonogram }> = async (app, options) => {
  app.get(
    '/logos/:file',
    {
      schema: {
        tags: ['tools'],
        summary: 'A tool logo as SVG ({slug}.svg), or _placeholder.svg',
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string().describe('image/svg+xml'), 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { file } = request.params
      if (!file.endsWith('.svg')) throw notFound()
      const slug = file.slice(0, -'.svg'.length)
      let svg: string
      if (slug === '_placeholder') {
        svg = PLACEHOLDER_SVG
      } else {
        const tool = await findToolLogo(app.db, slug)
        if (!tool) throw notFound()
        svg = tool.logoSvg ?? options.renderMonogram(tool.name, tool.brandColor)
      }
      // The ETag and 304 come from registerEtags (tools.routes.ts registers this plugin under it).
      reply
        .header('content-security-policy', LOGO_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', LOGO_CACHE_CONTROL)
        .type('image/svg+xml; charset=utf-8')
      return reply.send(svg)
    },
  )
}

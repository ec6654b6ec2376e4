// What search engines read besides the pages: /robots.txt, the sitemap index /sitemap.xml and its sitemaps
// /sitemaps/{kind}-{page}.xml (docs/decisions/043-sitemaps-and-robots.md). Public, the same for everyone; computed
// on each request, so a change is in the next answer; shared caches may keep an answer a few minutes. A private site
// (SITE_MODE=private) has a robots.txt that shuts everything, and no sitemaps.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { cachePublicly, registerEtags } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { presentPrivateRobotsTxt, presentRobotsTxt } from './robots.ts'
import { presentSitemapIndex, presentUrlset } from './sitemaps.presenter.ts'
import { listSitemaps, loadSitemap, parseSitemapFile } from './sitemaps.service.ts'

const tags = ['seo']
/** Crawlers come back to sitemaps every few hours at most: five minutes in a shared cache costs no freshness. */
const SITEMAP_MAX_AGE_SECONDS = 300
const ROBOTS_MAX_AGE_SECONDS = 3600
const XML = 'application/xml; charset=utf-8'

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEtags(app)
  const isPrivate = app.config.siteMode === 'private'

  app.get(
    '/robots.txt',
    {
      config: { openInPrivateMode: true },
      schema: {
        tags,
        summary: 'What crawlers may read, and where the sitemap index is',
        response: { 200: z.string().describe('text/plain') },
      },
    },
    async (_request, reply) => {
      cachePublicly(reply, ROBOTS_MAX_AGE_SECONDS)
      const text = isPrivate ? presentPrivateRobotsTxt() : presentRobotsTxt(app.config.baseUrl)
      return reply.type('text/plain; charset=utf-8').send(text)
    },
  )
  if (isPrivate) return

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        summary: 'The sitemap index: every sitemap with the newest change among its pages',
        response: { 200: z.string().describe('application/xml') },
      },
    },
    async (_request, reply) => {
      const sitemaps = await listSitemaps(app.db)
      cachePublicly(reply, SITEMAP_MAX_AGE_SECONDS)
      return reply.type(XML).send(presentSitemapIndex(app.config.baseUrl, sitemaps))
    },
  )

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags,
        summary: 'One sitemap ({kind}-{page}.xml): public pages with their canonical address and last change',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.string().describe('application/xml'), 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const sitemap = parseSitemapFile(request.params.file)
      const urls = sitemap && (await loadSitemap(app.db, sitemap.kind, sitemap.page))
      if (!urls) throw notFound()
      cachePublicly(reply, SITEMAP_MAX_AGE_SECONDS)
      return reply.type(XML).send(presentUrlset(app.config.baseUrl, urls))
    },
  )
}

// The HTML of /tools/{slug} and /stackups/{a}-vs-{b}: the single-page app's index.html with the page's title, meta
// description, canonical link and JSON-LD put in by the server (one indexed lookup per request), so crawlers that
// do not run JavaScript see them. Unknown tools answer 404 (the app then shows its not-found page); a comparison
// asked in the other order answers 301 to the canonical one. Pending and hidden tools get the bare index.html: their
// names stay out of the HTML. docs/decisions/020-tool-pages-and-stackups.md.
import type { FastifyPluginAsync } from 'fastify'
import {
  stackupMetaDescription,
  stackupSlug,
  stackupStructuredData,
  stackupTitle,
  toolMetaDescription,
  toolPageTitle,
  toolStructuredData,
} from '#contracts/tool-page-meta.ts'
import { withPageHead } from '../../http/page-head.ts'
import { sendPage } from '../../http/page-shell.ts'
import { findStackupTools, isPublicTool } from './tool-page.service.ts'
import { toolCanonicalUrl, toolLogoUrl } from './tools.presenter.ts'
import { findToolBySlug } from './tools.queries.ts'

/** A path naming a page is short (control characters are refused before any route: server/http/input-guard.ts). */
const isPlausibleSlug = (text: string, max: number) => text.length <= max

type ToolRow = NonNullable<Awaited<ReturnType<typeof findToolBySlug>>>

const structuredTool = (tool: ToolRow) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  website_url: tool.websiteUrl,
  image_url: tool.imageUrl ?? toolLogoUrl(tool.slug),
  canonical_url: toolCanonicalUrl(tool.slug),
  category: tool.categoryName ? { name: tool.categoryName } : null,
})

export const toolPageHtmlRoutes: FastifyPluginAsync<{ indexHtml: string }> = async (app, { indexHtml }) => {
  const origin = app.config.baseUrl
  const siteTitle = (title: string) => `${title} | ${app.config.siteName}`

  app.get<{ Params: { slug: string } }>('/tools/:slug', { schema: { hide: true } }, async (request, reply) => {
    const tool = isPlausibleSlug(request.params.slug, 200)
      ? await findToolBySlug(app.db, request.params.slug.toLowerCase())
      : null
    if (!tool) return sendPage(reply, indexHtml, 404)
    if (!isPublicTool(tool)) return sendPage(reply, indexHtml)
    const data = structuredTool(tool)
    return sendPage(
      reply,
      withPageHead(indexHtml, {
        title: siteTitle(toolPageTitle(tool)),
        description: toolMetaDescription(tool),
        canonicalUrl: new URL(data.canonical_url, origin).toString(),
        imageUrl: new URL(data.image_url, origin).toString(),
        structuredData: toolStructuredData(data, origin),
      }),
    )
  })

  app.get<{ Params: { pair: string } }>('/stackups/:pair', { schema: { hide: true } }, async (request, reply) => {
    const pair = isPlausibleSlug(request.params.pair, 420) ? await findStackupTools(app.db, request.params.pair) : null
    if (!pair) return sendPage(reply, indexHtml, 404)
    const [first, second] = pair[0].slug < pair[1].slug ? pair : [pair[1], pair[0]]
    const slug = stackupSlug(first.slug, second.slug)
    const path = `/stackups/${slug}`
    if (request.params.pair !== slug) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
      return reply.redirect(`${path}${query}`, 301)
    }
    return sendPage(
      reply,
      withPageHead(indexHtml, {
        title: siteTitle(stackupTitle(first, second)),
        description: stackupMetaDescription(first, second),
        canonicalUrl: new URL(path, origin).toString(),
        structuredData: stackupStructuredData(structuredTool(first), structuredTool(second), path, origin),
      }),
    )
  })
}

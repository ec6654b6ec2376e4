// Pages rendered on the server (docs/decisions/042-server-rendering.md): every page route answers the built
// index.html with the page drawn into its root element, its head (title, description, canonical link, Open Graph and
// Twitter tags, JSON-LD) and the query cache the browser hydrates from. The web app's server entry
// (web/src/entry-server.tsx, built into dist/server) does the drawing; its API calls come back here as in-process
// requests (app.inject) carrying the viewer's cookie, so a page holds exactly what that viewer may read: a private
// stack renders for its owner and answers 404 to anyone else. The status is the page's (404 from the not-found page,
// 403 from the refused one) and a page that moved answers its redirect.
import fs from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { PageFetch, PageRender, RenderPage } from '#contracts/page-render.ts'
import type { AppConfig } from '../config.ts'
import { etagMatches } from './cache.ts'
import { isVisitor, type PageCache } from './page-cache.ts'
import { escapeHtml, withPageHead } from './page-head.ts'
import { sendPage } from './page-shell.ts'

export const serverEntry = fileURLToPath(new URL('../../dist/server/entry-server.js', import.meta.url))

/** The built server entry's render(), or null when the web app is not built (API tests, the dev API process). */
export async function loadBuiltRenderer(): Promise<RenderPage | null> {
  if (!fs.existsSync(serverEntry)) return null
  const module = (await import(pathToFileURL(serverEntry).href)) as { render: RenderPage }
  return module.render
}

/**
 * Pages drawn at once; later requests wait their turn in arrival order. Drawing is CPU work split by the page's API
 * calls: without a bound, every request under load starts at once and each one's steps queue behind the others',
 * so all of them finish late (at 50 connections the slowest took seconds). With a few at a time a page waits for
 * the ones before it and then draws without interruption: the same throughput, and latency in order of arrival.
 */
const RENDERS_AT_ONCE = 4

/** A first-come, first-served limit on how many of a kind of work run at once. */
class Turns {
  private running = 0
  private readonly waiting: Array<() => void> = []
  private readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await work()
    } finally {
      // the turn passes to the first in line, or frees its place
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

const renderTurns = new Turns(RENDERS_AT_ONCE)

/** Request headers a page's API calls carry on: who the viewer is and what they read. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const

/** The viewer's API calls, answered in-process by the same routes (hooks, permissions, caches) a browser reaches. */
function viewerFetch(app: FastifyInstance, request: FastifyRequest): PageFetch {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  return async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    })
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    })
  }
}

/** The page's HTML: the shell with its head, its drawn root and its data block. */
export function pageHtml(
  shell: string,
  site: Pick<AppConfig, 'baseUrl' | 'siteMode'>,
  page: Extract<PageRender, { kind: 'page' }>,
): string {
  const { head } = page
  const origin = site.baseUrl
  // a private site serves no share images (decision 053)
  const imagePath = site.siteMode === 'private' ? undefined : head.imagePath
  const withHead = withPageHead(shell, {
    title: head.title,
    description: head.description,
    canonicalUrl: head.canonicalPath ? new URL(head.canonicalPath, origin).toString() : undefined,
    imageUrl: imagePath ? new URL(imagePath, origin).toString() : undefined,
    structuredData: head.structuredData,
  })
  return withHead.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${page.html}</div><script type="application/json" id="page-state" data-parts="${escapeHtml(page.parts.join(' '))}">${page.state}</script>`,
  )
}

/**
 * The requested page drawn for its viewer (their API calls in-process), in its turn; `unchanged` when its data is the
 * one `drawnFrom` fingerprints (a kept drawing's).
 */
function renderForViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  render: RenderPage,
  drawnFrom?: string,
): Promise<PageRender> {
  const fetch = viewerFetch(app, request)
  return renderTurns.run(() => render({ url: request.url, origin: app.config.baseUrl, fetch, drawnFrom }))
}

/**
 * A browser opening a server route outside /api that finds nothing (error-handler.ts): the app's not-found page for
 * that address, drawn here with the 404 status, or the bare shell (drawn in the browser) should the address draw
 * anything else or rendering fail.
 */
export async function sendNotFoundPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { shell: string; render: RenderPage },
) {
  const { shell, render } = options
  try {
    const page = await renderForViewer(app, request, render)
    if (page.kind === 'page' && page.status === 404) return sendPage(reply, pageHtml(shell, app.config, page), 404)
  } catch (error) {
    request.log.error({ err: error }, 'not-found page render failed; sending the shell')
  }
  return sendPage(reply, shell, 404)
}

/**
 * Answers a page route: kept for visitors (page-cache.ts), rendered, or the bare shell (drawn in the browser) should
 * rendering fail. A visitor's page is the same for every visitor (Vary: Cookie); a signed-in viewer's is theirs alone.
 */
export async function sendRenderedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { shell: string; render: RenderPage; cache: PageCache },
) {
  const { shell, render, cache } = options
  reply.header('vary', 'cookie')
  if (!isVisitor(request)) reply.header('cache-control', 'private, no-cache')
  const kept = cache.get(request)
  if (kept?.current) return sendKeptPage(request, reply, kept)
  const changes = cache.changes
  let page: PageRender
  try {
    page = await renderForViewer(app, request, render, kept?.data)
  } catch (error) {
    request.log.error({ err: error }, 'page render failed; sending the shell')
    return sendPage(reply, shell)
  }
  if (page.kind === 'unchanged' && kept) {
    cache.confirm(request, kept.data, changes)
    return sendKeptPage(request, reply, kept)
  }
  if (page.kind === 'redirect') return reply.redirect(headerSafeLocation(page.location), page.status)
  if (page.kind !== 'page') return sendPage(reply, shell)
  const html = pageHtml(shell, app.config, page)
  const etag = page.status === 200 ? cache.keep(request, { html, data: page.data }, changes, page.changesAt) : undefined
  return etag ? sendKeptPage(request, reply, { html, etag }) : sendPage(reply, html, page.status)
}

/**
 * A page's redirect target as a Location header may carry it: one holding a character a header cannot (CR, LF, any
 * control, anything past Latin-1) would make Node throw, a 500 (security report F-8), so it goes home instead. The
 * pages check their targets themselves (safeNextPath); this keeps a page that forgets from answering 500.
 */
function headerSafeLocation(location: string): string {
  return /[^\x20-\x7e\x80-\xff]/.test(location) ? '/' : location
}

/** A kept page with its ETag: 304 without a body when the browser already has it. */
function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: { html: string; etag: string }) {
  reply.header('etag', page.etag)
  return etagMatches(request.headers['if-none-match'], page.etag)
    ? sendPage(reply, '', 304)
    : sendPage(reply, page.html)
}

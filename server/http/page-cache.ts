// Rendered pages kept per instance for visitors (no session cookie): the same HTML for everyone, so the busiest reads
// of a public directory (crawlers, shared links) skip the render. Any successful write through the API, on any
// instance, empties every instance's pages (NOTIFY pages_changed, heard by each instance's listener), and so does a
// catalog change (catalog_changed); a page lives at most PAGE_CACHE_TTL_MS, which bounds what changes outside a
// request (the jobs import, the scan queue) leave behind. A request with `Cache-Control: no-cache` is rendered afresh.
// docs/decisions/042-server-rendering.md.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CATALOG_CHANGED_CHANNEL } from '../modules/tools/catalog-memos.ts'
import { etagOf } from './cache.ts'
import { PublicAnswerCache } from './public-answer-cache.ts'

export const PAGES_CHANGED_CHANNEL = 'pages_changed'
export const PAGE_CACHE_TTL_MS = 60_000
const PAGE_CACHE_ENTRIES = 2000
/** Writes within this window announce one change, not one each. */
const ANNOUNCE_DELAY_MS = 50

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?stackatlas\.session_token=/
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export interface PageCache {
  /** The kept HTML of this page for a visitor, or undefined (a signed-in viewer, a request for a fresh copy). */
  get(request: FastifyRequest): string | undefined
  /** Read before rendering and given back to keep(): a page rendered across a change is not kept. */
  readonly generation: number
  keep(request: FastifyRequest, html: string, generation: number): void
}

/** A visitor: no session cookie, so the page is the same as anyone else's. */
export const isVisitor = (request: FastifyRequest) => !SESSION_COOKIE.test(request.headers.cookie ?? '')

const wantsFresh = (request: FastifyRequest) => /\bno-cache\b/.test(request.headers['cache-control'] ?? '')

export async function registerPageCache(app: FastifyInstance): Promise<PageCache> {
  const pages = new PublicAnswerCache({ ttlMs: PAGE_CACHE_TTL_MS, maxEntries: PAGE_CACHE_ENTRIES })
  const clear = () => pages.clear()
  const stops = await Promise.all(
    [PAGES_CHANGED_CHANNEL, CATALOG_CHANGED_CHANNEL].map((channel) =>
      app.database.listen(channel, clear, { onReconnect: clear }),
    ),
  )
  app.addHook('onClose', async () => {
    for (const stop of stops) await stop()
  })

  let announcing: NodeJS.Timeout | undefined
  app.addHook('onResponse', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return
    clear()
    announcing ??= setTimeout(() => {
      announcing = undefined
      app.database.notify(PAGES_CHANGED_CHANNEL, '').catch((error) => app.log.warn({ err: error }, 'pages_changed'))
    }, ANNOUNCE_DELAY_MS)
  })
  app.addHook('onClose', async () => clearTimeout(announcing))

  return {
    get: (request) => (isVisitor(request) && !wantsFresh(request) ? pages.get(request.url)?.body : undefined),
    get generation() {
      return pages.generation
    },
    keep: (request, html, generation) => {
      if (isVisitor(request)) pages.set(request.url, { body: html, etag: etagOf(html) }, generation)
    },
  }
}

/** Keeps nothing: development, where an edit to a page must show on the next load. */
export const noPageCache: PageCache = { get: () => undefined, generation: 0, keep: () => {} }

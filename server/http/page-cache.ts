// Rendered pages kept per instance for visitors (no session cookie): the same HTML for everyone, so the busiest reads
// of a public directory (crawlers, shared links) skip the render. Emptied on every instance when content changes
// (content-changes.ts: any successful write through the API, a catalog change, a code-host sync's write); a page lives
// at most PAGE_CACHE_TTL_MS, which bounds what other changes outside a request (the jobs import) leave behind, and
// no longer than a page says it changes by itself (an open job's expiry). A request with `Cache-Control: no-cache` is
// rendered afresh. docs/decisions/042-server-rendering.md.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hasSessionCookie } from './auth-guard.ts'
import { etagOf } from './cache.ts'
import { PublicAnswerCache } from './public-answer-cache.ts'

export const PAGE_CACHE_TTL_MS = 60_000
const PAGE_CACHE_ENTRIES = 2000

export interface PageCache {
  /** The kept HTML of this page for a visitor, or undefined (a signed-in viewer, a request for a fresh copy). */
  get(request: FastifyRequest): string | undefined
  /** Read before rendering and given back to keep(): a page rendered across a change is not kept. */
  readonly generation: number
  /** `until` (ms since the epoch): the page changes by itself then (a job's expiry), so it is kept no longer. */
  keep(request: FastifyRequest, html: string, generation: number, until?: number): void
}

/** A visitor: no session cookie, so the page is the same as anyone else's. */
export const isVisitor = (request: FastifyRequest) => !hasSessionCookie(request)

const wantsFresh = (request: FastifyRequest) => /\bno-cache\b/.test(request.headers['cache-control'] ?? '')

export function createPageCache(app: FastifyInstance): PageCache {
  const pages = new PublicAnswerCache({ ttlMs: PAGE_CACHE_TTL_MS, maxEntries: PAGE_CACHE_ENTRIES })
  app.metrics.watchCache('pages', pages.lookups)
  app.contentChanges.subscribe(() => pages.clear())
  return {
    get: (request) => (isVisitor(request) && !wantsFresh(request) ? pages.get(request.url)?.body : undefined),
    get generation() {
      return pages.generation
    },
    keep: (request, html, generation, until) => {
      if (!isVisitor(request)) return
      const ttlMs = Math.min(PAGE_CACHE_TTL_MS, (until ?? Number.POSITIVE_INFINITY) - Date.now())
      if (ttlMs > 0) pages.set(request.url, { body: html, etag: etagOf(html) }, generation, ttlMs)
    },
  }
}

/** Keeps nothing: development, where an edit to a page must show on the next load. */
export const noPageCache: PageCache = { get: () => undefined, generation: 0, keep: () => {} }

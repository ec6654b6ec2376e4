// Rendered pages kept per instance for visitors (no session cookie): the same HTML for everyone, so the busiest reads
// of a public directory (crawlers, shared links) skip the render. A content change (content-changes.ts: any
// successful write through the API that may change what a visitor reads, a catalog change, a code-host sync's write)
// marks every kept page on every instance as drawn before it: the next visitor of such a page has its data loaded
// afresh (its API calls, whose own kept answers the change emptied), and when that data is what the kept drawing was
// drawn from, gets the kept drawing without React drawing it again; otherwise the page is drawn anew. So a write
// costs the pages it did not touch their data, not their drawing (decision 073). A drawing lives at most
// PAGE_CACHE_TTL_MS, which bounds what a drawing reads of the clock ("3 minutes ago") and what changes outside a
// request (the jobs import) leave behind, and no longer than a page says it changes by itself (an open job's
// expiry). A kept page carries its ETag (a browser that has it gets 304). A request with `Cache-Control: no-cache` is
// drawn afresh. docs/decisions/042-server-rendering.md.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hasSessionCookie } from './auth-guard.ts'
import { etagOf } from './cache.ts'
import { PublicAnswerCache } from './public-answer-cache.ts'

export const PAGE_CACHE_TTL_MS = 60_000
const PAGE_CACHE_ENTRIES = 2000

/** A kept drawing of a page. */
export interface KeptPage {
  html: string
  etag: string
  /** No content change since it was drawn, or since its data was last found the same: sent as it is. */
  current: boolean
  /** The fingerprint of the data it was drawn from (PageRender's `data`). */
  data: string
}

export interface PageCache {
  /** The kept drawing of this page for a visitor, or undefined (a signed-in viewer, a request for a fresh copy). */
  get(request: FastifyRequest): KeptPage | undefined
  /** Content changes so far: read before rendering and given back to keep() and confirm(). */
  readonly changes: number
  /**
   * Keeps a visitor's page and answers its ETag (undefined when not kept). `until` (ms since the epoch): the page
   * changes by itself then (a job's expiry), so it is kept no longer.
   */
  keep(
    request: FastifyRequest,
    page: { html: string; data: string },
    changes: number,
    until?: number,
  ): string | undefined
  /**
   * The data of the drawing kept from `data` loaded the same again, after `changes`: current again, until its own time
   * runs out (unless another drawing has replaced it meanwhile).
   */
  confirm(request: FastifyRequest, data: string, changes: number): void
}

interface Entry {
  body: string
  etag: string
  data: string
  /** The changes counted when its data was loaded. */
  changes: number
  /** When the drawing goes (ms since the epoch). */
  until: number
}

/** A visitor: no session cookie, so the page is the same as anyone else's. */
export const isVisitor = (request: FastifyRequest) => !hasSessionCookie(request)

const wantsFresh = (request: FastifyRequest) => /\bno-cache\b/.test(request.headers['cache-control'] ?? '')

export function createPageCache(app: FastifyInstance): PageCache {
  const pages = new PublicAnswerCache<Entry>({ ttlMs: PAGE_CACHE_TTL_MS, maxEntries: PAGE_CACHE_ENTRIES })
  let changes = 0
  // a hit is a kept drawing found, current or marked (a marked one's data is loaded before it is sent or drawn anew)
  app.metrics.watchCache('pages', pages.lookups)
  app.contentChanges.subscribe(() => {
    changes++
  })
  return {
    get: (request) => {
      const entry = isVisitor(request) && !wantsFresh(request) ? pages.get(request.url) : undefined
      return entry && { html: entry.body, etag: entry.etag, current: entry.changes === changes, data: entry.data }
    },
    get changes() {
      return changes
    },
    keep: (request, page, changesBefore, until) => {
      if (!isVisitor(request)) return undefined
      const drawnUntil = Math.min(Date.now() + PAGE_CACHE_TTL_MS, until ?? Number.POSITIVE_INFINITY)
      const entry = { body: page.html, etag: etagOf(page.html), data: page.data, changes: changesBefore }
      return set(request, { ...entry, until: drawnUntil }) ? entry.etag : undefined
    },
    confirm: (request, data, changesBefore) => {
      const entry = isVisitor(request) ? pages.peek(request.url) : undefined
      if (entry?.data === data) set(request, { ...entry, changes: Math.max(entry.changes, changesBefore) })
    },
  }

  function set(request: FastifyRequest, entry: Entry): boolean {
    const ttlMs = entry.until - Date.now()
    // never cleared (a change marks entries instead), so the cache's generation never turns a page away
    if (ttlMs > 0) pages.set(request.url, entry, pages.generation, ttlMs)
    return ttlMs > 0
  }
}

/** Keeps nothing: development, where an edit to a page must show on the next load. */
export const noPageCache: PageCache = { get: () => undefined, changes: 0, keep: () => undefined, confirm: () => {} }

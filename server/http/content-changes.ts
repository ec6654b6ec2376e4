// When what visitors read may have changed: after any successful write through the API, on any instance (NOTIFY
// content_changed, coalesced), and when the listed catalog changes (catalog_changed). Answers kept per instance for
// visitors subscribe: the tool page's and stack page's API answers empty themselves, rendered pages (page-cache.ts)
// are marked and drawn again only when their data has changed (decision 073). Treating any write as a change of
// everything is coarse and right: a directory's reads outnumber its writes by far. Decision 042. A write
// that changes nothing anyone reads without signing in (a sign-in, a notification read, an analytics event) says so
// with LEAVES_PUBLIC_CONTENT and announces nothing: anyone could otherwise empty every instance's pages. Decision 071.
import type { FastifyInstance } from 'fastify'
import { CATALOG_CHANGED_CHANNEL } from '../modules/tools/catalog-memos.ts'
import { isWriteRequest } from './csrf.ts'

export const CONTENT_CHANGED_CHANNEL = 'content_changed'
/** Writes within this window announce one change to the other instances, not one each. */
const ANNOUNCE_DELAY_MS = 50

/**
 * A write route's config when it changes nothing a visitor reads, on any page or public answer: the signed-in person's
 * own notifications, settings, tokens and invitations, sign-in itself, an analytics event, an uploaded file not yet
 * used. A route that can add, change or remove anything a visitor sees must not use it.
 */
export const LEAVES_PUBLIC_CONTENT = { changesPublicContent: false } as const

export interface ContentChanges {
  /** Calls `listener` on every change from now on (at once for this instance's own writes). */
  subscribe(listener: () => void): void
  /**
   * Says that content changed outside a request (a job's committed write: a code-host sync): heard here at once, on
   * the other instances after the announcement. Writes through the API announce themselves.
   */
  announce(): void
}

declare module 'fastify' {
  interface FastifyInstance {
    contentChanges: ContentChanges
  }
  interface FastifyContextConfig {
    /** false: the write changes nothing a visitor reads, so it announces no content change (LEAVES_PUBLIC_CONTENT). */
    changesPublicContent?: false
  }
}

export async function registerContentChanges(app: FastifyInstance) {
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const stops = await Promise.all(
    [CONTENT_CHANGED_CHANNEL, CATALOG_CHANGED_CHANNEL].map((channel) =>
      app.database.listen(channel, changed, { onReconnect: changed }),
    ),
  )
  let announcing: NodeJS.Timeout | undefined
  const announce = () => {
    changed()
    announcing ??= setTimeout(() => {
      announcing = undefined
      app.database
        .notify(CONTENT_CHANGED_CHANNEL, '')
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not announce a content change'))
    }, ANNOUNCE_DELAY_MS)
  }
  app.addHook('onResponse', async (request, reply) => {
    // a write: an unsafe method, or a GET the CSRF check treats as one (the follow toggle, spec §7)
    if (reply.statusCode >= 400 || !isWriteRequest(request)) return
    if (request.routeOptions.config?.changesPublicContent !== false) announce()
  })
  app.addHook('onClose', async () => {
    clearTimeout(announcing)
    for (const stop of stops) await stop()
  })
  app.decorate('contentChanges', { subscribe: (listener: () => void) => void listeners.add(listener), announce })
}

// HTTP caching for public reads: Cache-Control set by the route, a weak ETag computed from the bytes sent, and
// 304 Not Modified when the client already has them. Register registerEtags inside a module's plugin so that it
// covers that module's routes only.
import crypto from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'

/** Public, shared-cache friendly: served for `seconds`, then served stale while revalidating for as long again. */
export function cachePublicly(reply: FastifyReply, seconds: number, staleSeconds = seconds) {
  reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${staleSeconds}`)
}

/** An answer that differs for a signed-in viewer (their private stacks, their role) is never stored for them;
 * a visitor's is public for a minute, like cachePublicly(60). */
export function cacheForViewer(reply: FastifyReply, isSignedIn: boolean) {
  if (isSignedIn) reply.header('cache-control', 'private, no-store')
  else cachePublicly(reply, 60)
}

/**
 * Public, but the browser asks again every time (a 304 when the ETag still matches): for pages a visitor changes
 * through other actions (adding a tool to a stack changes the tool page) and expects to see at once. Shared caches
 * (a CDN in front) may still keep it for `sharedSeconds`.
 */
export function cacheInSharedCachesOnly(reply: FastifyReply, sharedSeconds: number) {
  reply.header('cache-control', `public, max-age=0, s-maxage=${sharedSeconds}`)
}

/** Depends on who asks (a submitter's own pending tool): browsers may keep it, shared caches must not. */
export function cachePrivately(reply: FastifyReply) {
  reply.header('cache-control', 'private, no-cache')
}

export function etagOf(payload: string | Buffer): string {
  return `W/"${crypto.createHash('sha1').update(payload).digest('base64url')}"`
}

/** Whether an If-None-Match header names this ETag (weak and strong compare alike, as for GET they should). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value.replace(/^W\//, '') === bare
  })
}

/** Adds an ETag to successful GET answers that carry a Cache-Control, and answers 304 when it matches. */
export function registerEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload
    const cacheControl = reply.getHeader('cache-control')
    if (typeof cacheControl !== 'string' || cacheControl.includes('no-store')) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload)
    reply.header('etag', etag)
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304)
      reply.removeHeader('content-length')
      return ''
    }
    return payload
  })
}

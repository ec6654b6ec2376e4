// A form of a page posted to the page itself (security report F-7): the forms holding a password or a secret are
// `method="post"` (the sign-in and sign-up forms, the settings cards, the code host's credentials), so one submitted
// before the page's script has taken over sends its fields in a body instead of the URL, where the history and the
// access log would keep them. Such a POST is answered 303 See Other back to the same page, which the browser then
// loads with GET (its script now running, the form empty to be filled again). The body is never read into anything:
// it is drained and dropped here, and the access log writes method, URL and status only (access-log.ts).
// Paths under /api/ and files keep the not-found envelope; real routes are matched before this catch-all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sameSitePath } from '#contracts/sign-in.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the catch-all answering a page's own form posted before its script ran (page-post.ts). */
    isPageFormPost?: boolean
  }
}

/** A page's form body is a few fields: anything larger is not one (413). */
const PAGE_FORM_BODY_MAX = 64 * 1024

export async function pagePostRoutes(app: FastifyInstance) {
  // every kind of body a browser's form sends (urlencoded, multipart, text/plain) is drained and dropped unparsed
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_FORM_BODY_MAX }, (_request, _body, done) =>
    done(null, undefined),
  )
  // nothing is done and nothing is shown, yet the usual guards stay: a cookie's POST from another origin is still
  // refused (csrf.ts), and a private site walls these as it walls the pages, but for the pages open to everyone there
  // (the sign-in screen's form: private-mode.ts)
  const options = { schema: { hide: true }, config: { isPageFormPost: true } } as const
  app.post('/', options, backToThePage)
  app.post('/*', options, backToThePage)
}

function backToThePage(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? ''
  if (path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) {
    return reply.status(404).send({ error: { code: 'not_found', message: `No route for POST ${path}` } })
  }
  return reply.header('cache-control', 'no-store').redirect(sameSitePath(request.url) ?? '/', 303)
}

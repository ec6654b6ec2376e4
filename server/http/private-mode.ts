// SITE_MODE=private: a company's own directory behind a sign-in wall (issue 17, docs/decisions/053-private-mode.md).
// One hook answers every request of someone not signed in before its route runs: a page is redirected to the
// sign-in screen (/sign-in?next=...), anything else answers 401 in the envelope. A signed-in account whose address is
// not verified (decision 052) is walled the same way, its API calls answered 403 with what to do, but for the routes
// that verifying takes (`allowUnverified`); the sign-in screen shows it the Resend. Open to everyone are only the
// routes that say so (`config: { openInPrivateMode: true }`: health, the site's name and sign-in options, robots.txt,
// Better Auth's endpoints, the e-mailed unsubscribe link whose token is its proof), the pages that finish a sign-in
// (PAGES_OPEN_IN_PRIVATE_MODE) and the web app's own code. A route that forgets nothing is walled, since the wall
// is the default: private-mode.test.ts walks the route table to keep it so.
// Every answer leaves shared caches out: `public` becomes `private` (s-maxage dropped), and an answer that set no
// Cache-Control gets `private, no-cache`; only the hashed assets of the app's code stay public.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FORGOT_PASSWORD_PATH } from '#contracts/password-reset.ts'
import { SIGN_IN_PATH, SIGN_IN_TO_USE_THIS_SITE, signInAddress } from '#contracts/sign-in.ts'
import { unverifiedRefusal } from './auth-guard.ts'
import { unauthorized } from './errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: answered to people not signed in when SITE_MODE=private (private-mode.ts). */
    openInPrivateMode?: boolean
  }
}

/** Pages someone not signed in may open in private mode: the sign-in screen (drawn by the server with the site's
 * name and sign-in options, nothing of the directory) and the e-mailed links it needs. */
export const PAGES_OPEN_IN_PRIVATE_MODE: readonly string[] = [
  SIGN_IN_PATH,
  '/users/sign-in-error', // why a provider's sign-in was refused (decision 051)
  '/verify-email', // the e-mailed verification link (decision 052)
  '/join', // sign-up from an invitation (decision 052)
  FORGOT_PASSWORD_PATH, // "Forgot password?" and the e-mailed link's page (decision 074)
  '/reset-password',
  '/users/logout', // an account that may not read yet can still sign out
  '/unsubscribe',
]

export function registerSignInWall(app: FastifyInstance) {
  if (app.config.siteMode !== 'private') return
  const isAppCode = appCodeTest(app.config.webDev === true)
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const config = request.routeOptions.config
    if (config?.openInPrivateMode === true || isAppCode(path)) return
    const user = await request.sessionUser()
    if (user?.emailVerified) return
    // an account whose address is not verified reads nothing either, but may do what verifying it takes
    if (user && config?.allowUnverified === true) return
    reply.header('cache-control', 'no-store')
    // an open page's form posted before its script ran (the sign-in screen's): answered 303 back to it (page-post.ts)
    if (config?.isPageFormPost === true && PAGES_OPEN_IN_PRIVATE_MODE.includes(path)) return
    if (isPageRequest(request, path)) {
      if (PAGES_OPEN_IN_PRIVATE_MODE.includes(path)) return
      return reply.redirect(signInAddress(request.url), 302)
    }
    throw user ? unverifiedRefusal(user) : unauthorized(SIGN_IN_TO_USE_THIS_SITE)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isAppCode(request.url.split('?')[0] ?? '')) keepFromSharedCaches(reply)
    return payload
  })
}

/** A browser opening a page: GET or HEAD of a path outside /api with no file extension. */
function isPageRequest(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)
}

/**
 * The app's code, which holds nothing of the directory: the built bundle's hashed assets and its icon, and in
 * development what Vite serves (/src/..., /node_modules/..., /@vite/..., /@fs/...). Tested on the path as it came,
 * which must already be in its normal form (security report F-9): a path with a '.' or '..' segment, an empty
 * segment, a backslash or any percent-encoding is never app code, so '/assets/../tools', '/assets/%2e%2e/tools',
 * '/assets/..%2ftools' or '/assets//../tools' meet the wall instead of being routed, once normalised, to a page. The
 * built assets' names never need any of these (Vite names them '/assets/<name>-<hash>.<ext>').
 */
function appCodeTest(webDev: boolean): (path: string) => boolean {
  return (path) =>
    isNormalPath(path) &&
    (path.startsWith('/assets/') || path === '/favicon.svg' || (webDev && /^\/(@|src\/|node_modules\/)/.test(path)))
}

/** A path a router or file server reads as it is written: no '.' or '..' segment, no '//', no '\\', no '%'. */
export function isNormalPath(path: string): boolean {
  return !/[\\%]|\/\/|\/\.\.?(?:\/|$)/.test(path)
}

function keepFromSharedCaches(reply: FastifyReply) {
  const cacheControl = reply.getHeader('cache-control')
  if (typeof cacheControl !== 'string' || cacheControl.length === 0) {
    reply.header('cache-control', 'private, no-cache')
    return
  }
  if (/\bno-store\b|\bprivate\b/.test(cacheControl) && !/\bpublic\b/.test(cacheControl)) return
  const directives = cacheControl
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && directive !== 'public' && !directive.startsWith('s-maxage'))
  reply.header('cache-control', ['private', ...directives.filter((directive) => directive !== 'private')].join(', '))
}

/** A private site's pages tell crawlers that reach them anyway to keep nothing (robots.txt shuts everything too). */
export function withoutIndexing(shell: string): string {
  return shell.replace('</head>', () => '    <meta name="robots" content="noindex, nofollow" />\n  </head>')
}

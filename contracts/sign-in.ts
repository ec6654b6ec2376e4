// The sign-in screen's address and the private site's refusal: kept apart from the site's schema (site.ts) so every
// page's first load, which reads them through web/src/lib/api.ts, does not carry zod.

/** The sign-in screen: a page of its own, where a private site sends everyone not signed in (decision 053). */
export const SIGN_IN_PATH = '/sign-in'

/** The private site's answer to an API call of someone not signed in (401). */
export const SIGN_IN_TO_USE_THIS_SITE = 'Sign in to use this site.'

/** The sign-in screen's address, coming back to `path` (a path of this site, with its query) once signed in. */
export function signInAddress(path: string): string {
  const next = safeNextPath(path)
  return next === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`
}

/**
 * Where to go after signing in: a path of this site only ('/x', never '//host' nor '/\host', which browsers read as
 * another site), and never the sign-in screen itself; '/' otherwise.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  if (next === SIGN_IN_PATH || next.startsWith(`${SIGN_IN_PATH}?`)) return '/'
  return next
}

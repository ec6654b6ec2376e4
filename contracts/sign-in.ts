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

/** The origin `next` is resolved against: any will do, since only what stays on it is kept (a path of this site). */
const THIS_SITE = 'https://this-site.invalid'

/**
 * Characters a browser strips or reads as something else before it follows a link (tab, CR and LF are dropped, so
 * '/\t/host' becomes '//host'), and that a Location header must never carry: every control, format and separator
 * character (C0, C1, zero-width and direction marks, every Unicode space), raw or percent-encoded (a C0 or C1 control,
 * '%09', '%0a', '%c2%85', which a server on the way may decode).
 */
const UNSAFE_IN_NEXT = /[\p{Cc}\p{Cf}\p{Z}\s]|%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/iu

/**
 * Where to go after signing in: a path of this site only, and never the sign-in screen itself; '/' otherwise.
 * `next` is resolved the way a browser would (`new URL(next, origin)`) and kept only when it stays on the origin and
 * its path is not protocol-relative once normalised ('//host', '/\host', '/.//host' lead to another site); what is
 * returned is the clean path, query and fragment of that URL, never the input as it came. Used for every address a
 * sign-in goes on to: the sign-in page's redirect, its `window.location.assign`, and the `callbackURL` of the
 * provider buttons (decision 053).
 */
export function safeNextPath(next: string | null | undefined): string {
  const path = sameSitePath(next)
  return path === null || path.split(/[?#]/, 1)[0] === SIGN_IN_PATH ? '/' : path
}

/**
 * `value` as a clean path, query and fragment of this site, resolved as a browser would; null when it names another
 * site, holds a control, format or space character, or is protocol-relative once normalised (safeNextPath).
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || UNSAFE_IN_NEXT.test(value)) return null
  let url: URL
  try {
    url = new URL(value, THIS_SITE)
  } catch {
    return null
  }
  if (url.origin !== THIS_SITE || !url.pathname.startsWith('/') || /^\/[/\\]/.test(url.pathname)) return null
  return url.pathname + url.search + url.hash
}

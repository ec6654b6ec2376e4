import { z } from 'zod'

export const SiteInfo = z.object({
  name: z.string(),
  github_enabled: z.boolean(),
  /** private: nothing of the directory is shown until someone signs in (SITE_MODE). */
  mode: z.enum(['public', 'private']),
  /** The single sign-on button's label ("Sign in with {name}"), or null when none is configured. */
  sso_name: z.string().nullable(),
  /** false when SSO_ONLY: no password sign-in nor sign-up form. */
  password_enabled: z.boolean(),
  /** Who may create an account: anyone, addresses at sign_up_domains, or invited people only. */
  sign_up: z.enum(['open', 'domains', 'invite']),
  sign_up_domains: z.array(z.string()),
})
export type SiteInfo = z.infer<typeof SiteInfo>

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

import { z } from 'zod'

/** SITE_NAME's default (server/env.ts): the software's own name, for a site that sets none. */
export const DEFAULT_SITE_NAME = 'Stackatlas'

/** The site's own meta description, for pages without one of their own (the page shell's, server/http/page-head.ts). */
export const siteDescription = (siteName: string) =>
  `${siteName}: discover the tools people and companies use, share your stack, and find jobs that match it.`

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

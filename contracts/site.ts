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

// The site's name where it names itself (SITE_NAME). No zod here: every page's first load imports it (the 150 kB
// budget, bench/bundle.test.ts), and contracts/site.ts is the API's schema.

/** SITE_NAME's default (server/env.ts): the software's own name, for a site that sets none. */
export const DEFAULT_SITE_NAME = 'Stackatlas'

/** The site's own meta description, for pages without one of their own (the page shell's, server/http/page-head.ts). */
export const siteDescription = (siteName: string) =>
  `${siteName}: discover the tools people and companies use, share your stack, and find jobs that match it.`

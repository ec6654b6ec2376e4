// robots.txt (RFC 9309): crawlers may read the public directory and nothing signed-in, private or transactional;
// the sitemap index is named with its absolute address. docs/decisions/043-sitemaps-and-robots.md.

/**
 * Paths no crawler should open, from the routes in web/src/app/routes.tsx and the server routes outside /api. Everything
 * else is public: home, /tools, /categories, tool pages, stackups, Pros & Cons, Stack Match and its jobs, companies,
 * stacks and profiles (robots.test.ts walks the router and checks every route against this list).
 */
export const DISALLOWED_PATHS = [
  // the JSON API: pages come rendered from the server (issue 16), so crawlers need none of it
  '/api',
  // signed-in areas
  '/settings',
  '/admin',
  '/notifications',
  '/create-stack',
  '/stack-edit',
  '/onboarding',
  '/services', // '/services/pending' (the user's submitted tools) and the tool look-ups
  '/users', // '/users/logout', '/users/delete'
  '/sign-in',
  // a company's pages for its own team
  '/companies/*/edit',
  '/companies/*/team',
  '/companies/*/customers',
  '/companies/*/jobs',
  '/companies/*/code-host',
  // e-mailed links that act on opening: accept an invitation, verify a company, unsubscribe, verify an address, join
  '/invitations',
  '/companies/verify',
  '/unsubscribe',
  '/verify-email',
  '/join',
  // the account's own pages: ask for a password reset, and its e-mailed link (decision 074)
  '/forgot-password',
  '/reset-password',
  // search results: endless combinations of what the directory already lists
  '/search',
  // calls the pages make (the server routes outside /api)
  '/stacks',
  '/companies/exists',
  '/companies/search',
  '/companies/delete',
  '/company_customers',
  '/company-customers',
  '/send-invite',
  '/healthz',
  '/readyz',
  '/metrics',
] as const

/**
 * Each path is shut as itself, with a query string, and below it, never as a bare prefix: 'Disallow: /settings'
 * would also shut '/settingsfan', the profile of a user whose handle begins with a reserved word.
 */
function disallowLines(path: string): string[] {
  return [`Disallow: ${path}$`, `Disallow: ${path}?`, `Disallow: ${path}/`]
}

export function presentRobotsTxt(baseUrl: string): string {
  return [
    '# The public directory is open to crawlers; signed-in, private and transactional pages are not.',
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.flatMap(disallowLines),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/** A private site (SITE_MODE=private): nothing for crawlers, and no sitemap to name. */
export function presentPrivateRobotsTxt(): string {
  return ['# A private directory: nothing here is for crawlers.', 'User-agent: *', 'Disallow: /', ''].join('\n')
}

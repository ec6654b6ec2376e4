// The routes outside /api, in one list: those the server answers itself (redirects, JSON calls the spec puts at the
// root, images) and those that answer the page shell. The Vite dev server (vite.config.ts) proxies /api and every
// SERVER_ROUTES entry to the API process and serves the pages itself; server-paths.test.ts fails when a route is
// registered outside /api without being listed here, or listed without being registered, so the two cannot drift.
// Plain data, no imports: vite.config.ts loads this file.

/** Answered by the server in every setup: the dev server proxies these. */
export const SERVER_ROUTES = [
  '/healthz',
  '/logos/:file',
  '/uploads/:folder/:file',
  '/services/find_all_by_slug',
  '/services/find_all_by_actual_slug',
  '/stacks/url_exists',
  '/stacks/i_use_this/:serviceId',
  // a notification link marks it read on the server and redirects
  '/notifications/:id',
  '/companies/exists',
  '/companies/search',
  '/companies/delete',
  '/company_customers',
  '/company_customers/:customerId',
  '/company-customers/update-copied-at',
  '/send-invite',
  '/users/delete',
  // for search engines (modules/seo)
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/:file',
] as const

/** The page shell (index.html, with a page's own head for tools and comparisons): the dev server serves these. */
export const PAGE_ROUTES = ['/', '/*', '/tools/:slug', '/stackups/:pair'] as const

/**
 * A route pattern as a regular expression source for the paths it answers, with or without a query string:
 * '/company_customers/:customerId' matches '/company_customers/12' and '/company_customers/12?x=1', not
 * '/company_customers' nor '/company_customers/12/more'.
 */
export function routePattern(route: string): string {
  const segments = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
  return `^${segments.join('/')}(?:[?#].*)?$`
}

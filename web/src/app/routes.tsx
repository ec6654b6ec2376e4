// Every page route, for the browser's router (main.tsx) and the server's (entry-server.tsx). Pages are lazy so each
// route downloads only its own code (150 kB first-load budget). A page module may export `prefetch`: on the server it
// runs as the route's loader and loads what the page shows into the query cache before the page renders (or answers
// a redirect); in the browser pages fetch for themselves, as they always have. The tree is made once per process:
// on the server each request hands its own query client to the loaders as the request context (PageLoadContext).
import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router'
import { NotFoundPage } from '../components/not-found-page.tsx'
import { PageSpinner } from '../components/ui/spinner.tsx'
import type { Prefetch } from '../lib/prefetch.ts'
import { AppLayout } from './layout/app-layout.tsx'
import { RouteErrorPage } from './pages/route-error-page.tsx'
import { prefetchLayout } from './prefetch-layout.ts'

interface PageModule {
  default: ComponentType
  prefetch?: Prefetch
}

/** An index route's <Navigate>, answered by the server as a redirect (React draws nothing for it there). */
const serverRedirect = (to: string): RouteObject['loader'] =>
  import.meta.env.SSR
    ? ({ request }) => {
        const url = new URL(request.url)
        return redirect(new URL(to, `${url.origin}${url.pathname.replace(/\/?$/, '/')}`).pathname, 302)
      }
    : undefined

/** A route's handle for pages the server does not draw (it sends the shell): what they show lives in the browser. */
export const DRAWN_IN_THE_BROWSER = { drawnInTheBrowser: true } as const

/** Whether a matched route is drawn in the browser only (DRAWN_IN_THE_BROWSER). */
export const isDrawnInTheBrowser = (handle: unknown) =>
  (handle as Partial<typeof DRAWN_IN_THE_BROWSER> | undefined)?.drawnInTheBrowser === true

/** What the server's static handler passes every loader: the query client of the page being rendered. */
export interface PageLoadContext {
  queryClient: QueryClient
}

const queryClientOf = (args: LoaderFunctionArgs): QueryClient => (args.context as PageLoadContext).queryClient

export function createRoutes(): RouteObject[] {
  /** A lazy route whose module's default export is the page, with its prefetch as the loader on the server. */
  const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'loader'> => ({
    lazy: () => load().then((m) => ({ Component: m.default })),
    loader: import.meta.env.SSR
      ? async (args: LoaderFunctionArgs) => (await (await load()).prefetch?.(queryClientOf(args), args)) ?? null
      : undefined,
  })

  return [
    {
      element: <AppLayout />,
      loader: import.meta.env.SSR ? (args) => prefetchLayout(queryClientOf(args)) : undefined,
      // Shown while the first page's lazy chunk loads, instead of a blank screen.
      HydrateFallback: PageSpinner,
      children: [
        {
          path: '/users/logout',
          lazy: () => import('./pages/logout-page.tsx').then((m) => ({ Component: m.default })),
        },
        // where a failed sign-in through single sign-on or GitHub lands (SIGN_IN_ERROR_PATH)
        { path: '/users/sign-in-error', ...page(() => import('./pages/sign-in-error-page.tsx')) },
        { index: true, ...page(() => import('../features/tools/pages/home-page.tsx')) },
        { path: '/tools', ...page(() => import('../features/tools/pages/directory-page.tsx')) },
        { path: '/tools/:slug', ...page(() => import('../features/tools/pages/tool-page.tsx')) },
        {
          path: '/tools/:slug/alternatives',
          ...page(() => import('../features/tools/pages/tool-alternatives-page.tsx')),
        },
        { path: '/stackups/:pair', ...page(() => import('../features/tools/pages/stackup-page.tsx')) },
        { path: '/categories/:slug', ...page(() => import('../features/tools/pages/directory-page.tsx')) },
        { path: '/search', ...page(() => import('../features/tools/pages/search-page.tsx')) },
        {
          path: '/services/pending',
          ...page(() => import('../features/soft-approval/pages/soft-approval-page.tsx')),
        },
        {
          path: '/settings',
          ...page(() => import('../features/settings/pages/settings-layout-page.tsx')),
          children: [
            {
              index: true,
              element: <Navigate to="/settings/profile" replace />,
              loader: serverRedirect('/settings/profile'),
            },
            { path: 'profile', ...page(() => import('../features/settings/pages/profile-settings-page.tsx')) },
            { path: 'email', ...page(() => import('../features/settings/pages/email-settings-page.tsx')) },
            { path: 'password', ...page(() => import('../features/settings/pages/password-settings-page.tsx')) },
            {
              path: 'notifications',
              ...page(() => import('../features/settings/pages/notification-settings-page.tsx')),
            },
            { path: 'tokens', ...page(() => import('../features/settings/pages/api-tokens-settings-page.tsx')) },
            { path: 'account', ...page(() => import('../features/settings/pages/account-settings-page.tsx')) },
          ],
        },
        {
          path: '/admin',
          ...page(() => import('../features/admin/pages/admin-layout-page.tsx')),
          children: [
            { index: true, ...page(() => import('../features/admin/pages/admin-index-page.tsx')) },
            { path: 'users', ...page(() => import('../features/admin/pages/admin-users-page.tsx')) },
            { path: 'mail', ...page(() => import('../features/admin/pages/admin-mail-page.tsx')) },
            { path: 'mail/:id', ...page(() => import('../features/admin/pages/admin-mail-message-page.tsx')) },
            { path: 'tools', ...page(() => import('../features/admin/pages/admin-tools-page.tsx')) },
            { path: 'comments', ...page(() => import('../features/admin/pages/admin-comments-page.tsx')) },
            { path: 'log', ...page(() => import('../features/admin/pages/admin-log-page.tsx')) },
            { path: 'audit', ...page(() => import('../features/admin/pages/admin-audit-page.tsx')) },
            { path: 'companies', ...page(() => import('../features/admin/pages/admin-companies-page.tsx')) },
            { path: 'invitations', ...page(() => import('../features/admin/pages/admin-invitations-page.tsx')) },
          ],
        },
        {
          path: '/create-stack',
          ...page(() => import('../features/create-stack/pages/create-stack-layout-page.tsx')),
          // the wizard's session lives in the browser (localStorage): the server cannot draw its steps
          handle: DRAWN_IN_THE_BROWSER,
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              element: <Navigate to="/create-stack/scan" replace />,
              loader: serverRedirect('/create-stack/scan'),
            },
            { path: 'scan', ...page(() => import('../features/create-stack/pages/scan-page.tsx')) },
            { path: 'stack-type', ...page(() => import('../features/create-stack/pages/stack-type-page.tsx')) },
            { path: 'new-company', ...page(() => import('../features/create-stack/pages/new-company-page.tsx')) },
            { path: 'stack-info', ...page(() => import('../features/create-stack/pages/stack-info-page.tsx')) },
            {
              path: 'tool-selection',
              ...page(() => import('../features/create-stack/pages/tool-selection-page.tsx')),
            },
            { path: 'tool-details', ...page(() => import('../features/create-stack/pages/tool-details-page.tsx')) },
            { path: 'import', ...page(() => import('../features/create-stack/pages/import-page.tsx')) },
          ],
        },
        {
          path: '/stack-edit/:ownerSlug/:stackSlug',
          ...page(() => import('../features/create-stack/pages/stack-edit-layout-page.tsx')),
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <Navigate to="info" replace />, loader: serverRedirect('info') },
            { path: 'info', ...page(() => import('../features/create-stack/pages/edit-info-page.tsx')) },
            {
              path: 'tool-selection',
              ...page(() => import('../features/create-stack/pages/edit-tool-selection-page.tsx')),
            },
            {
              path: 'tool-details',
              ...page(() => import('../features/create-stack/pages/edit-tool-details-page.tsx')),
            },
            { path: 'new-company', ...page(() => import('../features/create-stack/pages/edit-new-company-page.tsx')) },
          ],
        },
        {
          path: '/onboarding/*',
          ...page(() => import('../features/onboarding/pages/onboarding-page.tsx')),
          errorElement: <RouteErrorPage />,
        },
        { path: '/match', ...page(() => import('../features/match/pages/match-page.tsx')) },
        { path: '/match/jobs/:slug', ...page(() => import('../features/match/pages/job-page.tsx')) },
        { path: '/match/:toolSlug', ...page(() => import('../features/match/pages/match-page.tsx')) },
        { path: '/notifications', ...page(() => import('../features/notifications/pages/notifications-page.tsx')) },
        // The server answers /notifications/{id} itself (marks it read, redirects); the page shell arrives here only
        // with its 404, for a notification that is not the user's or is gone (server/http/page-shell.ts).
        { path: '/notifications/:id', element: <NotFoundPage /> },
        { path: '/pros-and-cons', ...page(() => import('../features/pros-cons/pages/pros-cons-page.tsx')) },
        { path: '/unsubscribe', ...page(() => import('../features/notifications/pages/unsubscribe-page.tsx')) },
        { path: '/verify-email', ...page(() => import('../features/accounts/pages/verify-email-page.tsx')) },
        { path: '/join', ...page(() => import('../features/accounts/pages/join-page.tsx')) },
        {
          path: '/forgot-password',
          ...page(() => import('../features/accounts/pages/forgot-password-page.tsx')),
        },
        { path: '/reset-password', ...page(() => import('../features/accounts/pages/reset-password-page.tsx')) },
        { path: '/companies/:slug', ...page(() => import('../features/companies/pages/company-page.tsx')) },
        {
          path: '/companies/:slug/team',
          ...page(() => import('../features/companies/pages/company-team-page.tsx')),
        },
        {
          path: '/companies/:slug/radar',
          ...page(() => import('../features/radar/pages/company-radar-page.tsx')),
        },
        {
          path: '/companies/:slug/edit',
          ...page(() => import('../features/companies/pages/company-edit-page.tsx')),
        },
        {
          path: '/companies/:slug/code-host',
          ...page(() => import('../features/companies/pages/company-code-host-page.tsx')),
        },
        {
          path: '/companies/verify',
          ...page(() => import('../features/companies/pages/company-verification-page.tsx')),
        },
        { path: '/invitations/accept', ...page(() => import('../features/companies/pages/invitation-page.tsx')) },
        {
          path: '/companies/:slug/customers',
          ...page(() => import('../features/company-customers/pages/company-customers-page.tsx')),
        },
        {
          path: '/companies/:slug/jobs',
          ...page(() => import('../features/company-jobs/pages/company-jobs-page.tsx')),
        },
        {
          path: '/companies/:slug/jobs/new',
          ...page(() => import('../features/company-jobs/pages/new-company-job-page.tsx')),
        },
        {
          path: '/companies/:slug/jobs/:id/edit',
          ...page(() => import('../features/company-jobs/pages/edit-company-job-page.tsx')),
        },
        // Must stay the last routes before '*': every other first path segment is reserved (contracts/owners.ts), and
        // every fixed two-segment route (/tools/:slug, /settings/*, /create-stack/*...) comes before the stack page.
        {
          path: '/:ownerSlug/:stackSlug',
          ...page(() => import('../features/stacks/pages/stack-page.tsx')),
          errorElement: <RouteErrorPage />,
        },
        {
          path: '/:username',
          ...page(() => import('../features/profiles/pages/profile-page.tsx')),
          errorElement: <RouteErrorPage />,
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    // outside the layout: a private site shows nothing of the directory before sign-in, not even its navigation
    { path: '/sign-in', ...page(() => import('./pages/sign-in-page.tsx')) },
  ]
}

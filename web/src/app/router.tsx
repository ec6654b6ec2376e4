// Every page route. Pages are lazy so each route downloads only its own code (150 kB first-load budget).
import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { NotFoundPage } from '../components/not-found-page.tsx'
import { PageSpinner } from '../components/ui/spinner.tsx'
import { AppLayout } from './layout/app-layout.tsx'
import { RouteErrorPage } from './pages/route-error-page.tsx'

/** A lazy route whose module's default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>) => () => load().then((m) => ({ Component: m.default }))

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // Shown while the first page's lazy chunk loads, instead of a blank screen.
    HydrateFallback: PageSpinner,
    children: [
      { path: '/users/logout', lazy: () => import('./pages/logout-page.tsx').then((m) => ({ Component: m.default })) },
      { index: true, lazy: page(() => import('../features/tools/pages/home-page.tsx')) },
      { path: '/tools', lazy: page(() => import('../features/tools/pages/directory-page.tsx')) },
      { path: '/tools/:slug', lazy: page(() => import('../features/tools/pages/tool-page.tsx')) },
      { path: '/stackups/:pair', lazy: page(() => import('../features/tools/pages/stackup-page.tsx')) },
      { path: '/categories/:slug', lazy: page(() => import('../features/tools/pages/directory-page.tsx')) },
      { path: '/search', lazy: page(() => import('../features/tools/pages/search-page.tsx')) },
      {
        path: '/services/pending',
        lazy: page(() => import('../features/soft-approval/pages/soft-approval-page.tsx')),
      },
      {
        path: '/settings',
        lazy: page(() => import('../features/settings/pages/settings-layout-page.tsx')),
        children: [
          { index: true, element: <Navigate to="/settings/profile" replace /> },
          { path: 'profile', lazy: page(() => import('../features/settings/pages/profile-settings-page.tsx')) },
          { path: 'email', lazy: page(() => import('../features/settings/pages/email-settings-page.tsx')) },
          { path: 'password', lazy: page(() => import('../features/settings/pages/password-settings-page.tsx')) },
          {
            path: 'notifications',
            lazy: page(() => import('../features/settings/pages/notification-settings-page.tsx')),
          },
          { path: 'account', lazy: page(() => import('../features/settings/pages/account-settings-page.tsx')) },
        ],
      },
      {
        path: '/admin',
        lazy: page(() => import('../features/admin/pages/admin-layout-page.tsx')),
        children: [
          { index: true, lazy: page(() => import('../features/admin/pages/admin-index-page.tsx')) },
          { path: 'users', lazy: page(() => import('../features/admin/pages/admin-users-page.tsx')) },
          { path: 'mail', lazy: page(() => import('../features/admin/pages/admin-mail-page.tsx')) },
          { path: 'mail/:id', lazy: page(() => import('../features/admin/pages/admin-mail-message-page.tsx')) },
          { path: 'tools', lazy: page(() => import('../features/admin/pages/admin-tools-page.tsx')) },
          { path: 'comments', lazy: page(() => import('../features/admin/pages/admin-comments-page.tsx')) },
          { path: 'log', lazy: page(() => import('../features/admin/pages/admin-log-page.tsx')) },
          { path: 'companies', lazy: page(() => import('../features/admin/pages/admin-companies-page.tsx')) },
        ],
      },
      {
        path: '/create-stack',
        lazy: page(() => import('../features/create-stack/pages/create-stack-layout-page.tsx')),
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/create-stack/scan" replace /> },
          { path: 'scan', lazy: page(() => import('../features/create-stack/pages/scan-page.tsx')) },
          { path: 'stack-type', lazy: page(() => import('../features/create-stack/pages/stack-type-page.tsx')) },
          { path: 'new-company', lazy: page(() => import('../features/create-stack/pages/new-company-page.tsx')) },
          { path: 'stack-info', lazy: page(() => import('../features/create-stack/pages/stack-info-page.tsx')) },
          {
            path: 'tool-selection',
            lazy: page(() => import('../features/create-stack/pages/tool-selection-page.tsx')),
          },
          { path: 'tool-details', lazy: page(() => import('../features/create-stack/pages/tool-details-page.tsx')) },
        ],
      },
      {
        path: '/stack-edit/:ownerSlug/:stackSlug',
        lazy: page(() => import('../features/create-stack/pages/stack-edit-layout-page.tsx')),
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="info" replace /> },
          { path: 'info', lazy: page(() => import('../features/create-stack/pages/edit-info-page.tsx')) },
          {
            path: 'tool-selection',
            lazy: page(() => import('../features/create-stack/pages/edit-tool-selection-page.tsx')),
          },
          {
            path: 'tool-details',
            lazy: page(() => import('../features/create-stack/pages/edit-tool-details-page.tsx')),
          },
          { path: 'new-company', lazy: page(() => import('../features/create-stack/pages/edit-new-company-page.tsx')) },
        ],
      },
      {
        path: '/onboarding/*',
        lazy: page(() => import('../features/onboarding/pages/onboarding-page.tsx')),
        errorElement: <RouteErrorPage />,
      },
      { path: '/match', lazy: page(() => import('../features/match/pages/match-page.tsx')) },
      { path: '/match/jobs/:slug', lazy: page(() => import('../features/match/pages/job-page.tsx')) },
      { path: '/match/:toolSlug', lazy: page(() => import('../features/match/pages/match-page.tsx')) },
      { path: '/notifications', lazy: page(() => import('../features/notifications/pages/notifications-page.tsx')) },
      // The server answers /notifications/{id} itself (marks it read, redirects); the page shell arrives here only
      // with its 404, for a notification that is not the user's or is gone (server/http/page-shell.ts).
      { path: '/notifications/:id', element: <NotFoundPage /> },
      { path: '/pros-and-cons', lazy: page(() => import('../features/pros-cons/pages/pros-cons-page.tsx')) },
      { path: '/unsubscribe', lazy: page(() => import('../features/notifications/pages/unsubscribe-page.tsx')) },
      { path: '/companies/:slug', lazy: page(() => import('../features/companies/pages/company-page.tsx')) },
      {
        path: '/companies/:slug/team',
        lazy: page(() => import('../features/companies/pages/company-team-page.tsx')),
      },
      {
        path: '/companies/:slug/edit',
        lazy: page(() => import('../features/companies/pages/company-edit-page.tsx')),
      },
      {
        path: '/companies/verify',
        lazy: page(() => import('../features/companies/pages/company-verification-page.tsx')),
      },
      { path: '/invitations/accept', lazy: page(() => import('../features/companies/pages/invitation-page.tsx')) },
      {
        path: '/companies/:slug/customers',
        lazy: page(() => import('../features/company-customers/pages/company-customers-page.tsx')),
      },
      {
        path: '/companies/:slug/jobs',
        lazy: page(() => import('../features/company-jobs/pages/company-jobs-page.tsx')),
      },
      {
        path: '/companies/:slug/jobs/new',
        lazy: page(() => import('../features/company-jobs/pages/new-company-job-page.tsx')),
      },
      {
        path: '/companies/:slug/jobs/:id/edit',
        lazy: page(() => import('../features/company-jobs/pages/edit-company-job-page.tsx')),
      },
      // Must stay the last routes before '*': every other first path segment is reserved (contracts/owners.ts), and
      // every fixed two-segment route (/tools/:slug, /settings/*, /create-stack/*...) comes before the stack page.
      {
        path: '/:ownerSlug/:stackSlug',
        lazy: page(() => import('../features/stacks/pages/stack-page.tsx')),
        errorElement: <RouteErrorPage />,
      },
      {
        path: '/:username',
        lazy: page(() => import('../features/profiles/pages/profile-page.tsx')),
        errorElement: <RouteErrorPage />,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])

import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link, Outlet, ScrollRestoration } from 'react-router'
import { DEFAULT_SITE_NAME } from '#contracts/site-name.ts'
import { OnboardingGuide } from '../../components/onboarding-guide.tsx'
import { PrivateSiteFrame } from '../../components/private-site-frame.tsx'
import { PageSpinner } from '../../components/ui/spinner.tsx'
import { useCurrentUser, useSignInModal } from '../../lib/session.tsx'
import { siteQuery, useSiteName } from '../../lib/site.ts'
import { Navbar } from './navbar.tsx'

// Loaded on first open: it brings the form and validation code that most page views never need.
const SignInModal = lazy(() => import('../../components/sign-in-modal.tsx').then((m) => ({ default: m.SignInModal })))

export function AppLayout() {
  const modal = useSignInModal()
  const siteName = useSiteName()
  const { data: site } = useQuery(siteQuery)
  const { user, isLoading } = useCurrentUser()
  // a private site's open pages, before sign-in: the name alone, no directory links that lead back to the wall
  if (site?.mode === 'private' && !user && !isLoading)
    return (
      <PrivateSiteFrame>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
        {modal.isOpen && (
          <Suspense fallback={null}>
            <SignInModal />
          </Suspense>
        )}
        <ScrollRestoration />
      </PrivateSiteFrame>
    )
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      <OnboardingGuide />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-slate-500 sm:px-6">
          <p>
            {siteName === DEFAULT_SITE_NAME ? DEFAULT_SITE_NAME : `${siteName} runs ${DEFAULT_SITE_NAME}`}, an
            open-source tech-stack directory (AGPL-3.0-or-later).
          </p>
          <nav className="flex gap-4" aria-label="Footer">
            <Link to="/tools" className="hover:text-slate-800">
              Tools
            </Link>
            <a href="/api/docs" className="hover:text-slate-800">
              API
            </a>
          </nav>
        </div>
      </footer>
      {modal.isOpen && (
        <Suspense fallback={null}>
          <SignInModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { type FormEvent, Suspense, useEffect, useState } from 'react'
import { Link, NavLink, useNavigate, useSearchParams } from 'react-router'
import { ResendButton } from '../../components/resend-button.tsx'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../components/ui/cn.ts'
import { useStopImpersonating } from '../../features/admin/api/stop-impersonating.ts'
import { onEmailVerifiedElsewhere } from '../../lib/email-verified.ts'
import { lazyPart } from '../../lib/lazy-part.tsx'
import { currentUserQuery, useCurrentUser, useSignInModal } from '../../lib/session.tsx'
import { useSiteName } from '../../lib/site.ts'
import { NAV_LINKS } from './nav-links.ts'

// The menus bring Radix's popper code, which visitors never need.
const AvatarMenu = lazyPart('avatar-menu', () => import('./avatar-menu.tsx').then((m) => m.AvatarMenu))
// Phones only; Radix's dialog code loads with it.
const MobileMenu = lazyPart('mobile-menu', () => import('./mobile-menu.tsx').then((m) => m.MobileMenu))
const NotificationBell = lazyPart('notification-bell', () =>
  import('../../features/notifications/components/notification-bell.tsx').then((m) => m.NotificationBell),
)

export function Navbar() {
  const { user, isLoading } = useCurrentUser()
  const modal = useSignInModal()
  const siteName = useSiteName()
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex h-[67px] max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6" aria-label="Main">
        <Suspense fallback={<span className="size-9 md:hidden" aria-hidden="true" />}>
          <MobileMenu />
        </Suspense>
        <Link
          to="/"
          aria-label={`${siteName} home`}
          className="flex shrink-0 items-center gap-2 font-semibold text-slate-900"
        >
          <img src="/favicon.svg" alt="" className="size-8" />
          <span className="hidden text-lg sm:inline">{siteName}</span>
        </Link>
        <NavbarSearch />
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100',
                    isActive ? 'text-brand-700' : 'text-slate-700',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {isLoading ? (
            <span className="size-9 animate-pulse rounded-full bg-slate-200" aria-hidden="true" />
          ) : user ? (
            <>
              <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
                <NotificationBell user={user} />
              </Suspense>
              <Suspense fallback={<span className="size-9 rounded-full bg-slate-200" aria-hidden="true" />}>
                <AvatarMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              {/* On phones 'Sign in' is in the menu (mobile-menu.tsx), leaving the search box room. */}
              <div className="hidden sm:block">
                <Button variant="ghost" onClick={() => modal.open({ mode: 'sign-in' })}>
                  Sign in
                </Button>
              </div>
              <Button onClick={() => modal.open({ mode: 'sign-up' })}>Sign up</Button>
            </>
          )}
        </div>
      </nav>
      {user?.impersonated && <ImpersonationBanner username={user.username} />}
      {user && !user.email_verified && <UnverifiedBanner email={user.email} />}
    </header>
  )
}

/** Decision 052: an unverified account reads but cannot act until it follows the e-mailed link. */
function UnverifiedBanner({ email }: { email: string }) {
  const queryClient = useQueryClient()
  // the link usually opens in another tab: this one hears of it there (or on its next refetch)
  useEffect(
    () => onEmailVerifiedElsewhere(() => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })),
    [queryClient],
  )
  return (
    <div
      role="status"
      aria-label="Verify your e-mail address"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-brand-50 px-4 py-2 text-center text-sm text-brand-700"
    >
      <span className="min-w-0 break-words">
        <strong className="font-semibold">Verify your e-mail address</strong> to share, vote and comment. We sent a link
        to {email}.
      </span>
      <ResendButton />
    </div>
  )
}

function ImpersonationBanner({ username }: { username: string }) {
  const stop = useStopImpersonating()
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-900"
    >
      <span>You are impersonating @{username}.</span>
      <button
        type="button"
        onClick={() => stop.mutate()}
        disabled={stop.isPending}
        className="rounded-md bg-amber-900 px-2 py-0.5 font-semibold text-amber-50 hover:bg-amber-800 disabled:opacity-60"
      >
        {stop.isPending ? 'Stopping…' : 'Stop impersonating'}
      </button>
      {stop.isError && <span className="text-red-700">{stop.error.message}</span>}
    </div>
  )
}

function NavbarSearch() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const urlQuery = params.get('q') ?? ''
  const [query, setQuery] = useState(urlQuery)
  // Follow the URL when another search box (the search page's own) changes ?q=.
  useEffect(() => setQuery(urlQuery), [urlQuery])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`)
  }
  return (
    <search className="relative min-w-0 flex-1 sm:max-w-md">
      <form onSubmit={submit}>
        <label htmlFor="navbar-search" className="sr-only">
          Search tools
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id="navbar-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search tools, e.g. React, PostgreSQL"
          className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pl-9 pr-3 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
      </form>
    </search>
  )
}

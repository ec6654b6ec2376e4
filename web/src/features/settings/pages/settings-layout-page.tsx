// /settings/*: one layout with a side nav (tabs across the top on small screens) around each settings form.
import { useQuery } from '@tanstack/react-query'
import { Bell, Braces, KeyRound, Mail, ShieldAlert, UserRound } from 'lucide-react'
import { NavLink, Outlet } from 'react-router'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { siteQuery } from '../../../lib/site.ts'

const SECTIONS = [
  { to: '/settings/profile', label: 'Profile', icon: UserRound },
  { to: '/settings/email', label: 'Email', icon: Mail },
  { to: '/settings/password', label: 'Password', icon: KeyRound },
  { to: '/settings/notifications', label: 'Notifications', icon: Bell },
  { to: '/settings/tokens', label: 'API tokens', icon: Braces },
  { to: '/settings/account', label: 'Account', icon: ShieldAlert },
]

export default function SettingsLayoutPage() {
  const { data: site } = useQuery(siteQuery)
  // SSO_ONLY: no password is used, set or changed (decision 051)
  const sections =
    site?.password_enabled === false ? SECTIONS.filter(({ to }) => to !== '/settings/password') : SECTIONS
  return (
    <RequireSignIn reason="Sign in to change your settings.">
      {() => (
        <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
          <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
          <div className="mt-6 flex flex-col gap-6 md:flex-row md:gap-10">
            <nav aria-label="Settings" className="md:w-52 md:shrink-0">
              {/* phones: the sections wrap, without their icons, instead of scrolling sideways (decision 041) */}
              <ul className="flex flex-wrap gap-x-1 border-b border-slate-200 md:flex-col md:border-b-0">
                {sections.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2 whitespace-nowrap px-2.5 py-2 text-sm font-medium sm:px-3',
                          '-mb-px border-b-2 md:mb-0 md:rounded-lg md:border-b-0',
                          isActive
                            ? 'border-brand-600 text-brand-700 md:bg-brand-50'
                            : 'border-transparent text-slate-600 hover:text-slate-900 md:hover:bg-slate-100',
                        )
                      }
                    >
                      <Icon className="size-4 max-sm:hidden" aria-hidden="true" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="min-w-0 flex-1">
              <Outlet />
            </div>
          </div>
        </div>
      )}
    </RequireSignIn>
  )
}

// /admin/*: the admin area for moderators and admins (others get a 403 page), one tab per panel.
import {
  BadgeCheck,
  BarChart3,
  ClipboardCheck,
  Flag,
  Mail,
  ScrollText,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react'
import { NavLink, Outlet, useOutletContext } from 'react-router'
import type { CurrentUser } from '#contracts/users.ts'
import { Forbidden } from '../../../components/forbidden.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { useModerationCounts } from '../api/get-moderation-counts.ts'

/** Admin-only tabs are hidden from moderators; the queues show how many items wait. */
const TABS = [
  { to: '/admin', label: 'Analytics', icon: BarChart3, end: true, adminOnly: true },
  { to: '/admin/users', label: 'Users', icon: Users, end: false, adminOnly: true },
  { to: '/admin/tools', label: 'Tool approvals', icon: ClipboardCheck, end: false, adminOnly: false, count: 'tools' },
  { to: '/admin/comments', label: 'Flagged comments', icon: Flag, end: false, adminOnly: false, count: 'comments' },
  { to: '/admin/companies', label: 'Company verification', icon: BadgeCheck, end: false, adminOnly: true },
  { to: '/admin/log', label: 'Moderation log', icon: ScrollText, end: false, adminOnly: true },
  { to: '/admin/audit', label: 'Audit log', icon: ShieldCheck, end: false, adminOnly: true },
  { to: '/admin/mail', label: 'Mail', icon: Mail, end: false, adminOnly: true },
  { to: '/admin/invitations', label: 'Invitations', icon: UserPlus, end: false, adminOnly: true },
] as const

export default function AdminLayoutPage() {
  return (
    <RequireSignIn reason="Sign in to open the admin area.">
      {(user) =>
        user.moderator ? (
          <AdminShell user={user} />
        ) : (
          <Forbidden message="The admin area is for moderators and admins." />
        )
      }
    </RequireSignIn>
  )
}

function AdminShell({ user }: { user: CurrentUser }) {
  const tabs = TABS.filter((tab) => user.is_admin || !tab.adminOnly)
  const counts = useModerationCounts()
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={user.is_admin ? 'Admin' : 'Moderation'} />
      <h1 className="text-2xl font-semibold text-slate-900">{user.is_admin ? 'Admin' : 'Moderation'}</h1>
      {tabs.length > 0 && (
        <nav aria-label="Admin" className="mt-4 border-b border-slate-200">
          {/* the tabs wrap rather than scroll sideways, so a phone shows them all (decision 041) */}
          <ul className="-mb-px flex flex-wrap gap-x-1">
            {tabs.map((tab) => {
              const { to, label, icon: Icon, end } = tab
              const waiting = 'count' in tab ? counts.data?.[tab.count] : undefined
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 whitespace-nowrap border-b-2 px-2.5 py-2.5 text-sm font-medium sm:px-3',
                        isActive
                          ? 'border-brand-600 text-brand-700'
                          : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                    {waiting ? (
                      <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                        {waiting}
                        <span className="sr-only"> waiting</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </nav>
      )}
      <div className="mt-6">
        <Outlet context={user} />
      </div>
    </div>
  )
}

/** The signed-in moderator or admin, for the tab pages. */
export function useAdminUser(): CurrentUser {
  return useOutletContext<CurrentUser>()
}

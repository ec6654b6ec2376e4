// /admin: analytics counts for admins; moderators land here until their queues arrive.
import { Inbox } from 'lucide-react'
import { AnalyticsPanel } from '../components/analytics-panel.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminIndexPage() {
  const user = useAdminUser()
  if (user.is_admin) return <AnalyticsPanel />
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Inbox className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-700">Nothing to moderate</p>
      <p className="mt-1 text-sm text-slate-500">Submitted tools and flagged comments will wait for you here.</p>
    </div>
  )
}

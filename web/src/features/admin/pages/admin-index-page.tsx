// /admin: analytics counts for admins; moderators start at the tool approval queue.
import { Navigate } from 'react-router'
import { AnalyticsPanel } from '../components/analytics-panel.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminIndexPage() {
  const user = useAdminUser()
  if (user.is_admin) return <AnalyticsPanel />
  return <Navigate to="/admin/tools" replace />
}

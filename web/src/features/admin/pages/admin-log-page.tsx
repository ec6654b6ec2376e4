// /admin/log: the moderation log (admins only).
import { Forbidden } from '../../../components/forbidden.tsx'
import { ModerationLogTable } from '../components/moderation-log-table.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminLogPage() {
  const user = useAdminUser()
  if (!user.is_admin) return <Forbidden message="Only admins can read the moderation log." />
  return <ModerationLogTable />
}

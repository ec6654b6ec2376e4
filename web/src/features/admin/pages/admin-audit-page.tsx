// /admin/audit: the audit log (site admins only, decision 050).
import { Forbidden } from '../../../components/forbidden.tsx'
import { AuditLogTable } from '../components/audit-log-table.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminAuditPage() {
  const user = useAdminUser()
  if (!user.is_admin) return <Forbidden message="Only admins can read the audit log." />
  return <AuditLogTable />
}

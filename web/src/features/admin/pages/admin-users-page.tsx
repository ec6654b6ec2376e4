// /admin/users: the user directory, role changes and impersonation (admins only).
import { Forbidden } from '../../../components/forbidden.tsx'
import { UsersTable } from '../components/users-table.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminUsersPage() {
  const user = useAdminUser()
  if (!user.is_admin) return <Forbidden message="Only admins can manage users." />
  return <UsersTable me={user} />
}

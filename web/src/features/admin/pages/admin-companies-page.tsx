// /admin/companies: the companies waiting for an admin to verify them (admins only).
import { Forbidden } from '../../../components/forbidden.tsx'
import { CompanyVerificationQueue } from '../components/company-verification-queue.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminCompaniesPage() {
  const user = useAdminUser()
  if (!user.is_admin) return <Forbidden message="Only admins can verify companies." />
  return <CompanyVerificationQueue />
}

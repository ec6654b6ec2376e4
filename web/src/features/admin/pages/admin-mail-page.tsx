// /admin/mail: the e-mail outbox (site admins), so a site without SMTP_URL can read what it would have sent.
import { Forbidden } from '../../../components/forbidden.tsx'
import { MailTable } from '../components/mail-table.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminMailPage() {
  const user = useAdminUser()
  if (!user.is_admin) return <Forbidden message="Only admins can read the site's e-mail." />
  return <MailTable />
}

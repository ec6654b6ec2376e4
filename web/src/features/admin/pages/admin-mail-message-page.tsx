// /admin/mail/:id: one e-mail of the outbox with its text and delivery record (site admins).
import { useParams } from 'react-router'
import { Forbidden } from '../../../components/forbidden.tsx'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { MailMessageView } from '../components/mail-message-view.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminMailMessagePage() {
  const user = useAdminUser()
  const id = Number(useParams().id)
  if (!user.is_admin) return <Forbidden message="Only admins can read the site's e-mail." />
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />
  return <MailMessageView id={id} />
}

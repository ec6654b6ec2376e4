// /admin/invitations: invitations to create an account (site admins; decision 052).
import { useQuery } from '@tanstack/react-query'
import { Forbidden } from '../../../components/forbidden.tsx'
import { siteQuery } from '../../../lib/site.ts'
import { SiteInvitationsPanel } from '../components/site-invitations-panel.tsx'
import { useAdminUser } from './admin-layout-page.tsx'

export default function AdminInvitationsPage() {
  const user = useAdminUser()
  const { data: site } = useQuery(siteQuery)
  if (!user.is_admin) return <Forbidden message="Only admins can invite people." />
  return <SiteInvitationsPanel inviteOnly={site?.sign_up === 'invite'} />
}

// /invitations/accept?token=: the page an invitation e-mail links to. It shows the company, the role and who invited;
// signed out, it offers sign-in and sign-up and accepts right after; signed in, Accept joins the team and goes to it.
// A link that no longer works says why (docs/decisions/015-team-management.md).
import { MailX, Users } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { InvitationPreviewResponse } from '#contracts/teams.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCurrentUser, useSignInModal } from '../../../lib/session.tsx'
import { useAcceptInvitation } from '../api/accept-invitation.ts'
import { useInvitation } from '../api/get-invitation.ts'

export default function InvitationPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { data, error, isPending } = useInvitation(token)
  const { user, isLoading } = useCurrentUser()
  useDocumentTitle(data ? `Join ${data.invitation.company.name}'s team` : 'Team invitation')

  if (isPending || isLoading) return <PageSpinner label="Loading invitation" />
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      {error ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
            <MailX className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-xl font-semibold text-slate-900">This invitation can't be used</h1>
          <p className="mt-2 text-slate-600">{error.message}</p>
          <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
            Go home
          </Link>
        </div>
      ) : (
        <InvitationCard token={token} invitation={data.invitation} user={user} />
      )}
    </div>
  )
}

function InvitationCard({
  token,
  invitation,
  user,
}: {
  token: string
  invitation: InvitationPreviewResponse['invitation']
  user: CurrentUser | null
}) {
  const navigate = useNavigate()
  const modal = useSignInModal()
  const accept = useAcceptInvitation()
  const { company } = invitation
  const role = invitation.role === 'admin' ? 'an admin' : 'a member'
  const expires = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(invitation.expires_at))
  const join = () => accept.mutate(token, { onSuccess: (result) => navigate(`/companies/${result.company.slug}/team`) })
  const signInThenJoin = (mode: 'sign-in' | 'sign-up') =>
    modal.open({ mode, reason: `Sign in to join ${company.name}'s team.`, onSignedIn: join })
  const otherAddress = user && user.email.toLowerCase() !== invitation.email.toLowerCase()

  return (
    <article className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200" aria-labelledby="invitation-title">
      <div className="flex flex-col items-center text-center">
        <OwnerLogo owner={{ ...company, type: 'Company' }} className="size-16 p-1 text-2xl" />
        <h1 id="invitation-title" className="mt-4 text-2xl font-semibold text-slate-900">
          Join {company.name}'s team
        </h1>
        <p className="mt-2 text-slate-600">
          {invitation.invited_by
            ? `${invitation.invited_by.name} (@${invitation.invited_by.username}) invited ${invitation.email}`
            : `${invitation.email} was invited`}{' '}
          to join as {role}. The invitation is valid until {expires}.
        </p>
      </div>
      {accept.error && (
        <Alert tone="error" className="mt-6">
          {accept.error.message}
        </Alert>
      )}
      {user ? (
        <div className="mt-6 space-y-4">
          <p className="text-center text-sm text-slate-600">
            You are signed in as <strong className="text-slate-900">@{user.username}</strong>
            {otherAddress && <> ({user.email}); accepting adds this account to the team</>}.
          </p>
          <Button className="w-full" size="lg" isLoading={accept.isPending} onClick={join}>
            <Users className="size-5" aria-hidden="true" /> Accept invitation
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <p className="text-center text-sm text-slate-600">Sign up with {invitation.email}, or sign in, to accept.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" onClick={() => signInThenJoin('sign-up')}>
              Sign up and join
            </Button>
            <Button className="flex-1" variant="secondary" onClick={() => signInThenJoin('sign-in')}>
              Sign in and join
            </Button>
          </div>
        </div>
      )}
    </article>
  )
}

// /invitations/accept?token=: the page an invitation e-mail links to; /invitations/accept?invitation={id}: the same
// page for the invited account, from its notification (decision 037). It shows the company, the role and who
// invited; signed out, it offers sign-in and sign-up and accepts right after; signed in, Accept joins the team and goes
// to it, Decline withdraws the invitation. An invitation to an account is answered by that account only. A link that
// no longer works says why (docs/decisions/015-team-management.md).
import { MailX, Users, UserX } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { InvitationPreviewResponse, InvitationRef } from '#contracts/teams.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCurrentUser, useSignInModal } from '../../../lib/session.tsx'
import { useAcceptInvitation } from '../api/accept-invitation.ts'
import { useDeclineInvitation } from '../api/decline-invitation.ts'
import { useInvitation } from '../api/get-invitation.ts'

export default function InvitationPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const id = params.get('invitation')
  // an id is answered only to the invited account, so it needs a session first
  if (token === null && id !== null)
    return (
      <RequireSignIn reason="Sign in to answer your team invitation.">
        {() => <InvitationView invitationRef={{ id: Number(id) || 0 }} />}
      </RequireSignIn>
    )
  return <InvitationView invitationRef={{ token: token ?? '' }} />
}

function InvitationView({ invitationRef }: { invitationRef: InvitationRef }) {
  const { data, error, isPending } = useInvitation(invitationRef)
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
        <InvitationCard invitationRef={invitationRef} invitation={data.invitation} user={user} />
      )}
    </div>
  )
}

function InvitationCard({
  invitationRef,
  invitation,
  user,
}: {
  invitationRef: InvitationRef
  invitation: InvitationPreviewResponse['invitation']
  user: CurrentUser | null
}) {
  const navigate = useNavigate()
  const modal = useSignInModal()
  const accept = useAcceptInvitation()
  const decline = useDeclineInvitation()
  const [declined, setDeclined] = useState(false)
  const { company } = invitation
  const role = invitation.role === 'admin' ? 'an admin' : 'a member'
  const expires = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(invitation.expires_at))
  const join = () =>
    accept.mutate(invitationRef, { onSuccess: (result) => navigate(`/companies/${result.company.slug}/team`) })
  const refuse = () => decline.mutate(invitationRef, { onSuccess: () => setDeclined(true) })
  const signInThenJoin = (mode: 'sign-in' | 'sign-up') =>
    modal.open({
      mode,
      reason: `Sign in to join ${company.name}'s team.`,
      onSignedIn: join,
      // the link reached the invited mailbox: a sign-up with that address starts verified (decision 052)
      invitation: 'token' in invitationRef ? invitationRef.token : undefined,
    })
  // an invitation by username goes to one account, which alone may answer it
  const invitee = invitation.username === null ? invitation.email : `@${invitation.username}`
  const forAnotherAccount = invitation.username !== null && user !== null && user.username !== invitation.username
  const otherAddress =
    invitation.email !== null && user !== null && user.email.toLowerCase() !== invitation.email.toLowerCase()
  const problem = accept.error ?? decline.error

  if (declined)
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" role="status">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <UserX className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Invitation declined</h1>
        <p className="mt-2 text-slate-600">You won't join {company.name}'s team. The invitation is withdrawn.</p>
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
          Go home
        </Link>
      </div>
    )

  return (
    <article className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200" aria-labelledby="invitation-title">
      <div className="flex flex-col items-center text-center">
        <OwnerLogo owner={{ ...company, type: 'Company' }} className="size-16 p-1 text-2xl" />
        <h1 id="invitation-title" className="mt-4 text-2xl font-semibold text-slate-900">
          Join {company.name}'s team
        </h1>
        <p className="mt-2 text-slate-600">
          {invitation.invited_by
            ? `${invitation.invited_by.name} (@${invitation.invited_by.username}) invited ${invitee}`
            : `${invitee} was invited`}{' '}
          to join as {role}. The invitation is valid until {expires}.
        </p>
      </div>
      {problem && (
        <Alert tone="error" className="mt-6">
          {problem.message}
        </Alert>
      )}
      {forAnotherAccount ? (
        <Alert tone="info" className="mt-6">
          This invitation was sent to {invitee}. You are signed in as @{user.username}: sign in as {invitee} to accept
          or decline it.
        </Alert>
      ) : user ? (
        <div className="mt-6 space-y-4">
          <p className="text-center text-sm text-slate-600">
            You are signed in as <strong className="text-slate-900">@{user.username}</strong>
            {otherAddress && <> ({user.email}); accepting adds this account to the team</>}.
          </p>
          {/* side by side from sm; stacked on a phone, where flex-1 (a zero basis) would squash their height */}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              className="whitespace-nowrap sm:flex-1"
              size="lg"
              isLoading={accept.isPending}
              disabled={decline.isPending}
              onClick={join}
            >
              <Users className="size-5" aria-hidden="true" /> Accept invitation
            </Button>
            <Button
              className="sm:flex-1"
              size="lg"
              variant="secondary"
              isLoading={decline.isPending}
              disabled={accept.isPending}
              onClick={refuse}
            >
              Decline
            </Button>
          </div>
        </div>
      ) : invitation.username !== null ? (
        <div className="mt-6 space-y-3">
          <p className="text-center text-sm text-slate-600">Sign in as {invitee} to accept or decline.</p>
          <Button className="w-full" onClick={() => signInThenJoin('sign-in')}>
            Sign in and join
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <p className="text-center text-sm text-slate-600">Sign up with {invitation.email}, or sign in, to accept.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="sm:flex-1" onClick={() => signInThenJoin('sign-up')}>
              Sign up and join
            </Button>
            <Button className="sm:flex-1" variant="secondary" onClick={() => signInThenJoin('sign-in')}>
              Sign in and join
            </Button>
          </div>
        </div>
      )}
    </article>
  )
}

// /join?token=: an invitation's link (SIGNUP_MODE=invite, decision 052). Sign-up with the invited address fixed; the
// account starts verified, since the link reached that mailbox. Then the onboarding wizard, as after any sign-up.
import { useQueryClient } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { SignUpFormView } from '../../../components/sign-in-modal.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { ONBOARDING_START_PATH } from '../../../lib/onboarding-guide.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useSiteInvitationLink } from '../api/get-site-invitation-link.ts'

export default function JoinPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useSiteInvitationLink(token)
  const { user } = useCurrentUser()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <DocumentTitle title="Create your account" />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <UserPlus className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-center text-xl font-semibold text-slate-900">Create your account</h1>
        {!token ? (
          <Alert tone="error" className="mt-4">
            This invitation link is missing its token. Check that you copied all of it.
          </Alert>
        ) : user ? (
          <Alert tone="info" className="mt-4">
            You are signed in as @{user.username}. Sign out to use this invitation.
          </Alert>
        ) : link.isPending ? (
          <PageSpinner />
        ) : link.isError ? (
          <Alert tone="error" className="mt-4">
            {link.error.message}
          </Alert>
        ) : (
          <JoinForm token={token} email={link.data.email} />
        )}
      </div>
    </div>
  )
}

function JoinForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const joined = async () => {
    // everything cached was fetched as a visitor
    await queryClient.invalidateQueries()
    navigate(ONBOARDING_START_PATH)
  }
  return (
    <div className="mt-4">
      <SignUpFormView onDone={joined} invitation={token} invitedEmail={email} />
    </div>
  )
}

// /verify-email?token=: the e-mailed verification link (docs/decisions/052-email-verification-and-invitations.md).
// Opening it changes nothing (mail scanners open links, and the link works once); the button verifies, signed in or
// not. Expired, used or replaced links say so, with Resend for the signed-in account that still needs one.
import { MailCheck } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { ResendButton } from '../../../components/resend-button.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useVerifyEmail } from '../api/verify-email.ts'

export default function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <DocumentTitle title="Verify your e-mail address" />
      <div className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Verify your e-mail address</h1>
        {token ? (
          <VerifyForm token={token} />
        ) : (
          <Alert tone="error" className="mt-4 text-left">
            This verification link is missing its token. Check that you copied all of it.
          </Alert>
        )}
      </div>
    </div>
  )
}

function VerifyForm({ token }: { token: string }) {
  const verify = useVerifyEmail(token)
  const { user } = useCurrentUser()
  if (verify.isSuccess) {
    const { purpose, email } = verify.data
    return (
      <>
        <p role="status" className="mt-3 break-words text-slate-700">
          {purpose === 'sign_up' ? `Thank you: ${email} is verified.` : `Done: ${email} is now your e-mail address.`}
        </p>
        <Link
          to={user && !user.onboarded ? '/onboarding/welcome' : '/'}
          className="mt-6 inline-block font-medium text-brand-700 hover:underline"
        >
          Continue
        </Link>
      </>
    )
  }
  const needsNewLink = verify.isError && user && !user.email_verified
  return (
    <>
      <p className="mt-3 text-slate-700">Confirm that this address is yours, and your account can start sharing.</p>
      {verify.isError && (
        <Alert tone="error" className="mt-4 text-left">
          {verify.error.message}
        </Alert>
      )}
      {needsNewLink ? (
        <ResendButton className="mt-6" />
      ) : verify.isError ? (
        // the link cannot work again: nothing to press
        <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">
          Go to the home page
        </Link>
      ) : (
        <Button className="mt-6" onClick={() => verify.mutate()} isLoading={verify.isPending}>
          Verify my address
        </Button>
      )}
    </>
  )
}

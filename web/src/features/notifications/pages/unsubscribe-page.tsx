// /unsubscribe?token=: the weekly digest's link. Opening it changes nothing (mail scanners open links); the button
// does, for the user the link was made for, without signing in (docs/decisions/011-weekly-digest.md).
import { MailX } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { useUnsubscribeStatus } from '../api/get-unsubscribe-status.ts'
import { useUnsubscribe } from '../api/unsubscribe.ts'

export default function UnsubscribePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <DocumentTitle title="Unsubscribe" />
      <div className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <MailX className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Weekly digest</h1>
        {token ? (
          <UnsubscribeForm token={token} />
        ) : (
          <Alert tone="error" className="mt-4 text-left">
            This unsubscribe link is missing its token. Change your e-mail settings after signing in.
          </Alert>
        )}
        <p className="mt-6 text-sm text-slate-600">
          Signed in? Choose everything you hear about in{' '}
          <Link to="/settings/notifications" className="font-medium text-brand-700 hover:underline">
            notification settings
          </Link>
          .
        </p>
      </div>
    </div>
  )
}

function UnsubscribeForm({ token }: { token: string }) {
  const status = useUnsubscribeStatus(token)
  const unsubscribe = useUnsubscribe(token)
  if (status.isPending) return <PageSpinner />
  if (status.isError)
    return (
      <Alert tone="error" className="mt-4 text-left">
        {status.error.message}
      </Alert>
    )
  if (!status.data.weekly_digest)
    return (
      <p role="status" className="mt-3 text-slate-700">
        You are unsubscribed: we will not send you the weekly digest of the tools you follow.
      </p>
    )
  return (
    <>
      <p className="mt-3 text-slate-700">Stop the weekly e-mail about what happened to the tools you follow?</p>
      {unsubscribe.isError && (
        <Alert tone="error" className="mt-4 text-left">
          {unsubscribe.error.message}
        </Alert>
      )}
      <Button className="mt-6" onClick={() => unsubscribe.mutate()} isLoading={unsubscribe.isPending}>
        Unsubscribe
      </Button>
    </>
  )
}

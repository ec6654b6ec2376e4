// /companies/verify?token=: the page a company verification e-mail links to. It shows the company and the address the
// link went to; a signed-in admin of the company verifies it with one click, others are asked to sign in as one. A link
// that no longer works says why (docs/decisions/031-company-verification.md).
import { BadgeCheck, MailX } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import type { VerificationLinkResponse } from '#contracts/company-verification.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCurrentUser, useSignInModal } from '../../../lib/session.tsx'
import { useConfirmCompanyVerification } from '../api/confirm-company-verification.ts'
import { useVerificationLink } from '../api/get-verification-link.ts'

export default function CompanyVerificationPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { data, error, isPending } = useVerificationLink(token)
  const { user, isLoading } = useCurrentUser()
  const confirm = useConfirmCompanyVerification()
  useDocumentTitle(data ? `Verify ${data.company.name}` : 'Verify a company')

  if ((isPending && !confirm.isSuccess) || isLoading) return <PageSpinner label="Loading verification link" />
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      {confirm.isSuccess ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <BadgeCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-xl font-semibold text-slate-900">{confirm.data.company.name} is verified</h1>
          <p className="mt-2 text-slate-600">Its page now shows the Verified badge.</p>
          <Link
            to={confirm.data.company.path}
            className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline"
          >
            Go to {confirm.data.company.name}
          </Link>
        </div>
      ) : error || !data ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
            <MailX className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-xl font-semibold text-slate-900">This link can't be used</h1>
          <p className="mt-2 text-slate-600">{error?.message}</p>
          <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
            Go home
          </Link>
        </div>
      ) : (
        <VerificationCard
          link={data}
          user={user}
          isVerifying={confirm.isPending}
          failure={confirm.error?.message ?? null}
          onVerify={() => confirm.mutate(token)}
        />
      )}
    </div>
  )
}

function VerificationCard({
  link,
  user,
  isVerifying,
  failure,
  onVerify,
}: {
  link: VerificationLinkResponse
  user: CurrentUser | null
  isVerifying: boolean
  failure: string | null
  onVerify: () => void
}) {
  const modal = useSignInModal()
  const { company } = link
  const expires = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(link.expires_at))

  return (
    <article className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200" aria-labelledby="verification-title">
      <div className="flex flex-col items-center text-center">
        <OwnerLogo owner={{ ...company, type: 'Company' }} className="size-16 p-1 text-2xl" />
        <h1 id="verification-title" className="mt-4 text-2xl font-semibold text-slate-900">
          Verify {company.name}
        </h1>
        <p className="mt-2 text-slate-600">
          This link went to {link.email}, the contact address of {company.name}
          {company.website_url ? ` (${company.website_url})` : ''}. It works until {expires}.
        </p>
      </div>
      {failure && (
        <Alert tone="error" className="mt-6">
          {failure}
        </Alert>
      )}
      {user ? (
        <div className="mt-6 space-y-4">
          <p className="text-center text-sm text-slate-600">
            You are signed in as <strong className="text-slate-900">@{user.username}</strong>. Only the company's admins
            can verify it.
          </p>
          <Button className="w-full" size="lg" isLoading={isVerifying} onClick={onVerify}>
            <BadgeCheck className="size-5" aria-hidden="true" /> Verify {company.name}
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <p className="text-center text-sm text-slate-600">Sign in as one of {company.name}'s admins to verify it.</p>
          <Button
            className="w-full"
            onClick={() =>
              modal.open({ mode: 'sign-in', reason: `Sign in to verify ${company.name}.`, onSignedIn: onVerify })
            }
          >
            Sign in and verify
          </Button>
        </div>
      )}
    </article>
  )
}

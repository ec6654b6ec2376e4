// The company edit page's verification line (docs/decisions/031-company-verification.md): verified, a link waiting in
// the contact's inbox (with Send a new link), in the admins' queue, or dismissed.
import { BadgeCheck, Clock, MailCheck } from 'lucide-react'
import type { Company } from '#contracts/companies.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useResendCompanyVerification } from '../api/resend-company-verification.ts'

export function CompanyVerificationStatus({ company }: { company: Company }) {
  const resend = useResendCompanyVerification()
  const status = company.verification_status
  if (status === 'unverified') return null
  const Icon = status === 'verified' ? BadgeCheck : status === 'awaiting_email' ? MailCheck : Clock
  return (
    <section
      aria-label="Verification"
      className="mt-6 flex gap-3 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200"
    >
      <Icon
        className={status === 'verified' ? 'size-5 shrink-0 text-emerald-600' : 'size-5 shrink-0 text-slate-500'}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-2">
        {status === 'verified' && (
          <p className="text-slate-700">
            <strong className="text-slate-900">Verified.</strong> Changing the company's name or website domain removes
            the badge until it is verified again.
          </p>
        )}
        {status === 'awaiting_email' && (
          <>
            <p className="text-slate-700">
              <strong className="text-slate-900">Waiting for e-mail confirmation.</strong> We sent a link to{' '}
              {company.email_address}. Open it while signed in as an admin of this company to get the Verified badge.
            </p>
            {resend.isSuccess ? (
              <p className="text-emerald-700">A new link is on its way; the earlier one no longer works.</p>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                isLoading={resend.isPending}
                onClick={() => resend.mutate(company.id)}
              >
                Send a new link
              </Button>
            )}
            {resend.error && <Alert tone="error">{resend.error.message}</Alert>}
          </>
        )}
        {status === 'awaiting_review' && (
          <p className="text-slate-700">
            <strong className="text-slate-900">Waiting for manual verification.</strong> The contact e-mail is not at
            the website's domain, so an admin verifies the company. We will e-mail {company.email_address} once it is
            verified.
          </p>
        )}
        {status === 'declined' && (
          <p className="text-slate-700">
            <strong className="text-slate-900">Not verified.</strong> An admin could not verify this company. Changing
            its name, website or contact e-mail sends it for verification again.
          </p>
        )}
      </div>
    </section>
  )
}

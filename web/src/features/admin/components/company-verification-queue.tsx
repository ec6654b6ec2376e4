// The companies waiting for an admin to verify them (newest first, 20 a page; docs/decisions/031-company-verification.md):
// who they say they are, who created them and why they wait, with Verify (the badge and an e-mail to the contact
// address) and Dismiss (out of the queue, no e-mail).
import { BadgeCheck, ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { type CompanyAwaitingVerification, waitingReasonText } from '#contracts/company-verification.ts'
import { httpUrlOf } from '#contracts/http-links.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { useDeclineCompanyVerification } from '../api/decline-company-verification.ts'
import { useCompanyVerifications } from '../api/get-company-verifications.ts'
import { useVerifyCompany } from '../api/verify-company.ts'
import { QueueEmpty, QueueLoadError, QueueLoading, type QueueNotice, QueueNoticeAlert } from './queue-parts.tsx'

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

/** A website as written, linked when it is an http(s) address with a host name (the admin checks it before verifying). */
function websiteHref(company: CompanyAwaitingVerification): string | null {
  return company.website_domain ? httpUrlOf(company.website_url) : null
}

export function CompanyVerificationQueue() {
  const [params] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const { data, error, isPending, refetch } = useCompanyVerifications(page)
  const verify = useVerifyCompany()
  const decline = useDeclineCompanyVerification()
  const [notice, setNotice] = useState<QueueNotice | null>(null)
  const [dismissing, setDismissing] = useState<CompanyAwaitingVerification | null>(null)

  const verifyCompany = (company: CompanyAwaitingVerification) => {
    setNotice(null)
    verify.mutate(company.id, {
      onSuccess: (result) =>
        setNotice({
          tone: 'success',
          text: result.mail_queued
            ? `${result.company.name} is verified, and ${company.email_address} will get an e-mail saying so.`
            : `${result.company.name} is verified.`,
          link: { to: result.company.path, label: 'View company page' },
        }),
      onError: (failure) => setNotice({ tone: 'error', text: failure.message }),
    })
  }

  return (
    <section aria-labelledby="verification-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="verification-heading" className="text-lg font-semibold text-slate-900">
          Companies waiting for verification
        </h2>
        {data && <p className="text-sm text-slate-500">{data.total} in the queue, newest first</p>}
      </div>
      <p className="max-w-3xl text-sm text-slate-600">
        These companies gave a contact e-mail that is not at their website's domain, so they cannot verify themselves by
        e-mail. Check that the company is real and that the contact belongs to it. Verify gives it the Verified badge
        and e-mails the contact address; Dismiss takes it out of the queue without an e-mail.
      </p>
      <QueueNoticeAlert notice={notice} />
      {isPending ? (
        <QueueLoading itemClassName="h-16 rounded-xl" />
      ) : error ? (
        <QueueLoadError error={error} onRetry={() => refetch()} />
      ) : data.companies.length === 0 ? (
        <QueueEmpty
          title="No companies waiting for verification"
          hint="A company appears here when its contact e-mail is not at its website's domain."
        />
      ) : (
        <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="stacked-table w-full text-left text-sm sm:min-w-[56rem]">
            <caption className="sr-only">Companies waiting for verification</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Company
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Contact e-mail
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Why it waits
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Created by
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Created
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.companies.map((company) => {
                const href = websiteHref(company)
                return (
                  <tr key={company.id} className="align-top">
                    <td className="px-4 py-3">
                      <div className="flex min-w-0 items-start gap-3">
                        <OwnerLogo owner={{ ...company, type: 'Company' }} className="size-9 shrink-0 text-sm" />
                        <div className="min-w-0">
                          <Link to={company.path} className="font-medium text-brand-700 hover:underline">
                            {company.name}
                          </Link>
                          {href ? (
                            <a
                              href={href}
                              target="_blank"
                              rel="noopener noreferrer nofollow"
                              className="flex max-w-56 items-center gap-1 truncate text-slate-500 hover:text-slate-800 hover:underline"
                            >
                              <span className="truncate">{company.website_url}</span>
                              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                              <span className="sr-only">(opens in a new tab)</span>
                            </a>
                          ) : (
                            <p className="max-w-56 truncate text-slate-500">{company.website_url ?? 'No website'}</p>
                          )}
                        </div>
                      </div>
                    </td>
                    <td className="max-w-56 break-words px-4 py-3 text-slate-700">
                      {company.email_address ?? <span className="text-slate-400">None</span>}
                    </td>
                    <td className="max-w-64 px-4 py-3 text-slate-600">{waitingReasonText(company.reason, company)}</td>
                    <td className="px-4 py-3 text-slate-700">
                      {company.creator ? (
                        <Link to={`/${company.creator.username}`} className="hover:underline">
                          <span className="block">{company.creator.name}</span>
                          <span className="block text-slate-500">@{company.creator.username}</span>
                        </Link>
                      ) : (
                        <span className="text-slate-400">Deleted account</span>
                      )}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-500">
                      <time dateTime={company.created_at}>{when.format(new Date(company.created_at))}</time>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <Button
                          size="sm"
                          onClick={() => verifyCompany(company)}
                          isLoading={verify.isPending && verify.variables === company.id}
                          aria-label={`Verify ${company.name}`}
                        >
                          <BadgeCheck className="size-4" aria-hidden="true" /> Verify
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => {
                            setNotice(null)
                            decline.reset()
                            setDismissing(company)
                          }}
                          aria-label={`Dismiss ${company.name}`}
                        >
                          Dismiss
                        </Button>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={page}
          hasMore={page * data.per_page < data.total}
          hrefFor={(next) => (next > 1 ? `/admin/companies?page=${next}` : '/admin/companies')}
        />
      )}
      <Dialog
        open={dismissing !== null}
        onOpenChange={(open) => {
          if (!open) setDismissing(null)
        }}
        title={`Dismiss ${dismissing?.name ?? 'this company'}?`}
        description="It leaves the queue without the Verified badge, and no e-mail is sent. If its admins change its name, website or contact e-mail, it comes back."
      >
        {decline.error && (
          <Alert tone="error" className="mb-4">
            {decline.error.message}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDismissing(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={decline.isPending}
            onClick={() => {
              if (!dismissing) return
              decline.mutate(dismissing.id, {
                onSuccess: (result) => {
                  setDismissing(null)
                  setNotice({ tone: 'success', text: `${result.company.name} was dismissed from the queue.` })
                },
              })
            }}
          >
            Dismiss company
          </Button>
        </div>
      </Dialog>
    </section>
  )
}

import { Link, useSearchParams } from 'react-router'
import { MAIL_STATUSES, type MailStatus } from '#contracts/mail.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useAdminMail } from '../api/get-admin-mail.ts'
import { MailStatusBadge, SmtpNotConfiguredNotice } from './mail-status.tsx'

const STATUS_FILTERS: Array<{ value: MailStatus | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
]
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/** The outbox, newest first, filtered by status (in the address: ?status=&page=). */
export function MailTable() {
  const [params] = useSearchParams()
  const rawStatus = params.get('status')
  const status = MAIL_STATUSES.find((value) => value === rawStatus)
  const page = Math.max(1, Number(params.get('page')) || 1)
  const { data, error, isPending } = useAdminMail({ status, page })
  const hrefFor = (next: { status?: MailStatus; page?: number }) => {
    const search = new URLSearchParams()
    if (next.status) search.set('status', next.status)
    if (next.page && next.page > 1) search.set('page', String(next.page))
    const text = search.toString()
    return text ? `/admin/mail?${text}` : '/admin/mail'
  }

  return (
    <section aria-labelledby="mail-heading" className="space-y-4">
      <h2 id="mail-heading" className="sr-only">
        Mail
      </h2>
      {data && !data.smtp_configured && <SmtpNotConfiguredNotice />}
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((filter) => (
          <Link
            key={filter.label}
            to={hrefFor({ status: filter.value })}
            aria-current={filter.value === status ? 'page' : undefined}
            className={cn(
              'rounded-full px-3 py-1 text-sm font-medium ring-1',
              filter.value === status
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {error && <Alert tone="error">{error.message}</Alert>}
      {isPending && <Spinner label="Loading mail" />}
      {data && (
        <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {data.messages.length === 0 ? (
            <p className="px-6 py-10 text-center text-slate-500">
              {status ? `No ${status} messages.` : 'No e-mail has been queued yet.'}
            </p>
          ) : (
            <table className="stacked-table w-full text-left text-sm sm:min-w-[44rem]">
              <caption className="sr-only">E-mail outbox</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    To
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Kind
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Queued
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.messages.map((message) => (
                  <tr key={message.id} className="hover:bg-slate-50">
                    <td className="max-w-xs px-4 py-2.5">
                      <Link
                        to={`/admin/mail/${message.id}`}
                        className="block truncate font-medium text-brand-700 hover:underline"
                      >
                        {message.subject}
                      </Link>
                    </td>
                    <td className="px-4 py-2.5 text-slate-700">{message.to}</td>
                    <td className="px-4 py-2.5 font-mono text-xs text-slate-500">{message.kind}</td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-500">
                      {when.format(new Date(message.created_at))}
                    </td>
                    <td className="px-4 py-2.5" title={message.last_error ?? undefined}>
                      <MailStatusBadge message={message} smtpConfigured={data.smtp_configured} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {data && (
        <Pager
          page={page}
          hasMore={page * data.per_page < data.total}
          hrefFor={(next) => hrefFor({ status, page: next })}
        />
      )}
    </section>
  )
}

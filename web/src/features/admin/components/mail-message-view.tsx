import { ArrowLeft, RotateCcw } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import { Link } from 'react-router'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useAdminMailMessage } from '../api/get-admin-mail-message.ts'
import { useRetryMail } from '../api/retry-mail.ts'
import { MailStatusBadge, SmtpNotConfiguredNotice } from './mail-status.tsx'

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' })

/** One message as it was (or would be) sent: its envelope, delivery record and text, links clickable. */
export function MailMessageView({ id }: { id: number }) {
  const { data, error, isPending } = useAdminMailMessage(id)
  const retry = useRetryMail()
  const back = (
    <Link to="/admin/mail" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" /> All mail
    </Link>
  )
  if (isPending) return <Spinner label="Loading message" />
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (error)
    return (
      <div className="space-y-4">
        {back}
        <Alert tone="error">{error.message}</Alert>
      </div>
    )
  const { message, smtp_configured: smtpConfigured } = data
  return (
    <article className="space-y-4" aria-labelledby="mail-subject">
      {back}
      {!smtpConfigured && message.status === 'pending' && <SmtpNotConfiguredNotice />}
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h2 id="mail-subject" className="text-lg font-semibold text-slate-900">
            {message.subject}
          </h2>
          {message.status === 'failed' && (
            <Button variant="secondary" size="sm" isLoading={retry.isPending} onClick={() => retry.mutate(message.id)}>
              <RotateCcw className="size-4" aria-hidden="true" /> Send again
            </Button>
          )}
        </div>
        {retry.error && (
          <Alert tone="error" className="mt-3">
            {retry.error.message}
          </Alert>
        )}
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label="To">{message.to}</Row>
          <Row label="Kind">
            <span className="font-mono text-xs">{message.kind}</span>
          </Row>
          <Row label="Status">
            <MailStatusBadge message={message} smtpConfigured={smtpConfigured} />
          </Row>
          <Row label="Queued">{when.format(new Date(message.created_at))}</Row>
          <Row label="Attempts">{message.attempts}</Row>
          {message.status === 'pending' && smtpConfigured && message.attempts > 0 && (
            <Row label="Next attempt">{when.format(new Date(message.next_attempt_at))}</Row>
          )}
          {message.sent_at && <Row label="Sent">{when.format(new Date(message.sent_at))}</Row>}
          {message.message_id && (
            <Row label="Message-ID">
              <span className="font-mono text-xs">{message.message_id}</span>
            </Row>
          )}
          {message.smtp_response && (
            <Row label="Server answer">
              <span className="font-mono text-xs">{message.smtp_response}</span>
            </Row>
          )}
          {message.last_error && (
            <Row label="Last error">
              <span className="text-red-700">{message.last_error}</span>
            </Row>
          )}
        </dl>
        <h3 className="mt-6 text-sm font-semibold text-slate-700">Text</h3>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-800 ring-1 ring-slate-200">
          <Linkified text={message.text} />
        </pre>
        {message.html && (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold text-slate-700">HTML version (source)</summary>
            <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-mono text-xs text-slate-700 ring-1 ring-slate-200">
              {message.html}
            </pre>
          </details>
        )}
      </div>
    </article>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </>
  )
}

/** http(s) URLs in the text become links, so an admin can open (or copy) an invitation link. */
function Linkified({ text }: { text: string }) {
  let offset = 0
  const pieces = text.split(/(https?:\/\/[^\s<>"]+)/g).map((piece) => {
    const start = offset
    offset += piece.length
    return { piece, start, isLink: /^https?:\/\//.test(piece) }
  })
  return pieces
    .filter(({ piece }) => piece !== '')
    .map(({ piece, start, isLink }) =>
      isLink ? (
        <a key={start} href={piece} className="text-brand-700 underline" rel="noopener noreferrer">
          {piece}
        </a>
      ) : (
        <Fragment key={start}>{piece}</Fragment>
      ),
    )
}

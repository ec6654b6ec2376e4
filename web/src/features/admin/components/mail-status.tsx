import type { MailSummary } from '#contracts/mail.ts'
import { cn } from '../../../components/ui/cn.ts'

const styles = {
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  undelivered: 'bg-amber-50 text-amber-900 ring-amber-200',
  queued: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const

/** Where a message stands, in words: without SMTP a pending message is simply not delivered. */
export function mailStatusLabel(message: Pick<MailSummary, 'status' | 'attempts'>, smtpConfigured: boolean) {
  if (message.status === 'sent') return { label: 'Sent', style: styles.sent }
  if (message.status === 'failed') return { label: 'Failed', style: styles.failed }
  if (!smtpConfigured) return { label: 'Not delivered', style: styles.undelivered }
  if (message.attempts > 0) return { label: 'Retrying', style: styles.undelivered }
  return { label: 'Queued', style: styles.queued }
}

export function MailStatusBadge({
  message,
  smtpConfigured,
}: {
  message: Pick<MailSummary, 'status' | 'attempts'>
  smtpConfigured: boolean
}) {
  const { label, style } = mailStatusLabel(message, smtpConfigured)
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1', style)}>{label}</span>
}

export function SmtpNotConfiguredNotice() {
  return (
    <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
      No SMTP server is configured (<code className="font-mono">SMTP_URL</code>), so e-mails stay here and are not
      delivered. Open one to read it and pass on what matters, such as an invitation link. Once{' '}
      <code className="font-mono">SMTP_URL</code> is set, queued messages go out.
    </p>
  )
}

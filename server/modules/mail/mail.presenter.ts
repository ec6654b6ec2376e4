import type { MailMessage, MailSummary } from '#contracts/mail.ts'
import type { MailRow } from './mail.queries.ts'

export function presentMailSummary(row: MailRow): MailSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

export function presentMailMessage(row: MailRow): MailMessage {
  return {
    ...presentMailSummary(row),
    text: row.textBody,
    html: row.htmlBody,
    message_id: row.messageId,
    smtp_response: row.smtpResponse,
  }
}

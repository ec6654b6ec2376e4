// The admin view of the e-mail outbox (docs/decisions/014-mail-outbox.md): every message the site queued, whether
// it went out, and its text, so a site without SMTP_URL can still read (and pass on) what it would have sent.
import { z } from 'zod'

export const MAIL_PER_PAGE = 25
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export const MailStatus = z.enum(MAIL_STATUSES, { message: 'must be pending, sent or failed' })
export type MailStatus = z.infer<typeof MailStatus>

export const AdminMailQuery = z.object({
  status: MailStatus.optional(),
  /** Part of the recipient's address. */
  to: z.string().trim().max(254, 'is too long (maximum is 254 characters)').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type AdminMailQuery = z.infer<typeof AdminMailQuery>

export const MailParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const MailSummary = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: MailStatus,
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
})
export type MailSummary = z.infer<typeof MailSummary>

export const MailMessage = MailSummary.extend({
  text: z.string(),
  html: z.string().nullable(),
  message_id: z.string().nullable(),
  smtp_response: z.string().nullable(),
})
export type MailMessage = z.infer<typeof MailMessage>

export const AdminMailResponse = z.object({
  messages: z.array(MailSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** False when SMTP_URL is unset: nothing leaves the outbox, pending messages are "not delivered". */
  smtp_configured: z.boolean(),
})
export type AdminMailResponse = z.infer<typeof AdminMailResponse>

export const AdminMailMessageResponse = z.object({ message: MailMessage, smtp_configured: z.boolean() })
export type AdminMailMessageResponse = z.infer<typeof AdminMailMessageResponse>

export const MAIL_RETRY_ONLY_FAILED = 'Only a failed message can be retried.'

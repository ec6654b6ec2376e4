// The one way to send e-mail: enqueueMail(tx, message) writes it to the outbox inside the caller's transaction, so
// the message exists exactly when the change that caused it commits. The worker (mail-worker.ts) sends it later;
// without SMTP_URL it stays in the outbox, readable by admins at /admin/mail (docs/decisions/014-mail-outbox.md).
import type { Db } from '../../db/client.ts'
import { insertMail, type MailRow } from './mail.queries.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** What the message is for, dotted: 'team.invitation', 'customer.verification', ... */
  kind: string
  /** Queueing a second message with the same key does nothing (and answers null): one digest per week, say. */
  dedupeKey?: string
  /** Extra header lines, e.g. List-Unsubscribe; never the ones the worker sets (From, To, Subject, Message-ID...). */
  headers?: Record<string, string>
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]*$/
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'date',
  'content-type',
  'mime-version',
])

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/

/**
 * Queues a message in the caller's transaction (pass `tx`, or `app.db` for a write of its own). Answers the outbox
 * row, or null when `dedupeKey` was already used.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<MailRow | null> {
  // Programming errors, not user input: callers validate addresses with their contracts first.
  if (!ADDRESS.test(mail.to)) throw new Error(`enqueueMail: not an e-mail address: ${JSON.stringify(mail.to)}`)
  if (!mail.subject.trim() || /[\r\n]/.test(mail.subject)) throw new Error('enqueueMail: subject must be one line')
  if (!mail.kind.trim()) throw new Error('enqueueMail: kind is required')
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()) || /[\r\n]/.test(value)) {
      throw new Error(`enqueueMail: header not allowed: ${JSON.stringify(name)}`)
    }
  }
  return insertMail(tx, mail)
}

/** Subjects are one header line: names with odd whitespace are folded to single spaces. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/** Retry delay after the n-th failed attempt: base doubling each time, capped, with up to 10% jitter. */
export function backoffDelay(attempt: number, options: { baseMs: number; maxMs: number }, random = Math.random) {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exponential * (1 + 0.1 * random()))
}

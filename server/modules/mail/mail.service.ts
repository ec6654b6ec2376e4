// The one way to send e-mail: enqueueMail(tx, jobQueue, message) writes it to the outbox and queues its job on the one
// job queue, both inside the caller's transaction, so the message exists exactly when the change that caused it
// commits. Whichever instance has SMTP_URL claims the job and sends it (mail-worker.ts); without SMTP_URL it stays
// in the outbox, readable by admins at /admin/mail (docs/decisions/014-mail-outbox.md, 065-mail-and-digest-jobs.md).
import type { Db } from '../../db/client.ts'
import type { JobKind, JobQueue } from '../../queue/job-queue.ts'
import { insertMail, type MailRow, requeueFailedMail } from './mail.queries.ts'

export interface MailJob {
  mailId: number
}

/**
 * One job per attempt at one outbox row, keyed by the row: 'stately' keeps one queued and one running per message, so
 * two instances never send one message at once. SMTP failures are retried by a new job queued for the row's next
 * attempt (the backoff of decision 014); the job's own retries are for attempts cut short (the instance died: its
 * heartbeat stopped), and a message whose attempts keep being cut short ends failed through the dead letters.
 */
export const MAIL_JOB: JobKind<MailJob> = {
  name: 'mail.send',
  // one message at a time per instance: the sending rate the outbox worker had
  concurrency: 1,
  retryLimit: 3,
  heartbeatSeconds: 10,
  // the SMTP connection, greeting and socket timeouts are 60 s each
  expireInSeconds: 5 * 60,
  policy: 'stately',
  // a message waits as long as no instance has SMTP_URL: a year, then the requeue job queues it again
  retentionSeconds: 365 * 24 * 60 * 60,
}

/** The job's key: one message, one key. */
export const mailJobKey = (mailId: number) => `mail:${mailId}`

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
 * Queues a message in the caller's transaction (pass `tx`, or `app.db` for a write of its own): its outbox row and the
 * job that sends it. Answers the row, or null when `dedupeKey` was already used.
 */
export async function enqueueMail(tx: Db, jobQueue: JobQueue, mail: OutgoingMail): Promise<MailRow | null> {
  // Programming errors, not user input: callers validate addresses with their contracts first.
  if (!ADDRESS.test(mail.to)) throw new Error(`enqueueMail: not an e-mail address: ${JSON.stringify(mail.to)}`)
  if (!mail.subject.trim() || /[\r\n]/.test(mail.subject)) throw new Error('enqueueMail: subject must be one line')
  if (!mail.kind.trim()) throw new Error('enqueueMail: kind is required')
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()) || /[\r\n]/.test(value)) {
      throw new Error(`enqueueMail: header not allowed: ${JSON.stringify(name)}`)
    }
  }
  // a savepoint inside the caller's transaction, or a transaction of its own: the row and its job commit together
  return tx.transaction(async (inner) => {
    const row = await insertMail(inner, mail)
    if (row) await queueMailJob(inner, jobQueue, row.id)
    return row
  })
}

/** Queues an attempt at an outbox row: now, or at its next attempt's time. False when one is queued already. */
export function queueMailJob(tx: Db, jobQueue: JobQueue, mailId: number, startAfter?: Date) {
  return jobQueue.send(tx, MAIL_JOB, { mailId }, { key: mailJobKey(mailId), ...(startAfter ? { startAfter } : {}) })
}

/** An admin's "try again" on a message given up on: pending from its first attempt, its job queued with it. */
export function retryFailedMail(db: Db, jobQueue: JobQueue, id: number): Promise<MailRow | null> {
  return db.transaction(async (tx) => {
    const row = await requeueFailedMail(tx, id)
    if (row) await queueMailJob(tx, jobQueue, row.id)
    return row
  })
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

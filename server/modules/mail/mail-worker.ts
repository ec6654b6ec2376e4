// Sends the outbox over SMTP on the one job queue (docs/decisions/014-mail-outbox.md, 065-mail-and-digest-jobs.md).
// Every message has a job (mail.service.ts MAIL_JOB) that one instance with SMTP_URL claims; its heartbeat keeps it
// while the message is sent, and an instance that dies mid-send has the job taken over by another within about 20 s.
// The outbox row stays the record: attempts, the Message-ID, the last error, when the next attempt is due, and the
// outcome. Delivery is at least once: a crash after the SMTP server accepted a message but before the row says sent
// sends it again, with the same Message-ID.
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db } from '../../db/client.ts'
import type { JobAttempt, JobKind, JobQueue } from '../../queue/job-queue.ts'
import {
  findMail,
  listStrandedMail,
  markMailAttemptFailed,
  markMailGivenUp,
  markMailSent,
  releaseMailAttempt,
  startMailAttempt,
} from './mail.queries.ts'
import { backoffDelay, MAIL_JOB, type MailJob, queueMailJob } from './mail.service.ts'

export interface MailWorkerLogger {
  info(object: object, message?: string): void
  warn(object: object, message?: string): void
  error(object: object, message?: string): void
}

export interface MailWorkerOptions {
  db: Db
  /** SMTP_URL, e.g. smtp://user:password@host:587 (or a ready transport, for tests). */
  smtpUrl?: string
  transport?: Transporter
  from: string
  log?: MailWorkerLogger
  /** Told of each attempt's outcome (/metrics' stackatlas_mail_attempts_total). */
  onOutcome?: (outcome: MailOutcome) => void
  maxAttempts?: number
  backoff?: { baseMs: number; maxMs: number }
}

/** An attempt at one message: sent, failed and retried later, or failed for good. */
export type MailOutcome = 'sent' | 'retrying' | 'failed'

export const MAIL_DEFAULTS = {
  // 30 s, 1 min, 2, 4, 8, 16, 32 min, then hourly: about 8 hours before giving up
  maxAttempts: 14,
  backoff: { baseMs: 30_000, maxMs: 60 * 60_000 },
  smtpTimeoutMs: 60_000,
}

/**
 * Queues again the jobs of messages left without one (queued by a version before the job queue, or whose job was
 * dropped after waiting a year with no SMTP_URL anywhere): every 10 minutes on one instance that sends mail.
 */
export const MAIL_REQUEUE_JOB: JobKind<Record<string, never>> = {
  name: 'mail.requeue',
  concurrency: 1,
  retryLimit: 0,
  heartbeatSeconds: 10,
  expireInSeconds: 5 * 60,
  // one waiting at most: occurrences pile up on none while no instance sends mail any more
  policy: 'stately',
}
export const MAIL_REQUEUE_CRON = '*/10 * * * *'
/** A message due this long without an attempt has lost its job: the regular ones are claimed within seconds. */
const STRANDED_AFTER_SECONDS = 5 * 60

const silent: MailWorkerLogger = { info() {}, warn() {}, error() {} }

export interface MailWorker {
  /** Once the job queue has stopped: waits for the hand-backs of attempts it gave up, and closes the SMTP transport. */
  close(): Promise<void>
}

/** Registers this instance's mail worker: it claims mail jobs (one at a time) from the queue's start on. */
export function registerMailWorker(jobQueue: JobQueue, options: MailWorkerOptions): MailWorker {
  const maxAttempts = options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts
  const backoff = options.backoff ?? MAIL_DEFAULTS.backoff
  const log = options.log ?? silent
  const { db } = options
  const messageIdDomain = domainOf(options.from)
  const transport =
    options.transport ??
    nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: MAIL_DEFAULTS.smtpTimeoutMs,
      greetingTimeout: MAIL_DEFAULTS.smtpTimeoutMs,
      socketTimeout: MAIL_DEFAULTS.smtpTimeoutMs,
    })

  const handBacks = new Set<Promise<void>>()

  /**
   * The job queue gave this attempt up (the instance stops past its grace) and hands the job to another instance: the
   * row says so at once (its send may still finish here: at least once, with the same Message-ID).
   */
  function handBack(mailId: number) {
    const done = releaseMailAttempt(db, mailId, jobQueue.workerId)
      .then((released) => {
        if (released) log.info({ mailId, workerId: jobQueue.workerId }, 'mail attempt handed back')
      })
      .catch((error) => log.warn({ mailId, err: errorMessage(error) }, 'mail attempt not handed back'))
      .finally(() => handBacks.delete(done))
    handBacks.add(done)
  }

  async function send({ mailId }: MailJob, attempt: JobAttempt) {
    const queued = await findMail(db, mailId)
    if (queued?.status !== 'pending') return // sent or given up: a duplicate job has nothing to do
    if (queued.nextAttemptAt.getTime() > Date.now() + 1000) {
      // claimed before its time (a requeued job): wait for it, unless its own job is queued already
      await queueMailJob(db, jobQueue, mailId, queued.nextAttemptAt)
      return
    }
    const row = await startMailAttempt(db, mailId, jobQueue.workerId, {
      holdSeconds: MAIL_JOB.expireInSeconds,
      messageIdDomain,
    })
    if (!row) return
    const onAbort = () => handBack(row.id)
    attempt.signal.addEventListener('abort', onAbort, { once: true })
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        messageId: row.messageId ?? undefined,
        headers: row.headers ?? undefined,
      })
      await markMailSent(db, row.id, jobQueue.workerId, String(info.response ?? ''))
      options.onOutcome?.('sent')
      log.info({ mailId: row.id, kind: row.kind, messageId: row.messageId }, 'mail sent')
    } catch (error) {
      const message = errorMessage(error)
      const responseCode = (error as { responseCode?: number }).responseCode
      // 5xx is the server's final word (no such mailbox, message refused): retrying cannot help.
      const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
      const retryInMs = permanent || row.attempts >= maxAttempts ? null : backoffDelay(row.attempts, backoff)
      const retryAt = retryInMs === null ? null : new Date(Date.now() + retryInMs)
      // the row's next attempt and the job that makes it commit together
      await db.transaction(async (tx) => {
        const held = await markMailAttemptFailed(tx, row.id, jobQueue.workerId, message.slice(0, 1000), retryAt)
        if (held && retryAt) await queueMailJob(tx, jobQueue, row.id, retryAt)
      })
      options.onOutcome?.(retryAt === null ? 'failed' : 'retrying')
      log.warn(
        { mailId: row.id, kind: row.kind, attempt: row.attempts, retryInMs, err: message },
        retryAt === null ? 'mail failed, giving up' : 'mail failed, will retry',
      )
    } finally {
      attempt.signal.removeEventListener('abort', onAbort)
    }
  }

  jobQueue.work(MAIL_JOB, {
    run: send,
    async giveUp({ mailId }) {
      await markMailGivenUp(db, mailId, 'Every attempt was cut short: the instance sending it stopped or crashed.')
      options.onOutcome?.('failed')
    },
  })
  jobQueue.work(MAIL_REQUEUE_JOB, {
    async run() {
      const stranded = await listStrandedMail(db, { dueForSeconds: STRANDED_AFTER_SECONDS, limit: 1000 })
      let queued = 0
      for (const { id } of stranded) if (await queueMailJob(db, jobQueue, id)) queued++
      if (queued > 0) log.info({ queued }, 'mail without a job queued again')
    },
    async giveUp() {},
  })
  jobQueue.schedule(MAIL_REQUEUE_JOB, MAIL_REQUEUE_CRON, {}, { timeZone: 'UTC' })
  return {
    async close() {
      await Promise.all(handBacks)
      transport.close()
    },
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The domain of MAIL_FROM ('Site <no-reply@example.org>' -> 'example.org'), for our Message-IDs. */
export function domainOf(from: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(from)
  return match?.[1]?.toLowerCase() ?? 'localhost'
}

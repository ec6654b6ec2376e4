// Sends the outbox over SMTP (docs/decisions/014-mail-outbox.md). Any number of instances can run one: rows are
// claimed with FOR UPDATE SKIP LOCKED and a short lease that a heartbeat renews while the message is being sent, so
// two workers never hold one message at once, and a message whose worker died mid-send is taken again within about
// a lease and a poll (decision 054); a worker that stops hands back what it holds. Delivery is at least once: a crash after the
// SMTP server accepted a message but before the row is marked sent sends it again, with the same Message-ID.
import crypto from 'node:crypto'
import os from 'node:os'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db, Listen } from '../../db/client.ts'
import {
  claimDueMail,
  MAIL_CHANNEL,
  type MailRow,
  markMailAttemptFailed,
  markMailSent,
  releaseMailClaims,
  renewMailClaim,
} from './mail.queries.ts'
import { backoffDelay } from './mail.service.ts'

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
  /** LISTEN for new mail, so it goes out at once instead of at the next poll. */
  listen?: Listen
  log?: MailWorkerLogger
  /** Told of each attempt's outcome (/metrics' stackatlas_mail_attempts_total). */
  onOutcome?: (outcome: MailOutcome) => void
  workerId?: string
  /** How long a claim holds without a heartbeat: how long a dead worker's message waits for another worker. */
  leaseMs?: number
  /** How often a send in progress renews its claim; a few beats fit in a lease, so a slow database misses none. */
  heartbeatMs?: number
  pollMs?: number
  /** How long stop() lets the message in flight finish before handing it back. */
  stopWaitMs?: number
  maxAttempts?: number
  backoff?: { baseMs: number; maxMs: number }
}

/** An attempt at one message: sent, failed and retried later, or failed for good. */
export type MailOutcome = 'sent' | 'retrying' | 'failed'

export interface MailWorker {
  readonly id: string
  start(): Promise<void>
  /**
   * Lets the message in flight finish for up to `stopWaitMs`, hands back what this worker still holds, then stops;
   * later calls do nothing.
   */
  stop(): Promise<void>
  /** Claims and sends everything due now; answers how many messages were attempted. */
  runOnce(): Promise<number>
}

export const MAIL_DEFAULTS = {
  // a dead worker's message goes out again after the lease plus at most one poll of another worker: about 30 s
  leaseMs: 15_000,
  heartbeatMs: 5_000,
  pollMs: 15_000,
  stopWaitMs: 5_000,
  // 30 s, 1 min, 2, 4, 8, 16, 32 min, then hourly: about 8 hours before giving up
  maxAttempts: 14,
  backoff: { baseMs: 30_000, maxMs: 60 * 60_000 },
  smtpTimeoutMs: 60_000,
}

const silent: MailWorkerLogger = { info() {}, warn() {}, error() {} }

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const id = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  const leaseMs = options.leaseMs ?? MAIL_DEFAULTS.leaseMs
  const heartbeatMs = options.heartbeatMs ?? MAIL_DEFAULTS.heartbeatMs
  const stopWaitMs = options.stopWaitMs ?? MAIL_DEFAULTS.stopWaitMs
  const pollMs = options.pollMs ?? MAIL_DEFAULTS.pollMs
  const maxAttempts = options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts
  const backoff = options.backoff ?? MAIL_DEFAULTS.backoff
  const log = options.log ?? silent
  const messageIdDomain = domainOf(options.from)
  const transport =
    options.transport ??
    nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: MAIL_DEFAULTS.smtpTimeoutMs,
      greetingTimeout: MAIL_DEFAULTS.smtpTimeoutMs,
      socketTimeout: MAIL_DEFAULTS.smtpTimeoutMs,
    })

  let started = false
  let stopping = false
  let loop: Promise<void> | null = null
  let unlisten: (() => Promise<void>) | null = null
  let wake: (() => void) | null = null
  let wokenEarly = false
  let stopped: Promise<void> | null = null
  let handedBack = false

  /** Renews the claim on `row` until the returned function is called. */
  function keepClaim(row: MailRow): () => void {
    const timer = setInterval(() => {
      if (handedBack) return
      renewMailClaim(options.db, row.id, id, leaseMs)
        .then((held) => {
          if (!held) log.warn({ mailId: row.id }, 'mail claim lost mid-send: another worker may send it too')
        })
        .catch((error) => log.warn({ mailId: row.id, err: errorMessage(error) }, 'mail claim renewal failed'))
    }, heartbeatMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  async function send(row: MailRow) {
    const release = keepClaim(row)
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
      await markMailSent(options.db, row.id, id, String(info.response ?? ''))
      options.onOutcome?.('sent')
      log.info({ mailId: row.id, kind: row.kind, messageId: row.messageId }, 'mail sent')
    } catch (error) {
      const message = errorMessage(error)
      const responseCode = (error as { responseCode?: number }).responseCode
      // 5xx is the server's final word (no such mailbox, message refused): retrying cannot help.
      const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
      const retryInMs = permanent || row.attempts >= maxAttempts ? null : backoffDelay(row.attempts, backoff)
      await markMailAttemptFailed(options.db, row.id, id, message.slice(0, 1000), retryInMs)
      options.onOutcome?.(retryInMs === null ? 'failed' : 'retrying')
      log.warn(
        { mailId: row.id, kind: row.kind, attempt: row.attempts, retryInMs, err: message },
        retryInMs === null ? 'mail failed, giving up' : 'mail failed, will retry',
      )
    } finally {
      release()
    }
  }

  async function runOnce(): Promise<number> {
    let attempted = 0
    // One message per claim, its lease renewed while it is sent; keep going while mail is due, unless asked to stop.
    while (!stopping) {
      const [row] = await claimDueMail(options.db, id, { limit: 1, leaseMs, messageIdDomain })
      if (!row) break
      await send(row)
      attempted++
    }
    return attempted
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      if (wokenEarly || stopping) {
        wokenEarly = false
        resolve()
        return
      }
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = null
        resolve()
      }
      wake = done
    })
  }

  function poke() {
    if (wake) wake()
    else wokenEarly = true
  }

  async function run() {
    while (!stopping) {
      try {
        await runOnce()
      } catch (error) {
        // The database may be briefly unreachable; the next round tries again.
        log.error({ err: errorMessage(error) }, 'mail worker round failed')
      }
      await sleep(pollMs)
    }
  }

  return {
    id,
    async start() {
      if (started || stopping) return
      started = true
      if (options.listen) {
        unlisten = await options.listen(MAIL_CHANNEL, poke, {
          // mail queued while the LISTEN connection was down woke nobody: look once now, not at the next poll
          onReconnect: poke,
          onError: (error) => log.warn({ err: error.message }, 'mail worker lost its LISTEN connection; reconnecting'),
        })
      }
      loop = run()
      log.info({ workerId: id }, 'mail worker started')
    },
    stop() {
      stopped ??= (async () => {
        stopping = true
        poke()
        // a send still going after the wait is left to finish or die with the process; its message is handed back
        // below, so another instance sends it (at least once, with the same Message-ID)
        let waited: NodeJS.Timeout | undefined
        await Promise.race([loop, new Promise((resolve) => (waited = setTimeout(resolve, stopWaitMs)))])
        clearTimeout(waited)
        handedBack = true
        try {
          const released = await releaseMailClaims(options.db, id)
          if (released > 0) log.info({ workerId: id, released }, 'mail claims handed back')
        } catch (error) {
          log.warn({ err: errorMessage(error) }, 'mail claims not handed back: they expire with their lease')
        }
        await unlisten?.()
        transport.close()
        log.info({ workerId: id }, 'mail worker stopped')
      })()
      return stopped
    },
    runOnce,
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

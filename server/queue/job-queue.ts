// Background work that survives its instance (decision 057): pg-boss on our database, PGlite or PostgreSQL. A module
// defines a kind of job and its worker; a job is queued in the caller's transaction, claimed by one instance
// (FOR UPDATE SKIP LOCKED), kept by a heartbeat while it runs, taken over by another instance when the heartbeat
// stops (its instance died), and retried a bounded number of times; a job out of attempts goes to the kind's
// dead-letter worker, which records the failure. A kind may also be scheduled by cron: every instance states the
// schedule, and each occurrence becomes one job across them (decision 065: mail and the weekly digest).
import crypto from 'node:crypto'
import os from 'node:os'
import { type SQL, sql } from 'drizzle-orm'
import { fromDrizzle, type Job, PgBoss, type QueueOptions } from 'pg-boss'
import type { Database, Db } from '../db/client.ts'
import { rowsOf } from '../db/statements.ts'

export interface JobKind<Payload extends object> {
  /** The pg-boss queue's name; the dead letters of a kind go to `${name}.dead`. */
  name: string
  /** How many of them one instance runs at a time; the others wait in the queue for a free instance. */
  concurrency: number
  /** Attempts after the first: a job whose instance died (or that threw) is run again up to this many times. */
  retryLimit: number
  /** A claim whose heartbeat is older than this is given to another instance (pg-boss's minimum is 10 s). */
  heartbeatSeconds: number
  /** An attempt still running after this long is given up, heartbeat or not. */
  expireInSeconds: number
  /**
   * 'stately': at most one queued and one running job per `key` given to send() (pg-boss's policy), so a second send
   * of a key already queued does nothing and two instances never run one key at once. Unset: every send is a job.
   */
  policy?: 'stately'
  /** How long a job waits queued, unclaimed, before pg-boss drops it (its default is 14 days). */
  retentionSeconds?: number
  /** Seconds before a failed attempt is retried, doubled at each retry when retryBackoff (pg-boss's backoff). */
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** At most this many jobs of one group (send()'s `group`) run at a time across every instance. */
  groupConcurrency?: number
  /** The payload's type, carried for send() and work(); never read. */
  payload?: Payload
}

export interface JobAttempt {
  id: string
  /** 0 on the first claim, then 1, 2... for each claim after an attempt that did not finish. */
  retryCount: number
  /** Aborted when this instance gives the job up (stopping past its grace): record nothing more. */
  signal: AbortSignal
}

export interface JobWorker<Payload extends object> {
  run(payload: Payload, attempt: JobAttempt): Promise<void>
  /** The job ran out of attempts (its instances kept dying, or it kept throwing): record that it failed. */
  giveUp(payload: Payload): Promise<void>
}

export interface SendOptions {
  /** The job's key under the kind's 'stately' policy. */
  key?: string
  /** Not claimed before this time (a retry's backoff). */
  startAfter?: Date
  /** The job's group: the kind's groupConcurrency bounds the jobs of one group running at once. */
  group?: string
}

export interface JobQueue {
  readonly workerId: string
  /**
   * Queues a job with the caller's transaction (or on its own with app.db): it exists if and only if that commits.
   * Answers false when the kind's policy kept a job of the same key instead.
   */
  send<Payload extends object>(
    db: Db,
    kind: JobKind<Payload>,
    payload: Payload,
    options?: SendOptions,
  ): Promise<boolean>
  /** Makes sure a kind's queue exists from start() on, for an instance that queues jobs it does not run itself. */
  declare<Payload extends object>(kind: JobKind<Payload>): void
  /** Registers the worker of a kind; this instance claims that kind's jobs from start() on. */
  work<Payload extends object>(kind: JobKind<Payload>, worker: JobWorker<Payload>): void
  /**
   * Queues a job of `kind` at each occurrence of `cron` (five fields, read in `timeZone`), once across every instance
   * (pg-boss's schedule: one job per occurrence, whichever instance's clock pass files it). An occurrence missed while
   * no instance ran is queued once when one is back.
   */
  schedule<Payload extends object>(
    kind: JobKind<Payload>,
    cron: string,
    payload: Payload,
    options: { timeZone: string },
  ): void
  start(): Promise<void>
  /**
   * Stops claiming, lets running jobs finish for up to graceMs, then releases the rest to other instances (their
   * attempt counts as failed and they are retried). Later calls wait for the first; server/main.ts calls it on
   * SIGTERM, and the app's onClose does too.
   */
  stop(): Promise<void>
}

export const JOB_QUEUE_TIMING = {
  /** How often an instance looks for expired heartbeats: with heartbeatSeconds, the bound on a takeover. */
  superviseIntervalSeconds: 5,
  /** How often a worker looks for due jobs when no NOTIFY woke it. */
  pollingIntervalSeconds: 2,
  /** How long stop() lets running jobs finish before releasing them. */
  graceMs: 10_000,
  /** How often an instance looks for schedule occurrences that came due (one instance files each one). */
  cronIntervalSeconds: 30,
}

interface JobQueueOptions {
  database: Database
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void }
  timing?: Partial<typeof JOB_QUEUE_TIMING>
}

const deadLetterOf = (kind: JobKind<object>) => `${kind.name}.dead`

/** The longest error message kept with a failed job. */
const STORED_ERROR_MAX = 2000
/** NUL and unpaired surrogates: jsonb refuses both ('unsupported Unicode escape sequence'). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this finds
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * What pg-boss stores as a failed job's output (a jsonb column): the error's name, message and stack, cleaned of
 * what jsonb refuses and cut short, and nothing else. A database error carries its query's parameters, which may hold
 * the NUL that failed it, and would otherwise make the failure itself unrecordable (issue 31, F-12).
 */
export function storableError(error: unknown): Error {
  const clean = (text: string) => text.replace(UNSTORABLE, '\uFFFD').slice(0, STORED_ERROR_MAX)
  const original = error instanceof Error ? error : new Error(String(error))
  const cause = original.cause instanceof Error ? `: ${original.cause.message}` : ''
  const stored = new Error(clean(`${original.message}${cause}`))
  stored.name = clean(original.name)
  stored.stack = clean(original.stack ?? '')
  return stored
}

export function createJobQueue({ database, log, timing: overrides }: JobQueueOptions): JobQueue {
  const timing = { ...JOB_QUEUE_TIMING, ...overrides }
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  const boss = new PgBoss({
    db: database.jobQueueDb,
    ...(database.kind === 'pglite' ? { backend: 'pglite' as const } : {}),
    // Database.migrate() installs the schema (under a lock, once per deploy), not every instance's start
    migrate: false,
    createSchema: false,
    schedule: true,
    cronMonitorIntervalSeconds: timing.cronIntervalSeconds,
    useListenNotify: true,
    superviseIntervalSeconds: timing.superviseIntervalSeconds,
    monitorIntervalSeconds: timing.superviseIntervalSeconds,
  })
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'))
  const kinds = new Map<string, { kind: JobKind<object>; worker?: JobWorker<object> }>()
  const schedules: { kind: JobKind<object>; cron: string; payload: object; timeZone: string }[] = []
  let started: Promise<void> | null = null
  let stopped: Promise<void> | null = null

  async function createQueues(kind: JobKind<object>) {
    const options: QueueOptions & { notify: boolean } = {
      retryLimit: kind.retryLimit,
      heartbeatSeconds: kind.heartbeatSeconds,
      expireInSeconds: kind.expireInSeconds,
      notify: true,
      ...(kind.retentionSeconds ? { retentionSeconds: kind.retentionSeconds } : {}),
      ...(kind.retryDelaySeconds === undefined ? {} : { retryDelay: kind.retryDelaySeconds }),
      ...(kind.retryBackoff === undefined ? {} : { retryBackoff: kind.retryBackoff }),
    }
    await boss.createQueue(deadLetterOf(kind))
    await boss.createQueue(kind.name, {
      ...options,
      ...(kind.policy ? { policy: kind.policy } : {}),
      deadLetter: deadLetterOf(kind),
    })
    // a queue made by an older version keeps its options unless told (its policy cannot change)
    await boss.updateQueue(kind.name, options)
  }

  async function listen(kind: JobKind<object>, worker: JobWorker<object>) {
    // NOTIFY wakes a worker for a new job, not for one handed back by an expired heartbeat: keep polling as often
    const polling = {
      pollingIntervalSeconds: timing.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timing.pollingIntervalSeconds,
    }
    // after a job, the kind's first local worker looks for the next one at once instead of after a poll: a backlog
    // (a burst of mail) drains at the worker's own pace, and an empty fetch falls back to polling
    let workId: string | undefined
    const groups = kind.groupConcurrency === undefined ? {} : { groupConcurrency: kind.groupConcurrency }
    workId = await boss.work(
      kind.name,
      { ...polling, ...groups, localConcurrency: kind.concurrency },
      async ([job]: Job<object>[]) => {
        try {
          await worker.run(job!.data, { id: job!.id, retryCount: job!.retryCount, signal: job!.signal })
        } catch (error) {
          throw storableError(error)
        } finally {
          if (workId) boss.notifyWorker(workId)
        }
      },
    )
    await boss.work(deadLetterOf(kind), polling, async ([job]: Job<object>[]) => {
      log.error({ jobId: job!.id, kind: kind.name }, 'job out of attempts')
      try {
        await worker.giveUp(job!.data)
      } catch (error) {
        throw storableError(error)
      }
    })
  }

  async function prepare(entry: { kind: JobKind<object>; worker?: JobWorker<object> }) {
    await createQueues(entry.kind)
    if (entry.worker) await listen(entry.kind, entry.worker)
  }

  function register(kind: JobKind<object>, worker?: JobWorker<object>) {
    const known = kinds.get(kind.name)
    if (known && (known.worker || !worker)) return
    const entry = { kind, worker }
    kinds.set(kind.name, entry)
    if (started) started = started.then(() => prepare(entry))
  }

  return {
    workerId,
    async send(db, kind, payload, options = {}) {
      const transaction = { execute: async (query: unknown) => ({ rows: rowsOf(await db.execute(query as SQL)) }) }
      const id = await boss.send(kind.name, payload, {
        db: fromDrizzle(transaction, sql),
        ...(options.key ? { singletonKey: options.key } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.group ? { group: { id: options.group } } : {}),
      })
      return id !== null
    },
    declare(kind) {
      register(kind as JobKind<object>)
    },
    work(kind, worker) {
      register(kind as JobKind<object>, worker as unknown as JobWorker<object>)
    },
    schedule(kind, cron, payload, { timeZone }) {
      register(kind as JobKind<object>)
      schedules.push({ kind: kind as JobKind<object>, cron, payload, timeZone })
    },
    start() {
      started ??= (async () => {
        await boss.start()
        for (const entry of kinds.values()) await prepare(entry)
        // schedule() rewrites the one row of the queue's schedule: every instance states the same one
        for (const { kind, cron, payload, timeZone } of schedules) {
          await boss.schedule(kind.name, cron, payload, { tz: timeZone, missed: 'once' })
        }
      })()
      return started
    },
    stop() {
      stopped ??= (async () => {
        await started?.catch(() => {})
        await boss.stop({ graceful: true, timeout: timing.graceMs, close: false })
      })()
      return stopped
    },
  }
}

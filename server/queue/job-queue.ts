// Background work that survives its instance (decision 057): pg-boss on our database, PGlite or PostgreSQL. A module
// defines a kind of job and its worker; a job is queued in the caller's transaction, claimed by one instance
// (FOR UPDATE SKIP LOCKED), kept by a heartbeat while it runs, taken over by another instance when the heartbeat
// stops (its instance died), and retried a bounded number of times; a job out of attempts goes to the kind's
// dead-letter worker, which records the failure.
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
  /** Seconds before a failed attempt is retried, doubled at each retry when retryBackoff (pg-boss's backoff). */
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** At most this many jobs of one group (send()'s `group`) run at a time across every instance. */
  groupConcurrency?: number
  /**
   * A cron expression (UTC): pg-boss sends one job of this kind, with an empty payload, at each occurrence, once
   * across every instance (its timekeeper); a missed occurrence (every instance down) is sent once on the next start.
   */
  cron?: string
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

export interface JobQueue {
  readonly workerId: string
  /** Queues a job with the caller's transaction (or on its own with app.db): it exists if and only if that commits. */
  send<Payload extends object>(
    db: Db,
    kind: JobKind<Payload>,
    payload: Payload,
    options?: { group?: string },
  ): Promise<void>
  /** Registers the worker of a kind; this instance claims that kind's jobs from start() on. */
  work<Payload extends object>(kind: JobKind<Payload>, worker: JobWorker<Payload>): void
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
}

interface JobQueueOptions {
  database: Database
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void }
  timing?: Partial<typeof JOB_QUEUE_TIMING>
}

const deadLetterOf = (kind: JobKind<object>) => `${kind.name}.dead`

export function createJobQueue({ database, log, timing: overrides }: JobQueueOptions): JobQueue {
  const timing = { ...JOB_QUEUE_TIMING, ...overrides }
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  const boss = new PgBoss({
    db: database.jobQueueDb,
    ...(database.kind === 'pglite' ? { backend: 'pglite' as const } : {}),
    // Database.migrate() installs the schema (under a lock, once per deploy), not every instance's start
    migrate: false,
    createSchema: false,
    // the timekeeper sends the jobs of kinds with a cron (JobKind.cron), once across instances
    schedule: true,
    useListenNotify: true,
    superviseIntervalSeconds: timing.superviseIntervalSeconds,
    monitorIntervalSeconds: timing.superviseIntervalSeconds,
  })
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'))
  const kinds: { kind: JobKind<object>; worker: JobWorker<object> }[] = []
  let started: Promise<void> | null = null
  let stopped: Promise<void> | null = null

  async function listen(kind: JobKind<object>, worker: JobWorker<object>) {
    const options: QueueOptions & { notify: boolean } = {
      retryLimit: kind.retryLimit,
      heartbeatSeconds: kind.heartbeatSeconds,
      expireInSeconds: kind.expireInSeconds,
      ...(kind.retryDelaySeconds === undefined ? {} : { retryDelay: kind.retryDelaySeconds }),
      ...(kind.retryBackoff === undefined ? {} : { retryBackoff: kind.retryBackoff }),
      notify: true,
    }
    await boss.createQueue(deadLetterOf(kind))
    await boss.createQueue(kind.name, { ...options, deadLetter: deadLetterOf(kind) })
    // a queue made by an older version keeps its options unless told
    await boss.updateQueue(kind.name, options)
    if (kind.cron) await boss.schedule(kind.name, kind.cron, {}, { tz: 'UTC', missed: 'once' })
    // NOTIFY wakes a worker for a new job, not for one handed back by an expired heartbeat: keep polling as often
    const polling = {
      pollingIntervalSeconds: timing.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timing.pollingIntervalSeconds,
    }
    const groups = kind.groupConcurrency === undefined ? {} : { groupConcurrency: kind.groupConcurrency }
    await boss.work(
      kind.name,
      { ...polling, ...groups, localConcurrency: kind.concurrency },
      async ([job]: Job<object>[]) => {
        await worker.run(job!.data, { id: job!.id, retryCount: job!.retryCount, signal: job!.signal })
      },
    )
    await boss.work(deadLetterOf(kind), polling, async ([job]: Job<object>[]) => {
      log.error({ jobId: job!.id, kind: kind.name }, 'job out of attempts')
      await worker.giveUp(job!.data)
    })
  }

  return {
    workerId,
    async send(db, kind, payload, options = {}) {
      const transaction = { execute: async (query: unknown) => ({ rows: rowsOf(await db.execute(query as SQL)) }) }
      await boss.send(kind.name, payload, {
        db: fromDrizzle(transaction, sql),
        ...(options.group ? { group: { id: options.group } } : {}),
      })
    },
    work(kind, worker) {
      const entry = { kind, worker } as unknown as { kind: JobKind<object>; worker: JobWorker<object> }
      kinds.push(entry)
      if (started) started = started.then(() => listen(entry.kind, entry.worker))
    },
    start() {
      started ??= (async () => {
        await boss.start()
        for (const { kind, worker } of kinds) await listen(kind, worker)
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

// Starts scans, joins running ones, and reuses recent results, within the caps: PER_USER_RUNNING scans per user and
// OVERALL_RUNNING across every instance (both counted in the scan table, so they hold behind any number of
// instances). A started scan is a job of the queue (decision 057): any instance's worker runs it (scan-worker.ts,
// PER_INSTANCE_RUNNING at a time there, the rest wait their turn), another takes it over if that instance dies, and
// it ends within maxDurationMs. spec §4 Scan state, §9; docs/scanner.md "Safety".
import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../http/errors.ts'
import type { JobKind, JobQueue } from '../../queue/job-queue.ts'
import {
  countAllRunningScans,
  countRunningScans,
  countScansStartedSince,
  findLatestScan,
  insertScan,
  lockScanStarts,
  lockScanTarget,
  type ScanRow,
} from './scan.queries.ts'
import type { ScanTarget } from './scan-target.ts'

export const SCAN_LIMITS = {
  perUserRunning: 2,
  /** Scans running or waiting their turn across every instance before new ones are refused (scanner busy). */
  overallRunning: 24,
  /** Scans one instance runs at a time; the others wait their turn. */
  perInstanceRunning: 4,
  perUserPerHour: 30,
  /**
   * A scan ends, done or failed, within this long of its start: the wizard polls every 2 s and gives up after 30 s
   * (spec §9), so its last polls still see the outcome instead of a scan that finishes after it gave up. Past it,
   * the scan fails with the spec's timeout message, SCAN_EMPTY_MESSAGE (decision 040).
   */
  maxDurationMs: 25_000,
  /** A finished result is reused this long for the same URL. */
  reuseDoneMs: 60 * 60 * 1000,
  /** A failure is answered this long, so the wizard's 2 s polls see it instead of starting the scan again. */
  reuseFailedMs: 60 * 1000,
  /**
   * A scanning row not touched for this long lost its job (the queue takes a dead instance's scan over within
   * about 20 s, and records one out of attempts as failed): it is started again.
   */
  staleMs: 60 * 1000,
}

export const SCANNER_BUSY_MESSAGE = 'The scanner is busy. Please try again in a minute.'

export interface ScanOutcome {
  scan: ScanRow
  reused: boolean
}

export interface Scanner {
  /** Starts a scan of the target, joins the running one, or answers a recent result. */
  analyze(userId: number, target: ScanTarget): Promise<ScanOutcome>
}

/** A queued scan: the row to fill, what to scan, and how long it may take (set when it was asked for). */
export interface ScanJob {
  scanId: number
  target: ScanTarget
  maxDurationMs: number
}

export const SCAN_JOB: JobKind<ScanJob> = {
  name: 'scan',
  concurrency: SCAN_LIMITS.perInstanceRunning,
  // a scan whose instance died is run again twice; one that kills every instance it runs on then fails
  retryLimit: 2,
  heartbeatSeconds: 10,
  expireInSeconds: 120,
}

interface ScannerOptions {
  db: Db
  jobQueue: JobQueue
  limits?: Partial<typeof SCAN_LIMITS>
}

export function createScanner({ db, jobQueue, limits: overrides }: ScannerOptions): Scanner {
  const limits = { ...SCAN_LIMITS, ...overrides }
  return {
    async analyze(userId, target) {
      const now = Date.now()
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Db
        await lockScanTarget(txDb, target.key)
        const latest = await findLatestScan(txDb, target.key)
        if (latest) {
          const finished = latest.finishedAt?.getTime() ?? 0
          if (latest.state === 'scanning' && now - latest.updatedAt.getTime() < limits.staleMs) {
            return { scan: latest, reused: false }
          }
          if (latest.state === 'done' && now - finished < limits.reuseDoneMs) return { scan: latest, reused: true }
          if (latest.state === 'failed' && now - finished < limits.reuseFailedMs) {
            return { scan: latest, reused: true }
          }
        }
        const alive = new Date(now - limits.staleMs)
        if ((await countRunningScans(txDb, userId, alive)) >= limits.perUserRunning) {
          throw tooManyRequests(`You already have ${limits.perUserRunning} scans running. Wait for one to finish.`)
        }
        if ((await countScansStartedSince(txDb, userId, new Date(now - 60 * 60 * 1000))) >= limits.perUserPerHour) {
          throw tooManyRequests('You have started many scans in the last hour. Please try again later.')
        }
        // every instance counts the same rows under one lock, so two instances cannot both take the last place
        await lockScanStarts(txDb)
        if ((await countAllRunningScans(txDb, alive)) >= limits.overallRunning) {
          throw tooManyRequests(SCANNER_BUSY_MESSAGE)
        }
        const scan = await insertScan(txDb, { targetKey: target.key, url: target.url, kind: target.kind, userId })
        // queued in the same transaction: no scan row without its job, no job without its row
        await jobQueue.send(txDb, SCAN_JOB, { scanId: scan.id, target, maxDurationMs: limits.maxDurationMs })
        return { scan, reused: false }
      })
    },
  }
}

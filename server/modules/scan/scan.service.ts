// Starts scans, joins running ones, reuses recent results, and runs them within the caps: PER_USER_RUNNING scans per
// user and OVERALL_RUNNING across every instance (both counted in the scan table, so they hold behind any number
// of instances), PER_INSTANCE_RUNNING at a time on one server (the rest wait their turn), each ended within
// maxDurationMs. spec §4 Scan state, §9; docs/scanner.md "Safety".
import crypto from 'node:crypto'
import { SCAN_EMPTY_MESSAGE, type ScannedTool } from '#contracts/scan.ts'
import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../http/errors.ts'
import {
  countAllRunningScans,
  countRunningScans,
  countScansStartedSince,
  createDatabaseLookup,
  ensurePackageTools,
  findLatestScan,
  insertScan,
  lockScanStarts,
  lockScanTarget,
  type ScanRow,
  updateScan,
} from './scan.queries.ts'
import { collectSignals } from './scan-engine.ts'
import type { ScanTarget } from './scan-target.ts'
import { type NetworkPolicy, ScanRefusedError } from './ssrf.ts'
import { type DetectedTool, mapSignals } from './tool-mapper.ts'

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
  /** A scanning row not touched for this long lost its runner (a restarted instance) and is started again. */
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
  /** Resolves when every scan this instance runs has finished (tests, graceful shutdown). */
  idle(): Promise<void>
  /** Scans this instance is running now (/metrics). */
  readonly running: number
}

interface ScannerOptions {
  db: Db
  network: NetworkPolicy
  log?: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void }
  limits?: Partial<typeof SCAN_LIMITS>
}

/** Detected tools as stored and answered: package tools not yet created are left to the final mapping. */
function toScannedTools(detected: DetectedTool[]): ScannedTool[] {
  return detected.flatMap(({ newPackage, ...tool }) => (newPackage ? [] : [tool]))
}

export function createScanner({ db, network, log, limits: overrides }: ScannerOptions): Scanner {
  const limits = { ...SCAN_LIMITS, ...overrides }
  const runnerId = crypto.randomUUID()
  const jobs = new Set<Promise<void>>()
  let running = 0
  const waiting: (() => void)[] = []

  /** A turn among this instance's running scans; false when the deadline passed while waiting. */
  const acquireSlot = (deadline: number) =>
    new Promise<boolean>((resolve) => {
      if (running < limits.perInstanceRunning) {
        running++
        resolve(true)
        return
      }
      const turn = () => {
        clearTimeout(timer)
        running++
        resolve(true)
      }
      const timer = setTimeout(() => {
        const index = waiting.indexOf(turn)
        if (index !== -1) waiting.splice(index, 1)
        resolve(false)
      }, deadline - Date.now())
      waiting.push(turn)
    })
  const releaseSlot = () => {
    running--
    waiting.shift()?.()
  }

  async function run(scan: ScanRow, target: ScanTarget) {
    const started = performance.now()
    const deadline = Date.now() + limits.maxDurationMs
    // once the scan has ended (a timeout), work still under way records nothing more
    let isOver = false
    const record = (patch: Parameters<typeof updateScan>[2]) =>
      isOver ? Promise.resolve() : updateScan(db, scan.id, patch)
    const lookup = createDatabaseLookup(db)
    let timer: NodeJS.Timeout | undefined
    const hasSlot = await acquireSlot(deadline)
    try {
      if (!hasSlot) throw new ScanRefusedError('fetch_failed', SCANNER_BUSY_MESSAGE)
      const work = async () => {
        const signals = await collectSignals(target, network, {
          deadline,
          onStage: async (stage, progress) => {
            // what was found so far is shown while the scan goes on: catalog tools, packages come at the end
            const partial =
              progress.found && progress.found.length > 0
                ? toScannedTools(await mapSignals(progress.found, lookup, { includePackages: false }))
                : undefined
            await record({
              stage,
              ...(partial ? { tools: partial } : {}),
              ...(progress.kind ? { kind: progress.kind } : {}),
            })
          },
        })
        const detected = await mapSignals(signals, lookup)
        return ensurePackageTools(db, detected)
      }
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new ScanRefusedError('fetch_failed', SCAN_EMPTY_MESSAGE)),
          deadline - Date.now(),
        )
      })
      const working = work()
      working.catch(() => {}) // a scan cut short by the deadline may still fail later: nothing is left to tell
      const tools = await Promise.race([working, timeout])
      await record({
        state: 'done',
        stage: 'done',
        tools,
        finishedAt: new Date(),
        durationMs: Math.round(performance.now() - started),
      })
    } catch (error) {
      const message =
        error instanceof ScanRefusedError ? error.message : 'The scan failed on our side. Please try again later.'
      if (!(error instanceof ScanRefusedError)) log?.error({ err: error, scanId: scan.id }, 'scan failed')
      await record({
        state: 'failed',
        stage: 'failed',
        tools: [],
        error: message,
        finishedAt: new Date(),
        durationMs: Math.round(performance.now() - started),
      }).catch((updateError) => log?.error({ err: updateError }, 'could not record a failed scan'))
    } finally {
      isOver = true
      clearTimeout(timer)
      if (hasSlot) releaseSlot()
    }
  }

  return {
    async analyze(userId, target) {
      const now = Date.now()
      const outcome = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db
        await lockScanTarget(txDb, target.key)
        const latest = await findLatestScan(txDb, target.key)
        if (latest) {
          const finished = latest.finishedAt?.getTime() ?? 0
          if (latest.state === 'scanning' && now - latest.updatedAt.getTime() < limits.staleMs) {
            return { scan: latest, reused: false, start: false }
          }
          if (latest.state === 'done' && now - finished < limits.reuseDoneMs)
            return { scan: latest, reused: true, start: false }
          if (latest.state === 'failed' && now - finished < limits.reuseFailedMs) {
            return { scan: latest, reused: true, start: false }
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
        const scan = await insertScan(txDb, {
          targetKey: target.key,
          url: target.url,
          kind: target.kind,
          userId,
          runner: runnerId,
        })
        return { scan, reused: false, start: true }
      })
      if (outcome.start) {
        const job = run(outcome.scan, target)
        jobs.add(job)
        job.finally(() => jobs.delete(job))
      }
      return { scan: outcome.scan, reused: outcome.reused }
    },
    async idle() {
      while (jobs.size > 0) await Promise.allSettled([...jobs])
    },
    get running() {
      return running
    },
  }
}

// Runs queued scans (scan.service.ts SCAN_JOB) on whichever instance claims them: up to PER_INSTANCE_RUNNING at a
// time here, each ended within its time, its progress and outcome written to the scan row that every instance's
// polls read. An attempt cut short (its instance died, or stopped past its grace) is run again by another instance.
import { SCAN_EMPTY_MESSAGE, type ScannedTool } from '#contracts/scan.ts'
import type { Db } from '../../db/client.ts'
import type { JobAttempt, JobQueue } from '../../queue/job-queue.ts'
import { createDatabaseLookup, ensurePackageTools, findScan, updateScan } from './scan.queries.ts'
import { SCAN_JOB, SCANNER_BUSY_MESSAGE, type ScanJob } from './scan.service.ts'
import { collectSignals } from './scan-engine.ts'
import { SCHEME_MESSAGE } from './scan-target.ts'
import { type NetworkPolicy, ScanRefusedError } from './ssrf.ts'
import { type DetectedTool, mapSignals } from './tool-mapper.ts'

export const SCAN_FAILED_MESSAGE = 'The scan failed on our side. Please try again later.'

interface ScanWorkerOptions {
  db: Db
  network: NetworkPolicy
  log?: { error(object: unknown, message: string): void }
}

/** Detected tools as stored and answered: package tools not yet created are left to the final mapping. */
function toScannedTools(detected: DetectedTool[]): ScannedTool[] {
  return detected.flatMap(({ newPackage, ...tool }) => (newPackage ? [] : [tool]))
}

/** Scans this instance is running now (/metrics). */
export interface ScanWorker {
  readonly running: number
}

export function registerScanWorker(jobQueue: JobQueue, { db, network, log }: ScanWorkerOptions): ScanWorker {
  let running = 0
  async function run({ scanId, target, maxDurationMs }: ScanJob, attempt: JobAttempt) {
    const scan = await findScan(db, scanId)
    if (scan?.state !== 'scanning') return
    running++
    const started = performance.now()
    // the first attempt's time counts from the request, its wait in the queue included; one taken over from a dead
    // instance gets a time of its own
    const deadline = attempt.retryCount === 0 ? scan.startedAt.getTime() + maxDurationMs : Date.now() + maxDurationMs
    // once the scan has ended (a timeout) or the attempt was given up, work still under way records nothing more
    let isOver = false
    const record = (patch: Parameters<typeof updateScan>[2]) =>
      isOver || attempt.signal.aborted ? Promise.resolve() : updateScan(db, scanId, patch)
    const lookup = createDatabaseLookup(db)
    let timer: NodeJS.Timeout | undefined
    try {
      // a queued scan never reads this machine's files, whatever its job says: folders are the command line's alone
      // (scan-target.ts; security report F-6)
      if (target.kind === 'folder' || /^file:/i.test(target.url)) throw new ScanRefusedError('scheme', SCHEME_MESSAGE)
      // waited in the queue for its whole time: every instance was busy
      if (Date.now() >= deadline) throw new ScanRefusedError('fetch_failed', SCANNER_BUSY_MESSAGE)
      await record({ runner: jobQueue.workerId })
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
      const message = error instanceof ScanRefusedError ? error.message : SCAN_FAILED_MESSAGE
      if (!(error instanceof ScanRefusedError)) log?.error({ err: error, scanId }, 'scan failed')
      await record({
        state: 'failed',
        stage: 'failed',
        tools: [],
        error: message,
        finishedAt: new Date(),
        durationMs: Math.round(performance.now() - started),
      }).catch((updateError) => log?.error({ err: updateError }, 'could not record a failed scan'))
    } finally {
      running--
      isOver = true
      clearTimeout(timer)
    }
  }

  jobQueue.work(SCAN_JOB, {
    run,
    async giveUp({ scanId }) {
      await updateScan(db, scanId, {
        state: 'failed',
        stage: 'failed',
        tools: [],
        error: SCAN_FAILED_MESSAGE,
        finishedAt: new Date(),
      })
    },
  })
  return {
    get running() {
      return running
    },
  }
}

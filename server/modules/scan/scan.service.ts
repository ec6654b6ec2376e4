// Starts scans, joins running ones, reuses recent results, and runs them within the caps: at most
// PER_USER_RUNNING scans per user at a time and PER_INSTANCE_RUNNING per server (others wait in line).
// spec §4 Scan state; docs/scanner.md "Safety".
import crypto from 'node:crypto'
import type { ScannedTool } from '#contracts/scan.ts'
import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../http/errors.ts'
import { cloneRepository } from './git-repository.ts'
import { analyzeFileSource, analyzeFolder, type RepositoryAnalysis, repositorySignals } from './repository-analyzer.ts'
import {
  countRunningScans,
  countScansStartedSince,
  createDatabaseLookup,
  ensurePackageTools,
  findLatestScan,
  insertScan,
  lockScanTarget,
  type ScanRow,
  updateScan,
} from './scan.queries.ts'
import type { ScanTarget } from './scan-target.ts'
import { SCHEME_MESSAGE } from './scan-target.ts'
import type { Signal } from './signals.ts'
import { type NetworkPolicy, ScanRefusedError } from './ssrf.ts'
import { mapSignals } from './tool-mapper.ts'
import { analyzeWebsite } from './website-analyzer.ts'

export const SCAN_LIMITS = {
  perUserRunning: 2,
  perInstanceRunning: 4,
  /** Scans waiting for a slot on one instance before new ones are refused. */
  perInstanceQueued: 20,
  perUserPerHour: 30,
  /** A finished result is reused this long for the same URL. */
  reuseDoneMs: 60 * 60 * 1000,
  /** A failure is answered this long, so the wizard's 2 s polls see it instead of starting the scan again. */
  reuseFailedMs: 60 * 1000,
  /** A scanning row not touched for this long lost its runner (a restarted instance) and is started again. */
  staleMs: 3 * 60 * 1000,
}

export interface ScanOutcome {
  scan: ScanRow
  reused: boolean
}

export interface Scanner {
  /** Starts a scan of the target, joins the running one, or answers a recent result. */
  analyze(userId: number, target: ScanTarget): Promise<ScanOutcome>
  /** Resolves when every scan this instance runs has finished (tests, graceful shutdown). */
  idle(): Promise<void>
}

interface ScannerOptions {
  db: Db
  network: NetworkPolicy
  log?: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void }
  limits?: Partial<typeof SCAN_LIMITS>
}

export function createScanner({ db, network, log, limits: overrides }: ScannerOptions): Scanner {
  const limits = { ...SCAN_LIMITS, ...overrides }
  const runnerId = crypto.randomUUID()
  const jobs = new Set<Promise<void>>()
  let running = 0
  const waiting: (() => void)[] = []

  const acquireSlot = () =>
    new Promise<void>((resolve) => {
      if (running < limits.perInstanceRunning) {
        running++
        resolve()
      } else {
        waiting.push(() => {
          running++
          resolve()
        })
      }
    })
  const releaseSlot = () => {
    running--
    waiting.shift()?.()
  }

  async function run(scan: ScanRow, target: ScanTarget) {
    await acquireSlot()
    const started = performance.now()
    try {
      await updateScan(db, scan.id, { stage: 'fetching' })
      const signals = await collectSignals(target, network, () => updateScan(db, scan.id, { stage: 'analyzing' }))
      await updateScan(db, scan.id, { stage: 'mapping' })
      const detected = await mapSignals(signals, createDatabaseLookup(db))
      const tools: ScannedTool[] = await ensurePackageTools(db, detected)
      await updateScan(db, scan.id, {
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
      await updateScan(db, scan.id, {
        state: 'failed',
        stage: 'failed',
        error: message,
        finishedAt: new Date(),
        durationMs: Math.round(performance.now() - started),
      }).catch((updateError) => log?.error({ err: updateError }, 'could not record a failed scan'))
    } finally {
      releaseSlot()
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
        if (waiting.length >= limits.perInstanceQueued) {
          throw tooManyRequests('The scanner is busy. Please try again in a minute.')
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
  }
}

/** The engine: a website, a repository clone or a local folder, to signals. */
export async function collectSignals(
  target: ScanTarget,
  network: NetworkPolicy,
  onAnalyzing: () => Promise<void> = async () => {},
): Promise<Signal[]> {
  if (target.kind === 'website') {
    try {
      const analysis = await analyzeWebsite(target.url, network)
      return analysis.signals
    } catch (error) {
      // 'example.com' typed without a scheme: try plain http when https cannot be reached at all
      if (!target.hasExplicitScheme && error instanceof ScanRefusedError && error.reason === 'fetch_failed') {
        const analysis = await analyzeWebsite(target.url.replace(/^https:/, 'http:'), network)
        return analysis.signals
      }
      throw error
    }
  }
  let analysis: RepositoryAnalysis
  if (target.kind === 'folder') {
    if (!network.allowPrivateNetworks) throw new ScanRefusedError('scheme', SCHEME_MESSAGE)
    await onAnalyzing()
    analysis = await analyzeFolder(target.folder)
  } else {
    const clone = await cloneRepository(target.git, network)
    try {
      await onAnalyzing()
      analysis = await analyzeFileSource(clone.source)
      analysis.signals.push(...repositorySignals(target.git.cloneUrl))
    } finally {
      await clone.remove()
    }
  }
  return analysis.signals
}

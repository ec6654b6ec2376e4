// A company's code-host sync on the job queue (issue 18 "Sync", decision 063), in two kinds of job:
//   code-host.list        lists the host's repositories (streamed: memory stays flat however many), applies the
//                         company's filters, records each repository and queues one code-host.repository job per
//                         repository to scan, in the transaction that marks it queued;
//   code-host.repository  scans one repository with the scan engine (collectSignals, then mapSignals: the same path
//                         as the scan worker) and applies what it found to the repository's stack.
// Repository jobs of one connection form one group that pg-boss runs one at a time across every instance (one
// repository at a time per host); each instance runs a few groups at once. A job whose instance died is retried
// with backoff, and finds its repository still 'scanning': it scans it again, and the unique index on
// stack.synced_repository_id with the repository row's lock keeps that to one stack.
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { codeHostConnections, companies } from '../../db/schema/index.ts'
import type { JobKind, JobQueue } from '../../queue/job-queue.ts'
import { findRemoteCommit } from '../scan/git-repository.ts'
import { createDatabaseLookup } from '../scan/scan.queries.ts'
import { collectSignals } from '../scan/scan-engine.ts'
import { type NetworkPolicy, ScanRefusedError } from '../scan/ssrf.ts'
import { mapSignals } from '../scan/tool-mapper.ts'
import { CodeHostError } from './code-host.ts'
import { redactedError } from './code-host-http.ts'
import { settingsOfConnection } from './code-host-settings.ts'
import {
  type CodeHostConnectionRow,
  findConnection,
  findSyncedRepository,
  hasPendingRepositories,
  markUnlistedRepositories,
  type SyncedRepositoryRow,
  updateSyncedRepository,
  upsertListedRepository,
} from './code-hosts.queries.ts'
import type { CreateCodeHostClient } from './create-code-host-client.ts'
import { skipReasonOf } from './repository-filter.ts'
import { applyScanToStack } from './stack-sync.service.ts'

export interface ListJob {
  connectionId: number
}
export interface RepositoryJob {
  repositoryId: number
}

export const CODE_HOST_LIST_JOB: JobKind<ListJob> = {
  name: 'code-host.list',
  concurrency: 1,
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  heartbeatSeconds: 10,
  expireInSeconds: 600,
}

export const CODE_HOST_REPOSITORY_JOB: JobKind<RepositoryJob> = {
  name: 'code-host.repository',
  // groups (hosts) this instance scans at once; one repository at a time within a group
  concurrency: 2,
  groupConcurrency: 1,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  heartbeatSeconds: 10,
  expireInSeconds: 300,
}

/** Every day at 04:00 UTC, the connections on the daily schedule are synced (issue 18 "Keep current"). */
export const CODE_HOST_DAILY_JOB: JobKind<Record<string, never>> = {
  name: 'code-host.daily',
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 60,
  heartbeatSeconds: 10,
  expireInSeconds: 300,
}
/** Its time: five cron fields, read in UTC. */
export const CODE_HOST_DAILY_CRON = '0 4 * * *'

/** How long one repository's scan may take: a sync has no one waiting on it, unlike the wizard's 25 s. */
export const SYNC_SCAN_MAX_MS = 120_000

export const SYNC_FAILED_MESSAGE = 'The scan failed on our side; the next sync tries again.'

const groupOf = (connectionId: number) => `code-host:${connectionId}`

/** Queues a sync of the connection (the "Sync now" button, the schedule, a push), in the caller's transaction. */
export async function queueSync(db: Db, jobQueue: JobQueue, connectionId: number): Promise<void> {
  await jobQueue.send(db, CODE_HOST_LIST_JOB, { connectionId })
}

/** Queues one repository's scan (a sync's listing, a push), in the caller's transaction that marks it queued. */
export async function queueRepositoryScan(
  db: Db,
  jobQueue: JobQueue,
  repository: Pick<SyncedRepositoryRow, 'id' | 'connectionId'>,
): Promise<void> {
  await updateSyncedRepository(db, repository.id, { state: 'queued' })
  await jobQueue.send(
    db,
    CODE_HOST_REPOSITORY_JOB,
    { repositoryId: repository.id },
    { group: groupOf(repository.connectionId) },
  )
}

/** The daily schedule's work: a sync for each connection whose schedule is daily. */
export async function queueScheduledSyncs(db: Db, jobQueue: JobQueue): Promise<number> {
  const due = await db
    .select({ id: codeHostConnections.id })
    .from(codeHostConnections)
    .where(eq(codeHostConnections.schedule, 'daily'))
  for (const { id } of due) await queueSync(db, jobQueue, id)
  return due.length
}

interface SyncWorkerOptions {
  db: Db
  authSecret: string
  network: NetworkPolicy
  createClient: CreateCodeHostClient
  /** Called after a scan's write to a stack commits: visitors' kept pages empty on every instance. */
  contentChanged: () => void
  log?: { error(object: unknown, message: string): void }
}

export function registerCodeHostSync(jobQueue: JobQueue, options: SyncWorkerOptions) {
  const { db, log } = options
  const clientOf = (connection: CodeHostConnectionRow) =>
    options.createClient(settingsOfConnection(options.authSecret, connection))

  async function listRepositories({ connectionId }: ListJob, signal: AbortSignal) {
    const connection = await findConnection(db, connectionId)
    if (!connection) return
    const listedAt = new Date()
    await db
      .update(codeHostConnections)
      .set({ lastSyncStartedAt: listedAt, lastSyncFinishedAt: null, lastSyncError: null })
      .where(eq(codeHostConnections.id, connectionId))
    try {
      for await (const hosted of clientOf(connection).listRepositories({ signal })) {
        if (signal.aborted) return
        await db.transaction(async (tx) => {
          const row = await upsertListedRepository(
            tx,
            {
              connectionId,
              hostId: hosted.hostId,
              fullName: hosted.fullName,
              cloneUrl: hosted.cloneUrl,
              webUrl: hosted.webUrl,
              defaultBranch: hosted.defaultBranch,
            },
            listedAt,
          )
          const skipped = skipReasonOf(hosted, connection)
          if (skipped) {
            if (row.state !== 'scanning')
              await updateSyncedRepository(tx, row.id, { state: 'skipped', lastResult: skipped })
            return
          }
          // already waiting or running: its job is in the queue
          if (row.state === 'queued' || row.state === 'scanning') return
          await queueRepositoryScan(tx, jobQueue, row)
        })
      }
      await markUnlistedRepositories(db, connectionId, listedAt)
      if (!(await hasPendingRepositories(db, connectionId))) await markSyncFinished(connectionId)
    } catch (error) {
      // any failure ends this run with what went wrong: the host's refusal as it said it, anything else as a generic
      // message that names no address (it may hold a password); the run never stays "running" (security report F-11)
      await db
        .update(codeHostConnections)
        .set({
          lastSyncError: error instanceof CodeHostError ? error.message : SYNC_FAILED_MESSAGE,
          lastSyncFinishedAt: new Date(),
        })
        .where(eq(codeHostConnections.id, connectionId))
      if (!(error instanceof CodeHostError)) {
        const safe = redactedError(error)
        log?.error({ err: safe, connectionId }, 'code-host listing failed')
        throw safe // retried with backoff (the queue stores the error: without credentials)
      }
    }
  }

  async function markSyncFinished(connectionId: number) {
    await db
      .update(codeHostConnections)
      .set({ lastSyncFinishedAt: new Date() })
      .where(eq(codeHostConnections.id, connectionId))
  }

  async function scanRepository({ repositoryId }: RepositoryJob, signal: AbortSignal) {
    const repository = await findSyncedRepository(db, repositoryId)
    if (!repository || (repository.state !== 'queued' && repository.state !== 'scanning')) return
    const connection = await findConnection(db, repository.connectionId)
    const [company] = connection
      ? await db
          .select({ id: companies.id, slug: companies.slug, privateMode: companies.privateMode })
          .from(companies)
          .where(eq(companies.id, connection.companyId))
      : []
    if (!connection || !company) return
    await updateSyncedRepository(db, repositoryId, { state: 'scanning' })
    try {
      const client = clientOf(connection)
      const headers = await client.cloneHeaders({ signal })
      const git = {
        cloneUrl: repository.cloneUrl,
        ...(repository.defaultBranch ? { branch: repository.defaultBranch } : {}),
        headers,
      }
      const commit = await findRemoteCommit(git, options.network)
      if (commit === repository.lastCommit) {
        // nothing new since the last scan: nothing is written but the state
        await updateSyncedRepository(db, repositoryId, { state: 'synced' })
        return
      }
      const deadline = Date.now() + SYNC_SCAN_MAX_MS
      const signals = await collectSignals(
        { kind: 'repository', url: repository.cloneUrl, key: `git:${repository.cloneUrl}`, git },
        options.network,
        { deadline },
      )
      const detected = await mapSignals(signals, createDatabaseLookup(db), { includePackages: false })
      if (signal.aborted) return
      const wrote = await db.transaction(async (tx) => {
        const locked = await findSyncedRepository(tx, repositoryId, { lock: true })
        if (locked?.state !== 'scanning') return false
        const change = await applyScanToStack(tx, {
          repository: locked,
          connection,
          company,
          commit,
          found: detected.map((tool) => ({ slug: tool.slug, version: tool.version, sources: tool.sources })),
        })
        await updateSyncedRepository(tx, repositoryId, {
          state: 'synced',
          lastCommit: commit,
          lastScannedAt: new Date(),
          lastResult: resultOf(detected.length, change),
        })
        return true
      })
      // the stack (its tools, or at least its synced commit) is new: pages kept for visitors are stale
      if (wrote) options.contentChanged()
    } catch (error) {
      if (signal.aborted) return
      const refusal = error instanceof ScanRefusedError || error instanceof CodeHostError
      // the host or the repository said no: recorded, not retried (the next sync tries again)
      if (!refusal) {
        const safe = redactedError(error)
        log?.error({ err: safe, repositoryId }, 'code-host repository scan failed')
        throw safe // retried with backoff (the queue stores the error: without credentials)
      }
      await updateSyncedRepository(db, repositoryId, { state: 'failed', lastResult: error.message })
    } finally {
      if (!signal.aborted && !(await hasPendingRepositories(db, repository.connectionId))) {
        await markSyncFinished(repository.connectionId)
      }
    }
  }

  jobQueue.work(CODE_HOST_DAILY_JOB, {
    run: async () => {
      await queueScheduledSyncs(db, jobQueue)
    },
    async giveUp() {},
  })
  jobQueue.schedule(CODE_HOST_DAILY_JOB, CODE_HOST_DAILY_CRON, {}, { timeZone: 'UTC' })
  jobQueue.work(CODE_HOST_LIST_JOB, {
    run: (payload, attempt) => listRepositories(payload, attempt.signal),
    async giveUp({ connectionId }) {
      await db
        .update(codeHostConnections)
        .set({ lastSyncError: SYNC_FAILED_MESSAGE, lastSyncFinishedAt: new Date() })
        .where(eq(codeHostConnections.id, connectionId))
    },
  })
  jobQueue.work(CODE_HOST_REPOSITORY_JOB, {
    run: (payload, attempt) => scanRepository(payload, attempt.signal),
    async giveUp({ repositoryId }) {
      await updateSyncedRepository(db, repositoryId, { state: 'failed', lastResult: SYNC_FAILED_MESSAGE })
      const repository = await findSyncedRepository(db, repositoryId)
      if (repository && !(await hasPendingRepositories(db, repository.connectionId))) {
        await markSyncFinished(repository.connectionId)
      }
    },
  })
}

function resultOf(toolCount: number, change: { added: unknown[]; removed: unknown[]; flagged: boolean }): string {
  const found = toolCount === 1 ? '1 tool found' : `${toolCount} tools found`
  const parts = [found]
  if (change.added.length > 0) parts.push(`${change.added.length} added`)
  if (change.removed.length > 0) parts.push(`${change.removed.length} ${change.flagged ? 'flagged' : 'removed'}`)
  return `${parts.join(', ')}.`
}

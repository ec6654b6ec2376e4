// Every field of a code host and of a synced repository that leaves the server (decision 063): never a secret.
import {
  type CodeHost,
  codeHostWebhookPath,
  type SyncedRepository,
  type SyncedRepositoryState,
} from '#contracts/code-hosts.ts'
import { stackPath } from '../stacks/stacks.presenter.ts'
import type { CodeHostConnectionRow, listSyncedRepositories } from './code-hosts.queries.ts'

export function presentCodeHost(
  row: CodeHostConnectionRow,
  counts: Record<SyncedRepositoryState, number>,
  baseUrl: string,
): CodeHost {
  const settings = row.settings
  return {
    kind: settings.kind,
    api_url: settings.kind === 'git' ? null : settings.apiUrl,
    owner: settings.kind === 'github' ? settings.owner : null,
    group: settings.kind === 'gitlab' ? settings.group : null,
    urls: settings.kind === 'git' ? settings.urls : [],
    auth_type: settings.kind === 'git' ? null : settings.authType,
    app_id: settings.kind === 'github' ? (settings.appId ?? null) : null,
    installation_id: settings.kind === 'github' ? (settings.installationId ?? null) : null,
    has_credentials: row.sealedSecret !== null,
    include: row.includePatterns,
    exclude: row.excludePatterns,
    skip_archived: row.skipArchived,
    skip_forks: row.skipForks,
    removal_policy: row.removalPolicy as CodeHost['removal_policy'],
    schedule: row.schedule as CodeHost['schedule'],
    last_sync_started_at: row.lastSyncStartedAt?.toISOString() ?? null,
    last_sync_finished_at: row.lastSyncFinishedAt?.toISOString() ?? null,
    last_sync_error: row.lastSyncError,
    webhook_url: settings.kind === 'git' ? null : `${baseUrl}${codeHostWebhookPath(row.id)}`,
    counts,
  }
}

type RepositoryListRow = Awaited<ReturnType<typeof listSyncedRepositories>>[number]

export function presentSyncedRepository({
  repository,
  stackName,
  stackSlug,
  ownerSlug,
}: RepositoryListRow): SyncedRepository {
  return {
    id: repository.id,
    full_name: repository.fullName,
    web_url: repository.webUrl,
    state: repository.state,
    last_commit: repository.lastCommit,
    last_result: repository.lastResult,
    last_scanned_at: repository.lastScannedAt?.toISOString() ?? null,
    stack:
      stackName && stackSlug && ownerSlug ? { name: stackName, path: stackPath({ slug: ownerSlug }, stackSlug) } : null,
  }
}

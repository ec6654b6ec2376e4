// A code host for the sync's tests (decision 063): an in-test CodeHostClient that lists repositories the test made
// (local git repositories cloned over file://, or served by serveGitOverHttp), and new commits in them.
import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { codeHostConnections, syncedRepositories } from '../db/schema/index.ts'
import { buildCatalog } from '../db/seed/catalog/build.ts'
import { seedCatalog } from '../db/seed/catalog/seed.ts'
import type { CodeHostSettings, HostedRepository } from '../modules/code-hosts/code-host.ts'
import type { CreateCodeHostClient } from '../modules/code-hosts/create-code-host-client.ts'
import type { TestUser } from './factories.ts'
import type { FixtureRepository } from './scan-servers.ts'

export interface FakeCodeHost {
  /** What each owner's (or group's) listing answers, in order; change it between syncs. */
  repositories: Map<string, HostedRepository[]>
  createClient: CreateCodeHostClient
  /** The settings every client was built from (the credentials opened). */
  settingsSeen: CodeHostSettings[]
  /** Milliseconds cloneHeaders() waits: a scan long enough to be killed in. */
  cloneHeadersDelayMs: number
}

export function createFakeCodeHost(): FakeCodeHost {
  const host: FakeCodeHost = {
    repositories: new Map(),
    settingsSeen: [],
    cloneHeadersDelayMs: 0,
    createClient(settings) {
      host.settingsSeen.push(settings)
      const owner = settings.kind === 'github' ? settings.owner : settings.kind === 'gitlab' ? settings.group : ''
      return {
        async *listRepositories() {
          for (const repository of host.repositories.get(owner) ?? []) yield repository
        },
        async cloneHeaders(): Promise<Record<string, string>> {
          if (host.cloneHeadersDelayMs > 0)
            await new Promise((resolve) => setTimeout(resolve, host.cloneHeadersDelayMs))
          return settings.kind === 'git'
            ? {}
            : { Authorization: `Bearer ${settings.auth.type === 'token' ? settings.auth.token : 'app'}` }
        },
      }
    },
  }
  return host
}

/** A listed repository for a fixture repository: `name` is its full name, its file:// URL its clone URL. */
export function hostedRepository(
  repository: Pick<FixtureRepository, 'url'>,
  fullName: string,
  overrides: Partial<HostedRepository> = {},
): HostedRepository {
  return {
    hostId: `id-${fullName}`,
    fullName,
    cloneUrl: repository.url,
    webUrl: `https://git.example.test/${fullName}`,
    defaultBranch: 'main',
    archived: false,
    fork: false,
    ...overrides,
  }
}

/** The catalog's tools the sync tests' repositories use (express, react, redis): a seed in a fraction of the time. */
export async function seedSyncCatalog(db: Db): Promise<void> {
  const catalog = buildCatalog()
  await seedCatalog(db, {
    ...catalog,
    tools: catalog.tools.filter((tool) => ['express', 'react', 'redis'].includes(tool.slug)),
  })
}

/** A package.json naming these dependencies, what the scan maps to the catalog's tools. */
export const packageJsonOf = (dependencies: Record<string, string>) => JSON.stringify({ name: 'app', dependencies })

/**
 * Starts a sync through the admins' API ("Sync now") and waits until the listing and every repository's scan are
 * over: the connection's last sync started after the call, finished, and no repository waits or runs.
 */
export async function syncAndWait(
  db: Db,
  admin: TestUser,
  codeHostPath: string,
  connectionId: number,
  timeoutMs = 60_000,
  /** Runs once the sync is asked for, before waiting for it to end (a read while it runs). */
  whileRunning?: () => Promise<void>,
): Promise<void> {
  const connectionRow = async () =>
    (await db.select().from(codeHostConnections).where(eq(codeHostConnections.id, connectionId)))[0]!
  const previousStart = (await connectionRow()).lastSyncStartedAt?.getTime() ?? 0
  const response = await admin.client.post(`${codeHostPath}/sync`)
  if (response.status !== 202) throw new Error(`sync answered ${response.status}`)
  await whileRunning?.()
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const connection = await connectionRow()
    const [pending] = await db
      .select({ value: count() })
      .from(syncedRepositories)
      .where(
        and(
          eq(syncedRepositories.connectionId, connectionId),
          inArray(syncedRepositories.state, ['queued', 'scanning']),
        ),
      )
    const started = connection.lastSyncStartedAt?.getTime() ?? 0
    const finished = connection.lastSyncFinishedAt?.getTime() ?? 0
    if (started > previousStart && finished >= started && pending!.value === 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the sync did not finish within ${timeoutMs / 1000} s`)
}

// A code host for the sync's tests (decision 063): an in-test CodeHostClient that lists repositories the test made
// (local git repositories cloned over file://, or served by serveGitOverHttp), and new commits in them.
import type { Db } from '../db/client.ts'
import { buildCatalog } from '../db/seed/catalog/build.ts'
import { seedCatalog } from '../db/seed/catalog/seed.ts'
import type { CodeHostSettings, HostedRepository } from '../modules/code-hosts/code-host.ts'
import type { CreateCodeHostClient } from '../modules/code-hosts/create-code-host-client.ts'
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

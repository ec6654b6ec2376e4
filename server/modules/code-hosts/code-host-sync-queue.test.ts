// A code-host sync survives its instance (decision 063): on PostgreSQL, a worker process killed with SIGKILL while it
// scans a repository has that repository's job taken over by a surviving instance, which finishes the sync with one
// stack per repository (the unique stack.synced_repository_id and the queue's retries).
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../app.ts'
import type { Database } from '../../db/client.ts'
import { codeHostConnections, stacks, syncedRepositories } from '../../db/schema/index.ts'
import { buildCatalog } from '../../db/seed/catalog/build.ts'
import { seedCatalog } from '../../db/seed/catalog/seed.ts'
import { createFakeCodeHost, hostedRepository } from '../../test/code-host-fixtures.ts'
import { buildCompany, buildUser } from '../../test/factories.ts'
import { openTestDatabase, testConfig } from '../../test/harness.ts'
import { withDatabase } from '../../test/paths.ts'
import { createGitRepository, type FixtureRepository } from '../../test/scan-servers.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url))
const workerScript = fileURLToPath(new URL('../../test/code-host-sync-process.ts', import.meta.url))

let database: Database
const apps: App[] = []
const fixtures: FixtureRepository[] = []
const host = createFakeCodeHost()
beforeAll(async () => {
  database = await openTestDatabase()
  const catalog = buildCatalog()
  await seedCatalog(database.db, { ...catalog, tools: catalog.tools.filter((tool) => tool.slug === 'express') })
}, 60_000)
afterAll(async () => {
  for (const app of apps) await app.close()
  await database?.close()
  for (const fixture of fixtures) fixture.remove()
})

async function startApp(): Promise<App> {
  const app = await buildApp({ database, config: testConfig(), logger: false, createCodeHostClient: host.createClient })
  await app.ready()
  apps.push(app)
  return app
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a code-host sync through the job queue', () => {
  it.skipIf(!postgresUrl)(
    'finishes a sync whose worker process was killed with SIGKILL mid-scan, with one stack per repository',
    async () => {
      const asking = await startApp()
      // the instance that takes the request claims nothing: only the child runs the sync at first
      await asking.jobQueue.stop()
      const fixture = createGitRepository({ 'package.json': JSON.stringify({ dependencies: { express: '^4.18.2' } }) })
      fixtures.push(fixture)
      const listed = [hostedRepository(fixture, 'acme/api'), hostedRepository(fixture, 'acme/web')]
      host.repositories.set('acme', listed)

      const [{ name }] = (
        (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows as [{ name: string }]
      const child = spawn(node, [workerScript], {
        env: {
          ...process.env,
          DATABASE_URL: withDatabase(postgresUrl!, name),
          AUTH_SECRET: asking.config.authSecret,
          REPOSITORIES: JSON.stringify({ acme: listed }),
          CLONE_HEADERS_DELAY_MS: '60000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      )
      const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
      await lines.next()

      const admin = await buildUser(asking)
      const company = await buildCompany(database.db, { members: [{ userId: admin.id, role: 'admin' }] })
      const path = `/api/v1/companies/${company.slug}/code-host`
      expect(
        (await admin.client.put(path, { kind: 'github', owner: 'acme', auth: { type: 'token', token: 't' } })).status,
      ).toBe(200)
      expect((await admin.client.post(`${path}/sync`)).status).toBe(202)
      const [connection] = await database.db
        .select()
        .from(codeHostConnections)
        .where(eq(codeHostConnections.companyId, company.id))
      const states = async () =>
        (
          await database.db
            .select({ state: syncedRepositories.state })
            .from(syncedRepositories)
            .where(eq(syncedRepositories.connectionId, connection!.id))
        ).map((row) => row.state)
      // the child listed both and is scanning the first (one at a time per host), waiting in cloneHeaders
      await waitFor(async () => (await states()).sort().join() === 'queued,scanning', 120_000)
      child.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')

      await startApp()
      await waitFor(async () => (await states()).every((state) => state === 'synced'), 90_000)
      const synced = await database.db
        .select({ repositoryId: stacks.syncedRepositoryId })
        .from(stacks)
        .where(eq(stacks.ownerCompanyId, company.id))
      expect(synced).toHaveLength(2)
      expect(new Set(synced.map((row) => row.repositoryId)).size).toBe(2)
    },
    240_000,
  )
})

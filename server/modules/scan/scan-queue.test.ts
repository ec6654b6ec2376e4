// Scans through the job queue (decision 057): a scan asked of one instance is run by another's worker on the same
// database, and, on PostgreSQL, a worker process killed with SIGKILL mid-scan has its scan taken over by a surviving
// instance within the heartbeat's bound, with the wizard's polling answer unchanged.
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../app.ts'
import type { Database } from '../../db/client.ts'
import { buildCatalog } from '../../db/seed/catalog/build.ts'
import { seedCatalog } from '../../db/seed/catalog/seed.ts'
import type { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { openTestDatabase, testConfig } from '../../test/harness.ts'
import { withDatabase } from '../../test/paths.ts'
import { waitForScanEnd } from '../../test/scan-jobs.ts'
import { type FixtureSite, serveSite } from '../../test/scan-servers.ts'
import { findLatestScan, findScan } from './scan.queries.ts'
import { parseScanTarget } from './scan-target.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url))
const workerScript = fileURLToPath(new URL('../../test/scan-worker-process.ts', import.meta.url))

let database: Database
let site: FixtureSite
const apps: App[] = []
beforeAll(async () => {
  database = await openTestDatabase()
  const catalog = buildCatalog()
  await seedCatalog(database.db, {
    ...catalog,
    tools: catalog.tools.filter((tool) => ['wordpress', 'nginx', 'php', 'mysql'].includes(tool.slug)),
  })
  site = await serveSite({
    '/': {
      headers: { server: 'nginx/1.25.3' },
      body: '<html><head><meta name="generator" content="WordPress 6.4.2"></head><body>Blog</body></html>',
    },
    '/slow': { delayMs: 4000, body: '<html><head><meta name="generator" content="WordPress 6.4.2"></head></html>' },
  })
}, 60_000)
afterAll(async () => {
  for (const app of apps) await app.close()
  await site?.close()
  await database?.close()
})

async function startApp(): Promise<App> {
  const app = await buildApp({ database, config: testConfig(), logger: false })
  await app.ready()
  apps.push(app)
  return app
}

const latestScanOf = (url: string) =>
  findLatestScan(database.db, parseScanTarget(url, { allowPrivateNetworks: true }).key)

const analyze = (client: TestClient, url: string) => client.get(`/api/v1/analyze?url=${encodeURIComponent(url)}`)

describe('scans through the job queue', () => {
  it("runs a scan asked of one instance on another instance's worker, and answers its polls on both", async () => {
    const asked = await startApp()
    const running = await startApp()
    // the instance that takes the request claims nothing: only the other can run the scan
    await asked.jobQueue.stop()
    const user = await buildUser(asked)
    const first = await analyze(user.client, site.origin)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ state: 'scanning', reused: false })
    const scan = await latestScanOf(site.origin)
    const row = await waitForScanEnd(database.db, scan!.id)
    expect(row).toMatchObject({ state: 'done', runner: running.jobQueue.workerId })
    const done = await analyze(user.client, site.origin)
    expect(done.body).toMatchObject({ state: 'done', reused: true })
    expect(done.body.tools.map((tool: { name: string }) => tool.name)).toContain('WordPress')
    for (const app of apps.splice(0)) await app.close()
  }, 60_000)

  it.skipIf(!postgresUrl)(
    'takes over a scan whose worker process was killed with SIGKILL mid-scan, within 30 seconds',
    async () => {
      const asking = await startApp()
      await asking.jobQueue.stop()
      const user = await buildUser(asking)
      const [{ name }] = (
        (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows as [{ name: string }]
      const child = spawn(node, [workerScript], {
        env: { ...process.env, DATABASE_URL: withDatabase(postgresUrl!, name) },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      )
      const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
      const doomedId = String((await lines.next()).value)

      const url = `${site.origin}/slow`
      expect((await analyze(user.client, url)).body.state).toBe('scanning')
      // the child claimed it and is fetching the slow page
      const scanId = (await latestScanOf(url))!.id
      for (let tries = 0; tries < 200 && (await findScan(database.db, scanId))?.runner !== doomedId; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(await findScan(database.db, scanId)).toMatchObject({ state: 'scanning', runner: doomedId })
      child.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')
      const killedAt = Date.now()

      // a surviving instance takes it over once the dead worker's heartbeat is stale, and the polls see it end
      const survivor = await startApp()
      for (let tries = 0; tries < 600 && (await findScan(database.db, scanId))?.runner === doomedId; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(Date.now() - killedAt).toBeLessThan(30_000)
      const row = await waitForScanEnd(database.db, scanId)
      expect(row).toMatchObject({ state: 'done', runner: survivor.jobQueue.workerId })
      expect(row.tools.map((tool) => tool.name)).toContain('WordPress')
      const polled = await analyze(user.client, url)
      expect(polled.body).toMatchObject({ state: 'done', reused: true })
      expect(await findScan(database.db, scanId)).toMatchObject({ state: 'done' })
    },
    90_000,
  )
})

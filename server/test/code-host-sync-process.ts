// A code-host sync worker in a process of its own, for the test that kills it with SIGKILL mid-sync:
// `node server/test/code-host-sync-process.ts` with DATABASE_URL (PostgreSQL), AUTH_SECRET, REPOSITORIES (the
// in-test host's listing as JSON: { owner: HostedRepository[] }) and CLONE_HEADERS_DELAY_MS (how long each
// repository's scan waits first). Prints its worker id once it is ready.
import { openPostgres } from '../db/client.ts'
import { CONTENT_CHANGED_CHANNEL } from '../http/content-changes.ts'
import type { HostedRepository } from '../modules/code-hosts/code-host.ts'
import { registerCodeHostSync } from '../modules/code-hosts/code-host-sync.ts'
import { createJobQueue } from '../queue/job-queue.ts'
import { createFakeCodeHost } from './code-host-fixtures.ts'

const { DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret, REPOSITORIES: repositories } = process.env
if (!databaseUrl || !authSecret || !repositories)
  throw new Error('DATABASE_URL, AUTH_SECRET and REPOSITORIES are required')
const host = createFakeCodeHost()
for (const [owner, listed] of Object.entries(JSON.parse(repositories) as Record<string, HostedRepository[]>)) {
  host.repositories.set(owner, listed)
}
host.cloneHeadersDelayMs = Number(process.env.CLONE_HEADERS_DELAY_MS ?? 0)
const database = await openPostgres(databaseUrl, { max: 2 })
const jobQueue = createJobQueue({ database, log: console })
registerCodeHostSync(jobQueue, {
  db: database.db,
  authSecret,
  network: { allowPrivateNetworks: true },
  createClient: host.createClient,
  contentChanged: () => void database.notify(CONTENT_CHANGED_CHANNEL, ''),
})
await jobQueue.start()
process.stdout.write(`${jobQueue.workerId}\n`)

// A scan worker in a process of its own, for tests that kill it with SIGKILL mid-scan, as a crash (OOM, power loss,
// kill -9) would: `node server/test/scan-worker-process.ts` with DATABASE_URL (PostgreSQL). It claims queued scans
// as the worker of a server would, and prints its worker id once it is ready.
import { openPostgres } from '../db/client.ts'
import { registerScanWorker } from '../modules/scan/scan-worker.ts'
import { createJobQueue } from '../queue/job-queue.ts'

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) throw new Error('DATABASE_URL is required')
const database = await openPostgres(databaseUrl, { max: 2 })
const jobQueue = createJobQueue({ database, log: console })
registerScanWorker(jobQueue, { db: database.db, network: { allowPrivateNetworks: true } })
await jobQueue.start()
process.stdout.write(`${jobQueue.workerId}\n`)

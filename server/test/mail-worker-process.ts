// A mail worker in a process of its own, for tests that kill it with SIGKILL mid-send, as a crash (OOM, power loss,
// kill -9) would: `node server/test/mail-worker-process.ts` with DATABASE_URL (PostgreSQL) and SMTP_URL. It claims
// mail jobs as the worker of a server would (decision 065), and prints its worker id once it is ready.
import { openPostgres } from '../db/client.ts'
import { registerMailWorker } from '../modules/mail/mail-worker.ts'
import { createJobQueue } from '../queue/job-queue.ts'

const databaseUrl = process.env.DATABASE_URL
const smtpUrl = process.env.SMTP_URL
if (!databaseUrl || !smtpUrl) throw new Error('DATABASE_URL and SMTP_URL are required')
const database = await openPostgres(databaseUrl, { max: 2 })
const jobQueue = createJobQueue({ database, log: console })
registerMailWorker(jobQueue, { db: database.db, smtpUrl, from: 'Stackatlas <no-reply@stackatlas.test>' })
await jobQueue.start()
process.stdout.write(`${jobQueue.workerId}\n`)

// A mail worker in a process of its own, for tests that kill it with SIGKILL mid-send, as a crash (OOM, power loss,
// kill -9) would: `node server/test/mail-worker-process.ts` with DATABASE_URL (PostgreSQL) and SMTP_URL. It claims
// and sends what is due, once, with the normal lease and heartbeat, as the worker of a server would.
import { openPostgres } from '../db/client.ts'
import { createMailWorker } from '../modules/mail/mail-worker.ts'

const databaseUrl = process.env.DATABASE_URL
const smtpUrl = process.env.SMTP_URL
if (!databaseUrl || !smtpUrl) throw new Error('DATABASE_URL and SMTP_URL are required')
const database = await openPostgres(databaseUrl, { max: 2 })
const worker = createMailWorker({
  db: database.db,
  smtpUrl,
  from: 'Stackatlas <no-reply@stackatlas.test>',
  workerId: `doomed:${process.pid}`,
})
await worker.runOnce()
await worker.stop()
await database.close()

// Reads the environment, opens and migrates the database, seeds the catalog on first start, listens, and shuts
// down gracefully on SIGINT/SIGTERM. A reason not to start that says it all (StartupError) is printed alone.
import { buildApp } from './app.ts'
import { configFromEnv } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedCatalogIfEmpty } from './db/seed/catalog/seed.ts'
import { readEnv } from './env.ts'
import { recordSiteModeIfChanged } from './modules/audit/audit.service.ts'
import { StartupError } from './startup-error.ts'

function exitOnStartupError(error: unknown): never {
  if (!(error instanceof StartupError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

const { env, config, database } = await (async () => {
  const env = readEnv()
  const config = configFromEnv(env)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  return { env, config, database }
})().catch(exitOnStartupError)
await database.migrate()
const seeded = await seedCatalogIfEmpty(database.db)
// SITE_MODE differs from the mode last recorded: written once, however many instances start (decision 050)
const modeChanged = await recordSiteModeIfChanged(database.db, config.siteMode)
const app = await buildApp({ database, config })
if (seeded) app.log.info(`catalog seeded with ${seeded.tools} tools`)
if (modeChanged) app.log.info({ mode: config.siteMode }, 'site mode changed: recorded in the audit log')

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  try {
    await app.jobQueue.stop() // running jobs finish (bounded), the rest go back to the queue for other instances
    await app.close()
    await database.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: env.PORT, host: env.HOST })
app.log.info(`${config.siteName} is running at ${config.baseUrl} on ${database.kind}`)

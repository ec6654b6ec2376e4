// Reads the environment, opens the database and prepares it (migrations, the catalog on first start: safe for
// instances starting together), listens, and shuts down gracefully on SIGINT/SIGTERM. A reason not to start that
// says it all (StartupError) is printed alone.
import { buildApp } from './app.ts'
import { configFromEnv } from './config.ts'
import { openDatabase } from './db/client.ts'
import { readEnv } from './env.ts'
import { prepareDatabase } from './prepare-database.ts'
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
const { seeded, modeChanged } = await prepareDatabase(database, config)
const app = await buildApp({ database, config })
if (seeded) app.log.info(`catalog seeded with ${seeded.tools} tools (a fresh install, or a changed catalog)`)
if (modeChanged) app.log.info({ mode: config.siteMode }, 'site mode changed: recorded in the audit log')

/**
 * app.close() does the orderly part (decision 054): /readyz answers 503 and live streams end with a retry hint
 * (preClose), the server takes no new connection and waits for the requests in flight, then the mail worker and the
 * job queue hand back their claims (running jobs finish first, bounded) and timers stop (onClose). Requests still running after SHUTDOWN_TIMEOUT_MS lose their connection.
 */
let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  const cut = setTimeout(() => {
    app.log.warn({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'requests still in flight at the shutdown timeout: cut')
    app.server.closeAllConnections()
  }, env.SHUTDOWN_TIMEOUT_MS)
  // an orderly shutdown that hangs past its own bounds (a stuck query) ends here, as a failure
  const force = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 15_000)
  force.unref()
  try {
    await app.close()
    clearTimeout(cut)
    await database.close()
    app.log.info('shut down')
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

// `npm run seed:demo`: adds the demo people, companies, stacks, reasons and jobs (server/db/seed/demo.ts) to the database
// the server is configured with. Runs once: a second run finds the demo data and changes nothing.

import { readEnv } from '../../env.ts'
import { openDatabase } from '../client.ts'
import { seedCatalogIfEmpty } from './catalog/seed.ts'
import { DEMO_EMAIL_DOMAIN, DEMO_JOBS_PER_COMPANY, seedDemo } from './demo.ts'

const HELP = `Usage: npm run seed:demo [-- --allow-production]

Adds demo data so that a new installation looks alive: 12 people, 6 companies with members,
20 stacks built from the tool catalog, pros and cons with votes, and ${DEMO_JOBS_PER_COMPANY} jobs per demo company
for Stack Match. Everything is marked as demo (is_demo on people, companies, stacks and jobs;
"Demo" in their names and descriptions). When NODE_ENV is production the demo jobs are left
out unless --allow-production is given (like npm run jobs:import -- --demo). The
demo people have no password: nobody can sign in as them (e-mails end in @${DEMO_EMAIL_DOMAIN}).
Running it again changes nothing. \`npm start\` never adds demo data.

Uses the database the server is configured with: DATABASE_URL (PostgreSQL) or the embedded
database in DATA_DIR (default ./data), created and seeded with the catalog if it is new.

The embedded database (PGlite) can be open in one process only. While the server is running
on it, this command refuses to start: stop the server, run this command, start the server again.
With PostgreSQL (DATABASE_URL) the server can keep running.`

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP)
  process.exit(0)
}
const unexpected = args.find((arg) => arg !== '--allow-production')
if (unexpected) {
  console.error(`Unexpected argument: ${unexpected}\n`)
  console.error(HELP)
  process.exit(2)
}

let database: Awaited<ReturnType<typeof openDatabase>>
let withJobs = true
try {
  const env = readEnv()
  withJobs = env.NODE_ENV !== 'production' || args.includes('--allow-production')
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
} catch (error) {
  // The lock's message says which process holds the embedded database and what to do.
  console.error(`seed:demo could not open the database.\n${(error as Error).message}`)
  process.exit(1)
}

try {
  await database.migrate()
  const catalog = await seedCatalogIfEmpty(database.db)
  if (catalog) console.log(`Seeded the tool catalog (${catalog.tools} tools).`)
  const result = await seedDemo(database.db, new Date(), { jobs: withJobs })
  if (!result.seeded) {
    console.log(`Demo data is already there (${result.stacks} demo stacks). Nothing changed.`)
  } else {
    console.log(
      `Added demo data: ${result.people} people, ${result.companies} companies, ${result.stacks} stacks ` +
        `(${result.stackTools} tools in all), ${result.reasons} reasons with ${result.votes} votes, ` +
        `${result.jobs} jobs.`,
    )
    if (!withJobs) console.log('Demo jobs are off in production: pass --allow-production to add them.')
    if (result.missingTools.length > 0) {
      console.log(`Skipped tools this catalog lacks: ${result.missingTools.join(', ')}.`)
    }
    console.log('Start the server (npm start) and look at /demo-acme-payments/payments-api or any tool page.')
  }
} catch (error) {
  console.error(`seed:demo failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await database.close()
}

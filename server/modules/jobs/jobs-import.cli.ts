// `npm run jobs:import -- <file|url> [--company "Name"]`: imports a job feed (schema.org JobPosting JSON-LD, a page
// holding it, Greenhouse or Lever job-board JSON) into the configured database.
// `npm run jobs:import -- --demo 200`: adds 200 demo jobs (server/modules/jobs/jobs-demo.ts).
import fs from 'node:fs'
import { openDatabase } from '../../db/client.ts'
import { readEnv } from '../../env.ts'
import { FeedError, parseJobFeed } from './job-feeds.ts'
import { seedDemoJobs } from './jobs-demo.ts'
import { importFeedJobs } from './jobs-import.service.ts'

const HELP = `Usage: npm run jobs:import -- <file|url> [--company "Company name"]
       npm run jobs:import -- --demo <count> [--allow-production]

Imports jobs for Stack Match from a schema.org JobPosting JSON-LD document (or a web page that
holds one), a Greenhouse job board (boards-api.greenhouse.io/v1/boards/{board}/jobs?content=true)
or a Lever postings list (api.lever.co/v0/postings/{company}?mode=json). Companies are created
when missing; tools are mapped from the title and description through the catalog's aliases.
Importing the same feed again updates its jobs. Lever feeds name no company: pass --company, or
the name is taken from the Lever URL.

--demo <count> adds demo jobs (marked is_demo, "Demo" companies). Refused when NODE_ENV is
production unless --allow-production is given.

Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (stop the server first).`

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.log(HELP)
  process.exit(args.length === 0 ? 1 : 0)
}

function option(name: string): string | undefined {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}

const env = readEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  await database.migrate()
  const demo = option('--demo')
  if (demo !== undefined) {
    if (env.NODE_ENV === 'production' && !args.includes('--allow-production')) {
      throw new FeedError('Refusing to add demo jobs in production (pass --allow-production to insist).')
    }
    const jobs = await seedDemoJobs(database.db, { count: Math.max(1, Number(demo) || 50) })
    console.log(`Added or refreshed ${jobs.length} demo jobs.`)
  } else {
    const source = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--company')!
    const text = /^https?:\/\//.test(source)
      ? await (await fetch(source, { headers: { accept: 'application/json, text/html' } })).text()
      : fs.readFileSync(source, 'utf8')
    const leverCompany = source.match(/lever\.co\/v0\/postings\/([^/?#]+)/)?.[1]
    const companyName = option('--company') ?? leverCompany
    const feed = parseJobFeed(text, { companyName })
    const summary = await importFeedJobs(database.db, feed.jobs, { companyName })
    console.log(
      `${feed.format}: ${summary.created} created, ${summary.updated} updated, ${summary.skipped} skipped, ` +
        `${summary.companiesCreated} companies created.`,
    )
    for (const job of summary.skippedJobs) console.log(`  skipped ${job.sourceKey}  ${job.title}: ${job.reason}`)
    for (const job of summary.jobs)
      console.log(`  /match/jobs/${job.slug}  ${job.title} (${job.company}, ${job.tools} tools)`)
  }
} catch (error) {
  console.error(error instanceof FeedError ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}

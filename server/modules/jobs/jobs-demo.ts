// Demo jobs for empty installations, the browser tests and the bench (issue 7): clearly marked (is_demo, 'Demo' in
// every job's company name and a description that says so) and never added unless asked: `npm start` does not call
// this; `npm run jobs:import -- --demo N` and `npm run seed:demo` (for the demo companies, server/db/seed/demo.ts)
// leave demo jobs out in production without --allow-production.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { tools } from '../../db/schema/index.ts'
import { saveJob } from './jobs.queries.ts'
import { findOrCreateCompany } from './jobs-import.service.ts'

export const DEMO_JOB_DESCRIPTION =
  'This is a demo job, generated so that Stack Match has something to show on a new installation. It is not a real opening.'

const ROLES = [
  'Frontend Engineer',
  'Backend Engineer',
  'Full Stack Developer',
  'Platform Engineer',
  'Data Engineer',
  'Site Reliability Engineer',
  'Mobile Developer',
  'Engineering Manager',
  'DevOps Engineer',
  'Machine Learning Engineer',
]
const LEVELS = ['', 'Senior ', 'Staff ', 'Junior ', 'Lead ']
const CITIES = [
  'Berlin',
  'London',
  'New York',
  'San Francisco',
  'Paris',
  'Amsterdam',
  'Toronto',
  'Lisbon',
  'Singapore',
  'Austin',
]
const COMPANIES = [
  'Demo Rocketship',
  'Demo Fintech Labs',
  'Demo Health Cloud',
  'Demo Games Studio',
  'Demo Data Works',
  'Demo Retail Tech',
]

/** A small deterministic generator, so two runs with one seed build the same jobs. */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

export interface DemoJobsOptions {
  count: number
  seed?: number
  /** Tools every job draws from: the most popular approved tools unless given. */
  toolIds?: number[]
  /** Tools every demo job holds (the browser tests use this to know what to search for). */
  alwaysToolIds?: number[]
  /**
   * The companies the jobs go to, in turn, each drawing its tools from its own list when it has one (seed:demo
   * passes the demo companies with their stacks' tools), and holding the company's `alwaysToolIds` in every job.
   * Without it, the generator's own Demo companies.
   */
  companies?: Array<{ id: number; slug: string; toolIds?: number[]; alwaysToolIds?: number[] }>
  /** Starts every job's source key and slug, so two sets of demo jobs never overwrite each other. */
  keyPrefix?: string
}

export async function seedDemoJobs(db: Db, options: DemoJobsOptions) {
  const random = seededRandom(options.seed ?? 7)
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!
  const sharedPool =
    options.toolIds ??
    (
      await db
        .select({ id: tools.id })
        .from(tools)
        .where(and(eq(tools.isApproved, true), eq(tools.isHidden, false), eq(tools.isPackage, false)))
        .orderBy(desc(tools.popularity))
        .limit(60)
    ).map((row) => row.id)
  const companyRows: NonNullable<DemoJobsOptions['companies']> = options.companies ?? []
  if (!options.companies) {
    for (const name of COMPANIES) {
      companyRows.push((await findOrCreateCompany(db, name, { isDemo: true })).company)
    }
  }
  const prefix = options.keyPrefix ?? 'demo'
  const created = []
  for (let index = 0; index < options.count; index++) {
    const company = options.companies ? companyRows[index % companyRows.length]! : pick(companyRows)
    const pool = company.toolIds?.length ? company.toolIds : sharedPool
    const toolCount = 2 + Math.floor(random() * 6)
    const chosen = new Set([...(options.alwaysToolIds ?? []), ...(company.alwaysToolIds ?? [])])
    // a small catalog may hold fewer tools than asked for: stop once the pool is used up
    const target = Math.min(toolCount, pool.length) + chosen.size
    for (let attempt = 0; chosen.size < target && attempt < 100; attempt++) chosen.add(pick(pool))
    const remote = random() < 0.3
    const freelance = random() < 0.15
    const city = pick(CITIES)
    const title = `${pick(LEVELS)}${pick(ROLES)}`
    const job = await saveJob(
      db,
      {
        slug: `${prefix}-${options.seed ?? 7}-${index + 1}-${company.slug}`,
        sourceKey: `${prefix}:${options.seed ?? 7}:${index + 1}`,
        title,
        companyId: company.id,
        applyUrl: null,
        city: remote ? null : city,
        location: remote ? 'Remote' : city,
        remote,
        fullTime: !freelance,
        freelance,
        description: DEMO_JOB_DESCRIPTION,
        postedAt: new Date(Date.now() - Math.floor(random() * 60) * 86_400_000 - index * 1000),
        isDemo: true,
      },
      [...chosen],
    )
    created.push(job)
  }
  return created
}

import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATCH_DEFAULT_TOOLS } from '#contracts/match.ts'
import { DEMO_JOB_DESCRIPTION } from '../../modules/jobs/jobs-demo.ts'
import { recomputePoints } from '../../modules/reasons/points.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import type { Db } from '../client.ts'
import {
  accounts,
  companies,
  companyMembers,
  jobs,
  jobTools,
  ownerHandles,
  reasons,
  reasonVotes,
  stacks,
  stackTools,
  tools,
  users,
} from '../schema/index.ts'
import { buildCatalog } from './catalog/build.ts'
import { seedCatalog } from './catalog/seed.ts'
import {
  DEMO_COMPANIES,
  DEMO_EMAIL_DOMAIN,
  DEMO_JOBS_PER_COMPANY,
  DEMO_REASONS,
  DEMO_STACKS,
  type DemoSeedResult,
  seedDemo,
} from './demo.ts'

let ctx: TestContext
let db: Db
let first: DemoSeedResult
let popularityBefore: Map<string, number>
let realUser: TestUser

/** The demo stacks name a tool this catalog leaves out, to show that missing tools are skipped. */
const LEFT_OUT = 'helm'

beforeAll(async () => {
  ctx = await createTestApp()
  db = ctx.app.db
  // The real catalog, cut down to the tools the demo data names (seeding all of it takes a minute here).
  const catalog = buildCatalog()
  const wanted = new Set([...DEMO_STACKS.flatMap((stack) => stack.tools), ...DEMO_REASONS.map((r) => r.tool)])
  wanted.delete(LEFT_OUT)
  await seedCatalog(db, { ...catalog, tools: catalog.tools.filter((tool) => wanted.has(tool.slug)) })
  popularityBefore = await popularityBySlug()
  // A real person already has one of the demo handles: the demo person must take another.
  realUser = await buildUser(ctx.app, { username: 'demo-ada' })
  // ...and already gave one of the demo reasons: it stays theirs, without demo votes.
  const [redis] = await db.select({ id: tools.id }).from(tools).where(eq(tools.slug, 'redis'))
  await db.insert(reasons).values({ toolId: redis!.id, userId: realUser.id, text: 'Blazing fast in-memory reads' })
  first = await seedDemo(db)
}, 120_000)

afterAll(() => ctx?.close())

async function popularityBySlug() {
  const rows = await db.select({ slug: tools.slug, popularity: tools.popularity }).from(tools)
  return new Map(rows.map((row) => [row.slug, row.popularity]))
}

/** The rows of a raw query (node-postgres and PGlite wrap them differently). */
async function queryRows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows
}

async function demoCounts() {
  const [row] = await queryRows<Record<string, number>>(sql`
    select
      (select count(*)::int from ${users} where ${users.isDemo}) as people,
      (select count(*)::int from ${companies} where ${companies.isDemo}) as companies,
      (select count(*)::int from ${stacks} where ${stacks.isDemo}) as stacks,
      (select count(*)::int from ${stackTools}) as stack_tools,
      (select count(*)::int from ${reasons}) as reasons,
      (select count(*)::int from ${reasonVotes}) as votes,
      (select count(*)::int from ${jobs}) as jobs,
      (select count(*)::int from ${jobTools}) as job_tools`)
  return row!
}

async function countRows(query: SQL): Promise<number> {
  const [row] = await queryRows<{ count: number }>(sql`select count(*)::int as count from (${query}) as counted`)
  return row!.count
}

describe('seedDemo', () => {
  it('adds 12 people, 6 companies and 20 stacks, all marked as demo', async () => {
    expect(first).toMatchObject({ seeded: true, people: 12, companies: 6, stacks: 20, missingTools: [LEFT_OUT] })
    expect(await demoCounts()).toMatchObject({ people: 12, companies: 6, stacks: 20 })
    const companyNames = await db.select({ name: companies.name }).from(companies).where(eq(companies.isDemo, true))
    expect(companyNames.every((company) => company.name.startsWith('Demo: '))).toBe(true)
    const people = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.isDemo, true))
    expect(people.every((person) => person.name.endsWith('(Demo)'))).toBe(true)
    expect(people.every((person) => person.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true)
    const stackRows = await db.select({ description: stacks.description }).from(stacks).where(eq(stacks.isDemo, true))
    expect(stackRows.every((stack) => stack.description?.startsWith('Demo stack.'))).toBe(true)
  })

  it('gives every demo person a handle and no sign-in account, taking another handle when one is used', async () => {
    const demoIds = (await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true))).map((u) => u.id)
    const handles = await db.select().from(ownerHandles).where(inArray(ownerHandles.userId, demoIds))
    expect(handles).toHaveLength(12)
    expect(handles.map((handle) => handle.slug)).toContain('demo-ada-2')
    expect(await db.select().from(accounts).where(inArray(accounts.userId, demoIds))).toEqual([])
    const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: `demo-ben@${DEMO_EMAIL_DOMAIN}`,
      password: 'correct-horse-battery',
    })
    expect(signIn.status).toBe(401)
  })

  it('puts members in every company, the first one its admin', async () => {
    const rows = await db
      .select({ companyId: companyMembers.companyId, role: companyMembers.role })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companies.isDemo, true))
    const byCompany = new Map<number, typeof rows>()
    for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row])
    expect(byCompany.size).toBe(6)
    for (const members of byCompany.values()) {
      expect(members.length).toBeGreaterThanOrEqual(2)
      expect(members.filter((member) => member.role === 'admin')).toHaveLength(1)
    }
  })

  it('shows the demo stacks and companies through the API, skipping tools the catalog lacks', async () => {
    const visitor = new TestClient(ctx.app)
    const stack = await visitor.get('/api/v1/stacks/demo-acme-payments/payments-api')
    expect(stack.status).toBe(200)
    expect(stack.body).toMatchObject({ name: 'Payments API', owner: { name: 'Demo: Acme Payments' } })
    const listed = DEMO_STACKS.find((candidate) => candidate.name === 'Payments API')!.tools
    expect(stack.body.tools_count).toBe(listed.filter((slug) => slug !== LEFT_OUT).length)
    const company = await visitor.get('/api/v1/companies/demo-acme-payments')
    expect(company.body.stacks.map((summary: { name: string }) => summary.name).sort()).toEqual([
      'Merchant Dashboard',
      'Payments API',
    ])
    const tool = await visitor.get('/api/v1/tools/postgresql')
    expect(tool.body.tool.stacks.length).toBeGreaterThan(0)
  })

  it('posts marked demo jobs for every demo company, asking for tools of its own stacks', async () => {
    expect(first.jobs).toBe(DEMO_JOBS_PER_COMPANY * DEMO_COMPANIES.length)
    const rows = await db
      .select({ job: jobs, companyName: companies.name, companyDemo: companies.isDemo })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
    expect(rows).toHaveLength(first.jobs)
    const perCompany = new Map<string, number>()
    for (const { job, companyName, companyDemo } of rows) {
      expect(job).toMatchObject({ isDemo: true, description: DEMO_JOB_DESCRIPTION })
      expect(companyDemo).toBe(true)
      expect(companyName.startsWith('Demo: ')).toBe(true)
      expect(job.toolIds.length).toBeGreaterThanOrEqual(2)
      perCompany.set(companyName, (perCompany.get(companyName) ?? 0) + 1)
      // the tools come from the company's own stacks, and job_tool holds exactly job.tool_ids
      const stackSlugs = new Set(
        DEMO_STACKS.filter((stack) => 'company' in stack.owner && stack.owner.company === companyName).flatMap(
          (stack) => stack.tools,
        ),
      )
      const jobToolRows = await db
        .select({ toolId: jobTools.toolId, slug: tools.slug })
        .from(jobTools)
        .innerJoin(tools, eq(tools.id, jobTools.toolId))
        .where(eq(jobTools.jobId, job.id))
      expect(jobToolRows.map((row) => row.toolId).sort((a, b) => a - b)).toEqual(job.toolIds)
      expect(jobToolRows.every((row) => stackSlugs.has(row.slug))).toBe(true)
    }
    expect([...perCompany.values()]).toEqual(DEMO_COMPANIES.map(() => DEMO_JOBS_PER_COMPANY))

    // Stack Match finds them, marked as demo, and their pages show
    const visitor = new TestClient(ctx.app)
    const match = await visitor.get('/api/v1/match/jobs?selectedTools=postgresql&searchOperator=OR')
    expect(match.status).toBe(200)
    expect(match.body.total).toBeGreaterThan(0)
    expect(match.body.jobs.every((job: { is_demo: boolean }) => job.is_demo)).toBe(true)
    const page = await visitor.get(match.body.jobs[0].canonical_url.replace('/match/jobs/', '/api/v1/jobs/'))
    expect(page.status).toBe(200)
    expect(page.body.job.description).toBe(DEMO_JOB_DESCRIPTION)

    // Stack Match's first view (React and Node.js, both required, exact match) finds demo jobs holding both
    const defaults = MATCH_DEFAULT_TOOLS.join('--')
    const firstView = await visitor.get(
      `/api/v1/match/jobs?selectedTools=${defaults}&requiredTools=${defaults}&searchOperator=AND`,
    )
    expect(firstView.status).toBe(200)
    expect(firstView.body.total).toBeGreaterThanOrEqual(DEMO_JOBS_PER_COMPANY)
  })

  it('keeps stacks_count, votes_count and votes_total equal to the rows behind them', async () => {
    const toolsWithWrongStacksCount = await countRows(sql`
      select 1 from ${tools} where ${tools.stacksCount} <> (
        select count(*) from ${stackTools} join ${stacks} on ${stacks.id} = ${stackTools.stackId}
        where ${stackTools.toolId} = ${tools.id} and not ${stacks.isPrivate})`)
    expect(toolsWithWrongStacksCount).toBe(0)
    const reasonsWithWrongTotal = await countRows(sql`
      select 1 from ${reasons} where ${reasons.votesTotal} <> (
        select coalesce(sum(${reasonVotes.value}), 0) from ${reasonVotes} where ${reasonVotes.reasonId} = ${reasons.id})`)
    expect(reasonsWithWrongTotal).toBe(0)
    const toolsWithWrongVotesCount = await countRows(sql`
      select 1 from ${tools} where ${tools.votesCount} <> (
        select coalesce(sum(${reasons.votesTotal}), 0) from ${reasons} where ${reasons.toolId} = ${tools.id})`)
    expect(toolsWithWrongVotesCount).toBe(0)
    expect(first.reasons).toBe(DEMO_REASONS.length - 1)
    expect(first.votes).toBeGreaterThan(first.reasons * 3 - 1)
  })

  it('gives demo authors the points of their reasons, in the ledger (decision 018)', async () => {
    const [author] = await db
      .select({ id: users.id, popularity: users.popularity })
      .from(users)
      .innerJoin(reasons, eq(reasons.userId, users.id))
      .where(eq(users.isDemo, true))
      .limit(1)
    expect(author!.popularity).toBeGreaterThan(1)
    // a point per reason plus one per up-vote from someone else
    const [expected] = await queryRows<{ total: number }>(sql`
      select (select count(*) from ${reasons} where ${reasons.userId} = ${author!.id})
        + (select count(*) from ${reasonVotes} join ${reasons} on ${reasons.id} = ${reasonVotes.reasonId}
           where ${reasons.userId} = ${author!.id} and ${reasonVotes.value} = 1
             and ${reasonVotes.userId} <> ${author!.id}) as total`)
    expect(author!.popularity).toBe(Number(expected!.total))
    expect(await recomputePoints(db)).toBe(0)
  })

  it('moves tool popularity: PostgreSQL gains 10 per stack plus its votes', async () => {
    const after = await popularityBySlug()
    const [postgres] = await db
      .select({ stacksCount: tools.stacksCount, votesCount: tools.votesCount })
      .from(tools)
      .where(eq(tools.slug, 'postgresql'))
    expect(postgres!.stacksCount).toBe(DEMO_STACKS.filter((stack) => stack.tools.includes('postgresql')).length)
    expect(postgres!.votesCount).toBeGreaterThan(0)
    expect(after.get('postgresql')).toBe(
      popularityBefore.get('postgresql')! + 10 * postgres!.stacksCount + postgres!.votesCount,
    )
  })

  it('does nothing the second time and says so', async () => {
    const before = await demoCounts()
    const popularity = await popularityBySlug()
    const second = await seedDemo(db)
    expect(second).toMatchObject({ seeded: false, people: 0, stacks: 20 })
    expect(await demoCounts()).toEqual(before)
    expect(await popularityBySlug()).toEqual(popularity)
  })

  it('leaves the demo jobs out when asked to (seed:demo in production without --allow-production)', async () => {
    const fresh = await createTestApp()
    try {
      const result = await seedDemo(fresh.app.db, new Date(), { jobs: false })
      expect(result).toMatchObject({ seeded: true, companies: 6, jobs: 0 })
      expect(await fresh.app.db.$count(jobs)).toBe(0)
    } finally {
      await fresh.close()
    }
  })

  it('leaves a reason a real person already gave alone', async () => {
    const [reason] = await db
      .select({ votesTotal: reasons.votesTotal, userId: reasons.userId })
      .from(reasons)
      .innerJoin(tools, eq(tools.id, reasons.toolId))
      .where(and(eq(tools.slug, 'redis'), eq(reasons.text, 'Blazing fast in-memory reads')))
    expect(reason).toEqual({ votesTotal: 0, userId: realUser.id })
  })
})

import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HTTP_URL_INVALID } from '#contracts/urls.ts'
import { companies, jobs } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCatalogTool } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { parseJobFeed } from './job-feeds.ts'
import { DEMO_JOB_DESCRIPTION, seedDemoJobs } from './jobs-demo.ts'
import { importFeedJobs } from './jobs-import.service.ts'

let ctx: TestContext
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const slugs: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestApp()
  for (const [name, alias] of [
    ['Node.js', 'nodejs'],
    ['PostgreSQL', 'postgresql'],
    ['Redis', 'redis'],
    ['React', 'react'],
    ['TypeScript', 'typescript'],
    ['Kubernetes', 'kubernetes'],
    ['Python', 'python'],
  ] as const) {
    const tool = await buildCatalogTool(ctx.app.db, { name, aliases: [{ kind: 'name', alias }] })
    slugs[name] = tool.slug
  }
})
afterAll(() => ctx.close())

async function jobTools(slug: string) {
  const response = await new TestClient(ctx.app).get(`/api/v1/jobs/${slug}`)
  expect(response.status).toBe(200)
  return (response.body.job.stack as Array<{ name: string }>).map((tool) => tool.name).sort()
}

describe('jobs import', () => {
  it('imports a Greenhouse board: company created, HTML unescaped, tools mapped, contract read as freelance', async () => {
    const feed = parseJobFeed(fixture('greenhouse-jobs.json'))
    expect(feed.format).toBe('greenhouse')
    const summary = await importFeedJobs(ctx.app.db, feed.jobs)
    expect(summary).toMatchObject({ created: 2, updated: 0, companiesCreated: 1 })
    const [backend, frontend] = summary.jobs
    expect(await jobTools(backend!.slug)).toEqual(['Node.js', 'PostgreSQL', 'Redis'])
    expect(await jobTools(frontend!.slug)).toEqual(['React', 'TypeScript'])
    const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.slug, frontend!.slug))
    expect(row).toMatchObject({ remote: true, freelance: true, fullTime: false, city: null })
    const [backendRow] = await ctx.app.db.select().from(jobs).where(eq(jobs.slug, backend!.slug))
    expect(backendRow).toMatchObject({ city: 'Berlin', location: 'Berlin, Germany', fullTime: true })
    expect(backendRow!.description).toContain('We build our API with Node.js and PostgreSQL.')
    // the feed's Industry and Tags fields became the company's tags, cleaned as the company form would take them
    const [company] = await ctx.app.db.select().from(companies).where(eq(companies.name, 'Acme Feed Co'))
    expect(company!.tagList).toEqual(['Logistics', 'E-commerce', 'retail', 'a-very-long-tag-that-goes-beyo'])
    // and Stack Match shows them and finds the jobs by them (the jobs' search documents hold the tags)
    const found = await new TestClient(ctx.app).get('/api/v1/match/jobs?jobSearch=logistics')
    expect(found.body.jobs.map((job: { company_tag_list: string[] }) => job.company_tag_list)).toEqual([
      company!.tagList,
      company!.tagList,
    ])
  })

  it('updates instead of duplicating when the same feed is imported again', async () => {
    // tags an admin gave the company stay: the feed's fill only a company without any
    await ctx.app.db
      .update(companies)
      .set({ tagList: ['Own Tag'] })
      .where(eq(companies.name, 'Acme Feed Co'))
    const again = await importFeedJobs(ctx.app.db, parseJobFeed(fixture('greenhouse-jobs.json')).jobs)
    expect(again).toMatchObject({ created: 0, updated: 2, companiesCreated: 0 })
    expect(await ctx.app.db.$count(companies, eq(companies.name, 'Acme Feed Co'))).toBe(1)
    const [company] = await ctx.app.db.select().from(companies).where(eq(companies.name, 'Acme Feed Co'))
    expect(company!.tagList).toEqual(['Own Tag'])
  })

  it('imports Lever postings under the company given, lists included', async () => {
    const feed = parseJobFeed(fixture('lever-postings.json'), { companyName: 'Lever Feed Ltd' })
    expect(feed.format).toBe('lever')
    const summary = await importFeedJobs(ctx.app.db, feed.jobs, { companyName: 'Lever Feed Ltd' })
    expect(summary).toMatchObject({ created: 1, companiesCreated: 1 })
    expect(await jobTools(summary.jobs[0]!.slug)).toEqual(['Kubernetes', 'PostgreSQL', 'Redis'])
    const [company] = await ctx.app.db.select().from(companies).where(eq(companies.name, 'Lever Feed Ltd'))
    expect(company!.tagList).toEqual(['B2B SaaS', 'Developer Tools'])
    const found = await new TestClient(ctx.app).get(
      `/api/v1/match/jobs?selectedTools=${slugs.Kubernetes}&location=london`,
    )
    expect(found.body.jobs.map((job: { title: string }) => job.title)).toEqual(['Platform Engineer'])
  })

  it('imports schema.org JobPosting JSON-LD from a page, with its terms and dates', async () => {
    const feed = parseJobFeed(fixture('job-posting.jsonld.html'))
    expect(feed.format).toBe('json-ld')
    const summary = await importFeedJobs(ctx.app.db, feed.jobs)
    expect(summary).toMatchObject({ created: 1, companiesCreated: 1 })
    const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.slug, summary.jobs[0]!.slug))
    expect(row).toMatchObject({
      title: 'Data Engineer',
      city: 'Paris',
      fullTime: true,
      freelance: true,
      applyUrl: 'https://ldfeed.example/jobs/de-42',
    })
    expect(row!.expiresAt?.getUTCFullYear()).toBe(2099)
    expect(await jobTools(summary.jobs[0]!.slug)).toEqual(['PostgreSQL', 'Python'])
    const [company] = await ctx.app.db.select().from(companies).where(eq(companies.name, 'LD Feed Corp'))
    expect(company!.tagList).toEqual(['Data', 'Analytics', 'Financial Services'])
  })

  it('skips a job whose apply URL is not http(s) or whose text PostgreSQL cannot store, with its reason, and imports the rest', async () => {
    const board = {
      jobs: [
        {
          id: 1,
          title: 'Script Kiddie',
          company_name: 'Unsafe Feed Co',
          absolute_url: 'javascript:alert(document.cookie)',
        },
        {
          id: 2,
          title: 'Data Person',
          company_name: 'Unsafe Feed Co',
          absolute_url: 'data:text/html,<script>1</script>',
        },
        {
          id: 3,
          title: 'Nul\u0000 Engineer',
          company_name: 'Unsafe Feed Co',
          absolute_url: 'https://unsafe.example/3',
        },
        {
          id: 4,
          title: 'Entity Engineer',
          company_name: 'Unsafe Feed Co',
          content: 'Broken &#99999999; and &#0; here',
        },
        { id: 5, title: 'Real Engineer', company_name: 'Unsafe Feed Co', absolute_url: 'https://unsafe.example/5' },
      ],
    }
    const summary = await importFeedJobs(ctx.app.db, parseJobFeed(JSON.stringify(board)).jobs)
    expect(summary).toMatchObject({ created: 1, skipped: 4 })
    expect(summary.jobs.map((job) => job.title)).toEqual(['Real Engineer'])
    expect(summary.skippedJobs).toEqual([
      { sourceKey: 'greenhouse:1', title: 'Script Kiddie', reason: `apply URL ${HTTP_URL_INVALID}` },
      { sourceKey: 'greenhouse:2', title: 'Data Person', reason: `apply URL ${HTTP_URL_INVALID}` },
      { sourceKey: 'greenhouse:3', title: 'Nul\u0000 Engineer', reason: 'title must not contain the NUL character' },
      { sourceKey: 'greenhouse:4', title: 'Entity Engineer', reason: 'description must not contain the NUL character' },
    ])
    expect(await ctx.app.db.$count(jobs, eq(jobs.title, 'Script Kiddie'))).toBe(0)
  })

  it("keeps a JSON-LD job but drops its company's website when that is not http(s)", async () => {
    const posting = {
      '@type': 'JobPosting',
      title: 'Website Engineer',
      url: 'https://scheme.example/jobs/1',
      hiringOrganization: { name: 'Scheme Feed Co', sameAs: 'javascript:alert(1)' },
    }
    const summary = await importFeedJobs(ctx.app.db, parseJobFeed(JSON.stringify(posting)).jobs)
    expect(summary).toMatchObject({ created: 1, skipped: 0 })
    const [company] = await ctx.app.db.select().from(companies).where(eq(companies.name, 'Scheme Feed Co'))
    expect(company!.websiteUrl).toBeNull()
  })

  it('skips jobs with no company and refuses text that is no feed', async () => {
    const lever = parseJobFeed(fixture('lever-postings.json'))
    expect(await importFeedJobs(ctx.app.db, lever.jobs)).toMatchObject({ created: 0, skipped: 1 })
    expect(() => parseJobFeed('{"hello": 1}')).toThrow(/No JobPosting/)
  })
})

describe('demo jobs', () => {
  it('builds the same marked demo jobs for one seed, and a second run only refreshes them', async () => {
    const first = await seedDemoJobs(ctx.app.db, { count: 5, seed: 11 })
    const second = await seedDemoJobs(ctx.app.db, { count: 5, seed: 11 })
    expect(second.map((job) => job.slug)).toEqual(first.map((job) => job.slug))
    expect(first.every((job) => job.isDemo && job.description === DEMO_JOB_DESCRIPTION)).toBe(true)
    expect(await ctx.app.db.$count(jobs, eq(jobs.isDemo, true))).toBe(5)
  })
})

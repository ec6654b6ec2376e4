// The sitemap index and its sitemaps: valid against the protocol's schemas, every public page at its canonical
// address with its last change, nothing private (private stacks, private-mode companies, their stacks and jobs,
// pending and hidden tools, closed jobs), a change in the very next answer, and addresses escaped.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, stacks, tools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCatalogTool, buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/harness.ts'
import { connectGithub, insertCompany, insertReason } from '../../test/stack-fixtures.ts'
import { hasXmllint, SITEINDEX_XSD, SITEMAP_XSD, schemaErrors } from '../../test/xml-schema.ts'
import { saveJob } from '../jobs/jobs.queries.ts'
import { SITEMAP_PAGE_SIZE } from './sitemaps.queries.ts'
import { forgetSitemapIndex, STACKUP_PAIRS_MAX } from './sitemaps.service.ts'

let ctx: TestContext
let visitor: TestClient
let owner: TestUser
const OLD = new Date('2020-01-02T03:04:05.678Z')
const data = {} as {
  react: typeof tools.$inferSelect
  vue: typeof tools.$inferSelect
  svelte: typeof tools.$inferSelect
  pending: typeof tools.$inferSelect
  hidden: typeof tools.$inferSelect
  packaged: typeof tools.$inferSelect
  otherCategory: typeof tools.$inferSelect
  open: typeof companies.$inferSelect
  closed: typeof companies.$inferSelect
  userStack: typeof stacks.$inferSelect
  privateUserStack: typeof stacks.$inferSelect
  companyStack: typeof stacks.$inferSelect
  privateCompanyStack: typeof stacks.$inferSelect
  closedCompanyStack: typeof stacks.$inferSelect
  farStack: typeof stacks.$inferSelect
}

beforeAll(async () => {
  ctx = await createTestApp()
  visitor = new TestClient(ctx.app)
  const db = ctx.app.db
  owner = await buildUser(ctx.app, { username: 'sitemapper' })
  await connectGithub(db, owner.id)

  const frontend = { category: 'seo-frontend', layer: 'seo-layer' }
  data.react = await buildCatalogTool(db, { ...frontend, slug: 'react', name: 'React', seedPopularity: 900 })
  data.vue = await buildCatalogTool(db, { ...frontend, slug: 'vue', name: 'Vue', seedPopularity: 800 })
  data.svelte = await buildCatalogTool(db, { ...frontend, slug: 'svelte', name: 'Svelte', seedPopularity: 700 })
  data.pending = await buildCatalogTool(db, {
    ...frontend,
    slug: 'pending-framework',
    seedPopularity: 5000,
    isApproved: false,
    submittedForApprovalAt: new Date(),
  })
  data.hidden = await buildCatalogTool(db, {
    ...frontend,
    slug: 'hidden-framework',
    seedPopularity: 4000,
    isHidden: true,
  })
  data.packaged = await buildCatalogTool(db, {
    ...frontend,
    slug: 'npm-frontend-kit',
    seedPopularity: 3000,
    isPackage: true,
  })
  data.otherCategory = await buildCatalogTool(db, {
    category: 'seo-databases',
    slug: 'postgresql',
    seedPopularity: 950,
  })
  // a category whose only tool is pending has no listed page
  await buildCatalogTool(db, { category: 'seo-pending-only', slug: 'lonely-pending', isApproved: false })

  data.open = await insertCompany(db, { name: 'Open Corp', admins: [owner] })
  data.closed = await insertCompany(db, { name: 'Closed Corp', admins: [owner], privateMode: true })

  data.userStack = await buildStack(db, { ownerUserId: owner.id, slug: 'side-project', tools: [data.react] })
  data.privateUserStack = await buildStack(db, { ownerUserId: owner.id, slug: 'secret-project', isPrivate: true })
  data.companyStack = await buildStack(db, { ownerCompanyId: data.open.id, slug: 'web-app', tools: [data.vue] })
  data.privateCompanyStack = await buildStack(db, { ownerCompanyId: data.open.id, slug: 'internal', isPrivate: true })
  data.closedCompanyStack = await buildStack(db, { ownerCompanyId: data.closed.id, slug: 'platform' })
  // past the first page of ids: the second stacks sitemap
  data.farStack = await buildStack(db, { id: SITEMAP_PAGE_SIZE + 7, ownerUserId: owner.id, slug: 'far-away' })

  await saveJob(db, { title: 'Open Role', slug: 'open-role', companyId: data.open.id }, [data.react.id])
  await saveJob(
    db,
    { title: 'Later Role', slug: 'later-role', companyId: data.open.id, expiresAt: new Date(Date.now() + 86_400_000) },
    [],
  )
  await saveJob(
    db,
    { title: 'Closed Role', slug: 'closed-role', companyId: data.open.id, expiresAt: new Date(Date.now() - 1000) },
    [],
  )
  await saveJob(db, { title: 'Hidden Role', slug: 'hidden-role', companyId: data.closed.id }, [])
  await insertReason(db, data.react.id, 'Fast to learn')
})
afterAll(() => ctx.close())

const url = (path: string) => `${TEST_ORIGIN}${path}`
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!)

/** Each <url> or <sitemap> as loc and lastmod. */
function entriesOf(xml: string): Map<string, string | null> {
  const entries = new Map<string, string | null>()
  for (const match of xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)) {
    entries.set(match[1]!, match[2] ?? null)
  }
  return entries
}

/** The index and every sitemap it names, each checked against its schema: the sitemaps' entries by address. */
async function crawl() {
  const index = await visitor.get('/sitemap.xml')
  expect(index.status).toBe(200)
  if (hasXmllint) expect(schemaErrors(index.body, SITEINDEX_XSD)).toBe('')
  const sitemaps = entriesOf(index.body)
  const pages = new Map<string, string | null>()
  for (const loc of sitemaps.keys()) {
    expect(loc.startsWith(url('/sitemaps/'))).toBe(true)
    const sitemap = await visitor.get(loc.slice(TEST_ORIGIN.length))
    expect(sitemap.status).toBe(200)
    if (hasXmllint) expect(schemaErrors(sitemap.body, SITEMAP_XSD)).toBe('')
    for (const [page, lastmod] of entriesOf(sitemap.body)) {
      expect(pages.has(page)).toBe(false)
      pages.set(page, lastmod)
    }
  }
  return { index: index.body as string, sitemaps, pages }
}

describe('GET /sitemap.xml', () => {
  it('answers 200 with an index of the sitemaps that list something, each with its newest change', async () => {
    const response = await visitor.get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=300')
    const { sitemaps, pages } = await crawl()
    expect([...sitemaps.keys()]).toEqual(
      ['pages-1', 'tools-1', 'stackups-1', 'stacks-1', 'stacks-2', 'companies-1', 'jobs-1'].map((name) =>
        url(`/sitemaps/${name}.xml`),
      ),
    )
    // the index's lastmod of a sitemap is the newest lastmod among its pages
    const stacksPage = await visitor.get('/sitemaps/stacks-1.xml')
    const newest = [...entriesOf(stacksPage.body).values()].sort().at(-1)
    expect(sitemaps.get(url('/sitemaps/stacks-1.xml'))).toBe(newest)
    for (const lastmod of [...sitemaps.values(), ...pages.values()]) {
      if (lastmod !== null) expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    }
  })

  it('answers 304 to a crawler that has the same answer', async () => {
    const first = await visitor.get('/sitemap.xml')
    const again = await visitor.get('/sitemap.xml', { 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
  })
})

describe('the sitemaps', () => {
  it('list every public page at its canonical address, with the row updated_at as lastmod', async () => {
    const { pages } = await crawl()
    expect([...pages.keys()]).toEqual(
      expect.arrayContaining(
        [
          '/',
          '/tools',
          '/categories/seo-frontend',
          '/categories/seo-databases',
          '/pros-and-cons',
          '/match',
          '/tools/react',
          '/tools/vue',
          '/tools/npm-frontend-kit',
          '/tools/postgresql',
          '/sitemapper/side-project',
          '/sitemapper/far-away',
          `/${data.open.slug}/web-app`,
          `/companies/${data.open.slug}`,
          '/match/jobs/open-role',
          '/match/jobs/later-role',
        ].map(url),
      ),
    )
    const [react] = await ctx.app.db.select().from(tools).where(eq(tools.id, data.react.id))
    expect(pages.get(url('/tools/react'))).toBe(react!.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'))
    const stacksTwo = await visitor.get('/sitemaps/stacks-2.xml')
    expect(locsOf(stacksTwo.body)).toEqual([url('/sitemapper/far-away')])
  })

  it("list a public tool's alternatives page beside its page, but not a package's nor an unlisted tool's", async () => {
    const { pages } = await crawl()
    expect(pages.get(url('/tools/react/alternatives'))).toBe(pages.get(url('/tools/react')))
    expect(pages.has(url('/tools/postgresql/alternatives'))).toBe(true)
    expect(pages.has(url('/tools/npm-frontend-kit/alternatives'))).toBe(false)
    expect([...pages.keys()].join('\n')).not.toContain('/tools/pending-framework')
  })

  it('never list private stacks, private-mode companies and their stacks and jobs, unlisted tools, closed jobs', async () => {
    const { pages } = await crawl()
    const listed = [...pages.keys()].join('\n')
    for (const absent of [
      '/sitemapper/secret-project',
      `/${data.open.slug}/internal`,
      `/${data.closed.slug}/platform`,
      `/companies/${data.closed.slug}`,
      '/tools/pending-framework',
      '/tools/hidden-framework',
      '/tools/lonely-pending',
      '/categories/seo-pending-only',
      '/match/jobs/closed-role',
      '/match/jobs/hidden-role',
      'pending-framework',
      'hidden-framework',
    ]) {
      expect(listed).not.toContain(absent)
    }
    // profiles are not listed (decision 043): only stacks and companies sit at the root
    expect(pages.has(url('/sitemapper'))).toBe(false)
  })

  it('list the stackups of popular tools with their alternatives, in canonical order, without unlisted tools', async () => {
    const response = await visitor.get('/sitemaps/stackups-1.xml')
    expect(response.status).toBe(200)
    expect(locsOf(response.body)).toEqual(
      ['/stackups/react-vs-svelte', '/stackups/react-vs-vue', '/stackups/svelte-vs-vue'].map(url),
    )
  })

  it('list a stack made public in the very next answer, and its lastmod and then the index lastmod move', async () => {
    const db = ctx.app.db
    const stack = await buildStack(db, { ownerUserId: owner.id, slug: 'coming-out', isPrivate: true, updatedAt: OLD })
    const address = url('/sitemapper/coming-out')
    expect(entriesOf((await visitor.get('/sitemaps/stacks-1.xml')).body).has(address)).toBe(false)

    forgetSitemapIndex(ctx.app.db)
    const before = (await crawl()).sitemaps.get(url('/sitemaps/stacks-1.xml'))
    const updated = await owner.client.post('/api/v1/stacks/update', { stack: { id: stack.id, private: false } })
    expect(updated.status).toBe(200)
    const { sitemaps, pages } = await crawl()
    const lastmod = pages.get(address)
    expect(lastmod).toBeDefined()
    expect(lastmod! > '2020-01-02T03:04:05Z').toBe(true)
    // the index is kept a minute per instance (SITEMAP_INDEX_TTL_MS), then shows the change
    expect(sitemaps.get(url('/sitemaps/stacks-1.xml'))).toBe(before)
    forgetSitemapIndex(ctx.app.db)
    expect((await crawl()).sitemaps.get(url('/sitemaps/stacks-1.xml'))).toBe(lastmod)

    await db.update(stacks).set({ isPrivate: true }).where(eq(stacks.id, stack.id))
    expect(entriesOf((await visitor.get('/sitemaps/stacks-1.xml')).body).has(address)).toBe(false)
  })

  it('drop a company and its stacks once it turns on private mode', async () => {
    const db = ctx.app.db
    const company = await insertCompany(db, { name: 'Soon Private' })
    await buildStack(db, { ownerCompanyId: company.id, slug: 'api' })
    const before = (await crawl()).pages
    expect(before.has(url(`/companies/${company.slug}`))).toBe(true)
    expect(before.has(url(`/${company.slug}/api`))).toBe(true)
    await db.update(companies).set({ privateMode: true }).where(eq(companies.id, company.id))
    const after = (await crawl()).pages
    expect(after.has(url(`/companies/${company.slug}`))).toBe(false)
    expect(after.has(url(`/${company.slug}/api`))).toBe(false)
  })

  it('percent-encode and entity-escape an address whatever a slug holds', async () => {
    await buildTool(ctx.app.db, { slug: `a&b<c>"d'é` })
    const response = await visitor.get('/sitemaps/tools-1.xml')
    expect(response.body).toContain(`<loc>${TEST_ORIGIN}/tools/a%26b%3Cc%3E%22d&apos;%C3%A9</loc>`)
    if (hasXmllint) expect(schemaErrors(response.body, SITEMAP_XSD)).toBe('')
  })

  it('answer 404 for a sitemap that does not exist or lists nothing', async () => {
    for (const file of [
      'stacks-0.xml',
      'stacks-3.xml',
      'stacks-99999999.xml',
      'stackups-2.xml',
      'pages-2.xml',
      'profiles-1.xml',
      'stacks-1.json',
      'stacks-01.xml',
      'stacks-1.xml.gz',
    ]) {
      const response = await visitor.get(`/sitemaps/${file}`)
      expect(response.status, file).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }
  })
})

describe('the stackups of popular pairs', () => {
  it(`stop at ${STACKUP_PAIRS_MAX} pairs, those of the most popular tools together`, async () => {
    // one category of a thousand tools: 21 pairs among its seven most popular, then six for each other tool
    await ctx.app.db.execute(sql`insert into "tool" ("slug", "name", "category_id", "seed_popularity")
      select 'bulk-' || g, 'Bulk ' || g, (select "id" from "category" where "slug" = 'seo-frontend'), 10000 + g
      from generate_series(1, 1000) as g`)
    const response = await visitor.get('/sitemaps/stackups-1.xml')
    const listed = locsOf(response.body)
    expect(listed).toHaveLength(STACKUP_PAIRS_MAX)
    expect(listed).toContain(url('/stackups/bulk-1000-vs-bulk-999'))
    // the least popular tool's pairs are the first to go
    expect(listed.some((loc) => /\/stackups\/bulk-1-vs-|-vs-bulk-1$/.test(loc))).toBe(false)
    if (hasXmllint) expect(schemaErrors(response.body, SITEMAP_XSD)).toBe('')
  })
})

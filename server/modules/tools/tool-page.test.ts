import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolPageResponse } from '#contracts/tool-page.ts'
import { TOOL_PAGE_COUNT_CAP, TOOL_PAGE_REASONS_COUNT } from '#contracts/tool-page-meta.ts'
import { companies, reasons, reasonVotes, toolAliases } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCatalogTool, buildCompany, buildStack, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { saveJob } from '../jobs/jobs.queries.ts'

let ctx: TestContext
let visitor: TestClient
let author: TestUser
type ToolRow = Awaited<ReturnType<typeof buildCatalogTool>>
let vue: ToolRow
let svelte: ToolRow
let angular: ToolRow
let ember: ToolRow

async function addReason(tool: ToolRow, text: string, isCon: boolean, votesTotal: number, userId: number | null) {
  const [row] = await ctx.app.db
    .insert(reasons)
    .values({ toolId: tool.id, text, isCon, votesTotal, userId })
    .returning()
  return row!
}

beforeAll(async () => {
  ctx = await createTestApp()
  visitor = new TestClient(ctx.app)
  const db = ctx.app.db
  author = await buildUser(ctx.app, { username: 'reasonauthor' })
  vue = await buildCatalogTool(db, { name: 'Vue', slug: 'vue', seedPopularity: 800, category: 'js-frameworks' })
  svelte = await buildCatalogTool(db, {
    name: 'Svelte',
    slug: 'svelte',
    seedPopularity: 500,
    category: 'js-frameworks',
  })
  angular = await buildCatalogTool(db, {
    name: 'Angular',
    slug: 'angular',
    seedPopularity: 900,
    category: 'js-frameworks',
  })
  ember = await buildCatalogTool(db, { name: 'Ember', slug: 'ember', seedPopularity: 100, category: 'js-frameworks' })
  // never alternatives: a package, an unapproved and a hidden tool of the same category, a tool of another category
  await buildCatalogTool(db, {
    name: 'vue-pkg',
    slug: 'npm-vue',
    isPackage: true,
    seedPopularity: 99999,
    category: 'js-frameworks',
  })
  await buildCatalogTool(db, { name: 'Pending', slug: 'pending-fw', isApproved: false, category: 'js-frameworks' })
  await buildCatalogTool(db, { name: 'Hidden', slug: 'hidden-fw', isHidden: true, category: 'js-frameworks' })
  await buildCatalogTool(db, {
    name: 'Lonely',
    slug: 'lonely',
    seedPopularity: 5000,
    category: 'other-things',
  })

  // reasons: 12 pros (more than a page shows) and 2 cons on Vue
  for (let index = 0; index < 12; index++) await addReason(vue, `Pro number ${index}`, false, index, author.id)
  await addReason(vue, 'Small ecosystem', true, 3, author.id)
  await addReason(vue, 'Breaking upgrades', true, 7, null)

  // companies: two with public stacks using Vue (the more followed first), one private-mode, one with a private stack
  const big = await buildCompany(db, { name: 'Bigco', slug: 'bigco', followersCount: 50 })
  const small = await buildCompany(db, { name: 'Smallco', slug: 'smallco', followersCount: 2 })
  const secret = await buildCompany(db, { name: 'Secretco', slug: 'secretco', privateMode: true, followersCount: 99 })
  const quiet = await buildCompany(db, { name: 'Quietco', slug: 'quietco', followersCount: 80 })
  await buildStack(db, { ownerCompanyId: big.id, tools: [vue, angular] })
  await buildStack(db, { ownerCompanyId: big.id, tools: [vue] })
  await buildStack(db, { ownerCompanyId: small.id, tools: [vue] })
  await buildStack(db, { ownerCompanyId: secret.id, tools: [vue] })
  await buildStack(db, { ownerCompanyId: quiet.id, isPrivate: true, tools: [vue] })
  await buildStack(db, { ownerUserId: author.id, tools: [vue] })

  // jobs: three open (newest first), one expired, one at a private-mode company
  const job = (title: string, companyId: number, extra: Record<string, unknown> = {}) =>
    saveJob(db, { title, slug: `tp-${title.toLowerCase().replace(/\W+/g, '-')}`, companyId, ...extra }, [vue.id])
  await job('Vue Developer', big.id, { city: 'Lisbon', postedAt: new Date('2026-03-01') })
  await job('Frontend Lead', small.id, { location: 'Remote, Europe', remote: true, postedAt: new Date('2026-03-05') })
  await job('UI Engineer', big.id, { postedAt: new Date('2026-02-01') })
  await job('Old Job', big.id, { expiresAt: new Date('2020-01-01') })
  await job('Hidden Job', secret.id)
  await job('Newest Elsewhere', small.id, { postedAt: new Date('2026-03-09') })
})
afterAll(() => ctx.close())

describe('GET /api/v1/tools/{slug}', () => {
  it('answers the whole first screen in one public, cacheable answer', async () => {
    const response = await visitor.get('/api/v1/tools/vue')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60')
    const body = response.body as ToolPageResponse
    expect(body.tool.slug).toBe('vue')
    expect(body.tool.stacks.length).toBeGreaterThan(0)
    expect(Object.keys(body).sort()).toEqual(
      [
        'alternatives',
        'companies',
        'companies_count',
        'cons',
        'cons_count',
        'followers_count',
        'is_companies_count_capped',
        'is_jobs_count_capped',
        'jobs',
        'jobs_count',
        'pros',
        'pros_count',
        'tool',
      ].sort(),
    )
  })

  it('lists the best pros and cons apart, most votes first, with their authors and the totals', async () => {
    const { body } = await visitor.get('/api/v1/tools/vue')
    expect(body.pros_count).toBe(12)
    expect(body.cons_count).toBe(2)
    expect(body.pros).toHaveLength(TOOL_PAGE_REASONS_COUNT)
    expect(body.pros[0]).toMatchObject({ text: 'Pro number 11', type: 'pro', votes: 11, username: 'reasonauthor' })
    expect(body.pros.map((reason: { votes: number }) => reason.votes)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
    expect(body.cons.map((reason: { text: string }) => reason.text)).toEqual(['Breaking upgrades', 'Small ecosystem'])
    expect(body.cons[0]).toMatchObject({ type: 'con', user_id: null, username: null, service_id: vue.id })
  })

  it('lists companies whose public stacks use the tool once each, most followed first, never private ones', async () => {
    const { body } = await visitor.get('/api/v1/tools/vue')
    expect(body.companies.map((company: { slug: string }) => company.slug)).toEqual(['bigco', 'smallco'])
    expect(body).toMatchObject({ companies_count: 2, is_companies_count_capped: false })
    expect(body.companies[0]).toMatchObject({ name: 'Bigco', canonical_url: '/companies/bigco' })
  })

  it('lists alternatives of the same category by popularity, without itself, packages, pending or hidden tools', async () => {
    const { body } = await visitor.get('/api/v1/tools/vue')
    expect(body.alternatives.map((tool: { slug: string }) => tool.slug)).toEqual(['angular', 'svelte', 'ember'])
    const lonelyPage = await visitor.get('/api/v1/tools/lonely')
    expect(lonelyPage.body.alternatives).toEqual([])
  })

  it('lists open listed jobs newest first (3) with the total, never expired or private-mode ones', async () => {
    const { body } = await visitor.get('/api/v1/tools/vue')
    expect(body).toMatchObject({ jobs_count: 4, is_jobs_count_capped: false })
    expect(body.jobs.map((job: { title: string }) => job.title)).toEqual([
      'Newest Elsewhere',
      'Frontend Lead',
      'Vue Developer',
    ])
    expect(body.jobs[1]).toMatchObject({ location: 'Remote, Europe', remote: true, company_name: 'Smallco' })
    expect(body.jobs[2]).toMatchObject({ location: 'Lisbon', canonical_url: '/match/jobs/tp-vue-developer' })
  })

  it('answers empty lists and zero counts for a tool nobody uses yet', async () => {
    const { body } = await visitor.get(`/api/v1/tools/${ember.slug}`)
    expect(body).toMatchObject({
      pros: [],
      cons: [],
      pros_count: 0,
      cons_count: 0,
      companies: [],
      companies_count: 0,
      jobs: [],
      jobs_count: 0,
    })
  })

  it(`counts companies and jobs up to ${TOOL_PAGE_COUNT_CAP}, then says there are more`, async () => {
    const db = ctx.app.db
    const many = await buildCatalogTool(db, { name: 'Everywhere', slug: 'everywhere', category: 'other-things' })
    const exact = await buildCatalogTool(db, { name: 'Just enough', slug: 'just-enough', category: 'other-things' })
    // TOOL_PAGE_COUNT_CAP + 1 companies with a public stack using `many`, TOOL_PAGE_COUNT_CAP using `exact`
    await db.execute(sql`with made as (
        insert into "company" ("name", "slug", "followers_count")
        select 'Many ' || n, 'many-' || n, n from generate_series(1, ${TOOL_PAGE_COUNT_CAP + 1}) as n returning "id", "followers_count"),
      stacked as (
        insert into "stack" ("slug", "name", "owner_company_id")
        select 'stack', 'Stack', "id" from made returning "id", "owner_company_id")
      insert into "stack_tool" ("stack_id", "tool_id")
      select "stacked"."id", ${many.id}::integer from stacked
      union all
      select "stacked"."id", ${exact.id}::integer from stacked join made on made."id" = "stacked"."owner_company_id"
        where made."followers_count" <= ${TOOL_PAGE_COUNT_CAP}`)
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, 'many-1'))
    await db.execute(sql`insert into "job" ("title", "slug", "company_id", "tool_ids", "posted_at")
      select 'Job ' || n, 'many-job-' || n, ${Number(company!.id)}::integer,
        case when n <= ${TOOL_PAGE_COUNT_CAP} then array[${many.id}, ${exact.id}]::integer[] else array[${many.id}]::integer[] end,
        now() - n * interval '1 minute'
      from generate_series(1, ${TOOL_PAGE_COUNT_CAP + 1}) as n`)

    const crowded = (await visitor.get('/api/v1/tools/everywhere')).body as ToolPageResponse
    expect(crowded).toMatchObject({
      companies_count: TOOL_PAGE_COUNT_CAP,
      is_companies_count_capped: true,
      jobs_count: TOOL_PAGE_COUNT_CAP,
      is_jobs_count_capped: true,
    })
    // the most followed companies and the newest jobs first, as for a tool few use
    expect(crowded.companies[0]?.slug).toBe(`many-${TOOL_PAGE_COUNT_CAP + 1}`)
    expect(crowded.jobs.map((job) => job.title)).toEqual(['Job 1', 'Job 2', 'Job 3'])
    const counted = (await visitor.get('/api/v1/tools/just-enough')).body as ToolPageResponse
    expect(counted).toMatchObject({
      companies_count: TOOL_PAGE_COUNT_CAP,
      is_companies_count_capped: false,
      jobs_count: TOOL_PAGE_COUNT_CAP,
      is_jobs_count_capped: false,
    })
    const side = (await visitor.get('/api/v1/stackups/everywhere-vs-just-enough')).body.tools[0]
    expect(side).toMatchObject({ companies_count: TOOL_PAGE_COUNT_CAP, is_companies_count_capped: true })
  })

  it('answers a tool asked by another spelling of its name, with its own slug for the page to move to', async () => {
    await ctx.app.db.insert(toolAliases).values({ toolId: vue.id, kind: 'name', alias: 'vuejs' })
    for (const spelling of ['vuejs', 'Vue.js', 'VUE-JS']) {
      const response = await visitor.get<ToolPageResponse>(`/api/v1/tools/${encodeURIComponent(spelling)}`)
      expect(response.status, spelling).toBe(200)
      expect(response.body.tool).toMatchObject({ slug: 'vue', canonical_url: '/tools/vue' })
    }
  })

  it('answers 404 for an unknown tool and for a pending tool asked by a visitor', async () => {
    expect((await visitor.get('/api/v1/tools/no-such-tool')).status).toBe(404)
    expect((await visitor.get('/api/v1/tools/pending-fw')).status).toBe(404)
  })
})

describe('GET /api/v1/services/reason_votes', () => {
  it("answers the signed-in user's votes on these tools' reasons, and only theirs", async () => {
    const voter = await buildUser(ctx.app)
    const other = await buildUser(ctx.app)
    const page = (await visitor.get('/api/v1/tools/vue')).body as ToolPageResponse
    const [pro, con] = [page.pros[0]!, page.cons[0]!]
    await ctx.app.db.insert(reasonVotes).values([
      { reasonId: pro.id, userId: voter.id, value: 1 },
      { reasonId: con.id, userId: voter.id, value: -1 },
      { reasonId: con.id, userId: other.id, value: 1 },
    ])
    const response = await voter.client.get(`/api/v1/services/reason_votes?service_ids=${vue.id},${svelte.id}`)
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.body.votes).toEqual(
      [
        { reason_id: pro.id, vote: 1 },
        { reason_id: con.id, vote: -1 },
      ].sort((a, b) => a.reason_id - b.reason_id),
    )
    const none = await voter.client.get(`/api/v1/services/reason_votes?service_ids=${svelte.id}`)
    expect(none.body.votes).toEqual([])
  })

  it('answers 401 to a visitor', async () => {
    const response = await visitor.get(`/api/v1/services/reason_votes?service_ids=${vue.id}`)
    expect(response.status).toBe(401)
  })

  it('answers 400 for ids that are not ids', async () => {
    const voter = await buildUser(ctx.app)
    const response = await voter.client.get('/api/v1/services/reason_votes?service_ids=abc')
    expect(response.status).toBe(400)
    expect(response.body.error.fields.service_ids).toBeDefined()
  })
})

describe('GET /api/v1/tools/{slug}/alternatives', () => {
  it("lists the tool page's alternatives in its order, then the rest a page at a time", async () => {
    const section = (await visitor.get('/api/v1/tools/vue')).body.alternatives.map(
      (tool: { slug: string }) => tool.slug,
    )
    const response = await visitor.get('/api/v1/tools/vue/alternatives')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ tool: { slug: 'vue', canonical_url: '/tools/vue' }, page: 1 })
    expect(response.body.tools.map((tool: { slug: string }) => tool.slug)).toEqual(section)
    expect(response.body.has_more).toBe(false)

    // past a page: 25 more frameworks, 20 on the first page, the last 8 on the second, none twice
    for (let index = 0; index < 25; index++) {
      await buildCatalogTool(ctx.app.db, {
        name: `Framework ${index}`,
        slug: `alt-framework-${index}`,
        seedPopularity: 10 + index,
        category: 'js-frameworks',
      })
    }
    const first = await visitor.get('/api/v1/tools/vue/alternatives')
    const second = await visitor.get('/api/v1/tools/vue/alternatives?page=2')
    expect(first.body.tools).toHaveLength(20)
    expect(first.body.has_more).toBe(true)
    expect(second.body).toMatchObject({ page: 2, has_more: false })
    const slugs = [...first.body.tools, ...second.body.tools].map((tool: { slug: string }) => tool.slug)
    expect(slugs).toHaveLength(28)
    expect(new Set(slugs).size).toBe(28)
    expect(slugs.slice(0, 3)).toEqual(['angular', 'svelte', 'ember'])
    expect(slugs).not.toContain('vue')
    expect(slugs).not.toContain('npm-vue')
  })

  it('answers a tool asked by an alias with its own slug, 404 for an unknown or pending tool, 400 for a bad page', async () => {
    await ctx.app.db.insert(toolAliases).values({ toolId: ember.id, kind: 'name', alias: 'emberjs' })
    const byAlias = await visitor.get('/api/v1/tools/emberjs/alternatives')
    expect(byAlias.status).toBe(200)
    expect(byAlias.body.tool.slug).toBe('ember')
    expect((await visitor.get('/api/v1/tools/no-such-tool/alternatives')).status).toBe(404)
    expect((await visitor.get('/api/v1/tools/pending-fw/alternatives')).status).toBe(404)
    for (const page of ['0', 'x', '1001']) {
      const response = await visitor.get(`/api/v1/tools/vue/alternatives?page=${page}`)
      expect(response.status, page).toBe(400)
      expect(response.body.error.code).toBe('validation_failed')
    }
  })
})

describe('GET /api/v1/stackups/{a}-vs-{b}', () => {
  it('answers both tools side by side in the canonical (alphabetical) order', async () => {
    const response = await visitor.get('/api/v1/stackups/svelte-vs-vue')
    expect(response.status).toBe(200)
    expect(response.body.slug).toBe('svelte-vs-vue')
    expect(response.body.canonical_url).toBe('/stackups/svelte-vs-vue')
    const [first, second] = response.body.tools
    expect(first.tool.slug).toBe('svelte')
    expect(second.tool).toMatchObject({ slug: 'vue', name: 'Vue', category: { slug: 'js-frameworks' } })
    expect(second.pros).toHaveLength(5)
    expect(second.pros_count).toBe(12)
    expect(second.cons.map((reason: { text: string }) => reason.text)).toEqual(['Breaking upgrades', 'Small ecosystem'])
    expect(second.companies.map((company: { slug: string }) => company.slug)).toEqual(['bigco', 'smallco'])
    expect(first).toMatchObject({ pros: [], cons: [], companies: [], companies_count: 0, followers_count: 0 })
  })

  it('answers the same comparison asked in the other order, naming the canonical slug to redirect to', async () => {
    const response = await visitor.get('/api/v1/stackups/vue-vs-svelte')
    expect(response.status).toBe(200)
    expect(response.body.slug).toBe('svelte-vs-vue')
    expect(response.body.tools.map((side: { tool: { slug: string } }) => side.tool.slug)).toEqual(['svelte', 'vue'])
  })

  it('takes a side named by an alias or a loose name, as /tools/{slug} does, naming the canonical slug', async () => {
    await ctx.app.db.insert(toolAliases).values({ toolId: svelte.id, kind: 'name', alias: 'sveltejs' })
    for (const pair of ['sveltejs-vs-vue', 'vue-vs-sveltejs', 'svelte.js-vs-vue', 'Svelte-JS-vs-VUE']) {
      const response = await visitor.get(`/api/v1/stackups/${encodeURIComponent(pair)}`)
      expect(response.status, pair).toBe(200)
      expect(response.body).toMatchObject({ slug: 'svelte-vs-vue', canonical_url: '/stackups/svelte-vs-vue' })
    }
    // a tool against its own alias is no comparison
    expect((await visitor.get('/api/v1/stackups/svelte-vs-sveltejs')).status).toBe(404)
  })

  it('reads a slug that itself holds -vs-', async () => {
    await buildCatalogTool(ctx.app.db, { name: 'Cats vs Dogs', slug: 'cats-vs-dogs' })
    const response = await visitor.get('/api/v1/stackups/cats-vs-dogs-vs-vue')
    expect(response.status).toBe(200)
    expect(response.body.slug).toBe('cats-vs-dogs-vs-vue')
    expect(response.body.tools[0].tool.slug).toBe('cats-vs-dogs')
  })

  it('answers 404 for an unknown tool, a pending or hidden tool, the same tool twice, or no pair at all', async () => {
    for (const pair of [
      'vue-vs-nothing',
      'nothing-vs-vue',
      'pending-fw-vs-vue',
      'hidden-fw-vs-vue',
      'vue-vs-vue',
      'vue',
    ]) {
      const response = await visitor.get(`/api/v1/stackups/${pair}`)
      expect(response.status, pair).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }
  })
})

describe('paths holding control characters', () => {
  it('answer 404, never 5xx, on the API and the pages', async () => {
    for (const url of [
      '/api/v1/stackups/a%00-vs-b',
      '/api/v1/tools/%00',
      '/api/v1/match/companies/%00/job_stack_card',
    ]) {
      const response = await visitor.get(url)
      expect(response.status, url).toBeLessThan(500)
    }
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CompanyForm } from '#contracts/companies.ts'
import { MATCH_COUNT_CAP, MATCH_MAX_PAGE, MATCH_PAGE_SIZE, MATCH_TOOLS_MAX } from '#contracts/match.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildTool, buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'
import { updateCompany } from '../companies/companies.service.ts'
import { saveJob } from '../jobs/jobs.queries.ts'
import { setToolInStack } from '../stacks/stacks.service.ts'

let ctx: TestContext
let anonymous: TestClient
type ToolRow = Awaited<ReturnType<typeof buildTool>>
let react: ToolRow
let node: ToolRow
let go: ToolRow
let rust: ToolRow
let company: Awaited<ReturnType<typeof buildCompany>>
let sequence = 0

async function job(title: string, toolIds: number[], extra: Record<string, unknown> = {}) {
  sequence += 1
  return saveJob(
    ctx.app.db,
    { title, slug: `job-${sequence}-${Math.random().toString(36).slice(2, 8)}`, companyId: company.id, ...extra },
    toolIds,
  )
}

const tools = (...list: ToolRow[]) => list.map((tool) => tool.slug).join('--')

beforeAll(async () => {
  ctx = await createTestApp()
  anonymous = new TestClient(ctx.app)
  react = await buildTool(ctx.app.db, { name: 'React Match', slug: 'react-match' })
  node = await buildTool(ctx.app.db, { name: 'Node Match', slug: 'node-match' })
  go = await buildTool(ctx.app.db, { name: 'Go Match', slug: 'go-match' })
  rust = await buildTool(ctx.app.db, { name: 'Rust Match', slug: 'rust-match' })
  company = await buildCompany(ctx.app.db, { name: 'Matchco', tagList: ['fintech'], city: 'Berlin' })
  await job('Frontend Engineer', [react.id, node.id], { city: 'Berlin', postedAt: new Date('2026-01-03') })
  await job('Backend Engineer', [node.id, go.id], {
    location: 'Remote, Europe',
    remote: true,
    postedAt: new Date('2026-01-02'),
  })
  await job('Systems Engineer', [rust.id, go.id], {
    freelance: true,
    fullTime: false,
    postedAt: new Date('2026-01-01'),
  })
  await job('Old Job', [react.id], { expiresAt: new Date('2020-01-01') })
  await buildStack(ctx.app.db, { ownerCompanyId: company.id, tools: [react, node, go] })
})
afterAll(() => ctx.close())

async function jobsFor(query: string) {
  const response = await anonymous.get(`/api/v1/match/jobs?${query}`)
  expect(response.status).toBe(200)
  return response.body as {
    jobs: Array<{ title: string; match: number; stack: Array<{ slug: string; matched: boolean }> }>
    total: number
    has_more: boolean
  }
}

describe('GET /api/v1/match/jobs', () => {
  it('answers every open job at 99% (spec §5: 100% capped just under 100) when no tools are selected, newest first', async () => {
    const page = await jobsFor('')
    expect(page.jobs.map((hit) => hit.title)).toEqual(['Frontend Engineer', 'Backend Engineer', 'Systems Engineer'])
    expect(page.jobs.every((hit) => hit.match === 99)).toBe(true)
    expect(page.total).toBe(3)
  })

  it('with AND answers only jobs holding every included tool', async () => {
    const page = await jobsFor(`selectedTools=${tools(react, node)}`)
    expect(page.jobs.map((hit) => hit.title)).toEqual(['Frontend Engineer'])
    expect(page.jobs[0]!.match).toBe(99)
    expect(page.jobs[0]!.stack.slice(0, 2)).toEqual([
      expect.objectContaining({ slug: react.slug, matched: true }),
      expect.objectContaining({ slug: node.slug, matched: true }),
    ])
  })

  it('with OR answers jobs holding any included tool, ranked by the floored share then recency', async () => {
    const page = await jobsFor(`selectedTools=${tools(react, node, rust)}&searchOperator=OR`)
    expect(page.jobs.map((hit) => [hit.title, hit.match])).toEqual([
      ['Frontend Engineer', 66],
      ['Backend Engineer', 33],
      ['Systems Engineer', 33],
    ])
  })

  it('with Exact Match (AND) keeps only jobs holding the requiredTools, ranked by the other tools too', async () => {
    const page = await jobsFor(`selectedTools=${tools(node, rust)}&requiredTools=${tools(node)}&searchOperator=and`)
    expect(page.jobs.map((hit) => [hit.title, hit.match])).toEqual([
      ['Frontend Engineer', 50],
      ['Backend Engineer', 50],
    ])
    // requiredTools absent: every included tool is required (spec §4); empty: none is
    expect((await jobsFor(`selectedTools=${tools(node, go)}&searchOperator=AND`)).total).toBe(1)
    expect((await jobsFor(`selectedTools=${tools(node, go)}&requiredTools=&searchOperator=AND`)).total).toBe(3)
  })

  it('OR returns more than AND for the same tools, whatever requiredTools says (decision 039)', async () => {
    const query = `selectedTools=${tools(react, node)}&requiredTools=${tools(react, node)}`
    const exact = await jobsFor(`${query}&searchOperator=AND`)
    const any = await jobsFor(`${query}&searchOperator=OR`)
    expect(exact.jobs.map((hit) => hit.title)).toEqual(['Frontend Engineer'])
    expect(any.jobs.map((hit) => [hit.title, hit.match])).toEqual([
      ['Frontend Engineer', 99],
      ['Backend Engineer', 50],
    ])
    const companies = (operator: string) =>
      anonymous.get(`/api/v1/match/companies?selectedTools=${tools(react, rust)}&searchOperator=${operator}`)
    expect((await companies('AND')).body.total).toBe(0)
    expect((await companies('OR')).body.total).toBe(1)
  })

  it('drops jobs holding an excluded tool; a tool both included and excluded counts as excluded', async () => {
    const page = await jobsFor(`excludedTools=${tools(go)}`)
    expect(page.jobs.map((hit) => hit.title)).toEqual(['Frontend Engineer'])
    const both = await jobsFor(`selectedTools=${tools(node)}&excludedTools=${tools(node)}`)
    expect(both.jobs.map((hit) => [hit.title, hit.match])).toEqual([['Systems Engineer', 99]])
  })

  it('answers nothing when every tool is excluded', async () => {
    const page = await jobsFor(`excludedTools=${tools(react, node, go, rust)}`)
    expect(page).toMatchObject({ jobs: [], total: 0, has_more: false })
  })

  it('counts a repeated or unknown tool once or not at all, by slug or id', async () => {
    const page = await jobsFor(`selectedTools=${react.slug}--${react.id}--REACT-MATCH--no-such-tool&searchOperator=OR`)
    expect(page.jobs.map((hit) => [hit.title, hit.match])).toEqual([['Frontend Engineer', 99]])
  })

  it('filters by keyword (title, company, tags), location and job terms', async () => {
    expect((await jobsFor('jobSearch=backend')).jobs.map((hit) => hit.title)).toEqual(['Backend Engineer'])
    expect((await jobsFor('jobSearch=fintech')).total).toBe(3)
    expect((await jobsFor('location=berl')).jobs.map((hit) => hit.title)).toEqual(['Frontend Engineer'])
    expect((await jobsFor('location=europe')).jobs.map((hit) => hit.title)).toEqual(['Backend Engineer'])
    expect((await jobsFor('remote=true')).jobs.map((hit) => hit.title)).toEqual(['Backend Engineer'])
    expect((await jobsFor('freelance=1')).jobs.map((hit) => hit.title)).toEqual(['Systems Engineer'])
    expect((await jobsFor('fullTime=true&freelance=true')).total).toBe(3)
    expect((await jobsFor('location=100%25')).total).toBe(0)
  })

  it('answers 400 for an unknown operator or a page out of range', async () => {
    expect((await anonymous.get('/api/v1/match/jobs?searchOperator=XOR')).status).toBe(400)
    expect((await anonymous.get('/api/v1/match/jobs?page=0')).status).toBe(400)
    expect((await anonymous.get('/api/v1/match/jobs?page=51')).status).toBe(400)
  })

  it('answers 400 with the field for a keyword, a location or a tool list over its limit, on both indexes', async () => {
    const tooMany = Array.from({ length: MATCH_TOOLS_MAX + 1 }, (_, index) => `tool-${index}`).join('--')
    for (const index of ['jobs', 'companies']) {
      const keyword = await anonymous.get(`/api/v1/match/${index}?jobSearch=${'x'.repeat(201)}`)
      expect(keyword.status).toBe(400)
      expect(keyword.body.error.fields).toEqual({ jobSearch: ['is too long (maximum is 200 characters)'] })
      const location = await anonymous.get(`/api/v1/match/${index}?location=${'x'.repeat(101)}`)
      expect(location.status).toBe(400)
      expect(location.body.error.fields).toEqual({ location: ['is too long (maximum is 100 characters)'] })
      const tools = await anonymous.get(`/api/v1/match/${index}?excludedTools=${tooMany}`)
      expect(tools.status).toBe(400)
      expect(tools.body.error.fields).toEqual({ excludedTools: [`has too many tools (maximum is ${MATCH_TOOLS_MAX})`] })
    }
  })

  it("reads a slug the catalog does not hold as a tool's alias (the spec's nodejs is node-js)", async () => {
    await ctx.app.db.execute(
      sql`insert into tool_alias (tool_id, kind, alias) values (${node.id}, 'name', 'nodematchjs')`,
    )
    const page = await jobsFor('selectedTools=nodematchjs--react-match')
    expect(page.jobs.map((hit) => [hit.title, hit.match])).toEqual([['Frontend Engineer', 99]])
  })

  it('forgets a tool reference once the tool is hidden (NOTIFY catalog_changed empties the catalog memos)', async () => {
    const fleeting = await buildTool(ctx.app.db, { name: 'Fleeting Match', slug: 'fleeting-match' })
    await job('Fleeting Engineer', [fleeting.id], { postedAt: new Date('2025-06-01') })
    expect((await jobsFor(`selectedTools=${fleeting.slug}`)).jobs.map((hit) => hit.title)).toEqual([
      'Fleeting Engineer',
    ])
    await ctx.app.db.execute(sql`update tool set is_hidden = true where id = ${fleeting.id}`)
    // a hidden tool is no filter: the search answers every open job, as with no tools
    const everyJob = (await jobsFor('')).total
    await expect.poll(async () => (await jobsFor(`selectedTools=${fleeting.slug}`)).total).toBe(everyJob)
    expect(everyJob).toBeGreaterThan(1)
  })

  it("finds jobs by their company's new name once the company is edited", async () => {
    const renamed = await buildCompany(ctx.app.db, { name: 'Oldname Works', tagList: ['retail'] })
    await saveJob(ctx.app.db, { title: 'Cashier', slug: 'cashier-oldname', companyId: renamed.id }, [])
    expect((await jobsFor('jobSearch=quokkaworks')).total).toBe(0)
    const fields = CompanyForm.parse({
      name: 'Quokkaworks',
      website_url: 'quokka.example',
      description: 'Shops for everyone',
      email_address: 'hello@quokka.example',
    })
    await updateCompany(ctx.app.db, renamed, fields, ctx.app.config, ctx.app.jobQueue)
    expect((await jobsFor('jobSearch=quokkaworks')).jobs.map((hit) => hit.title)).toEqual(['Cashier'])
    expect((await jobsFor('jobSearch=oldname')).total).toBe(0)
  })
})

describe('paging', () => {
  it('answers 20 a page with the total and has_more, and an empty page past the end', async () => {
    const pager = await buildTool(ctx.app.db, { name: 'Pager', slug: 'pager-match' })
    for (let index = 0; index < MATCH_PAGE_SIZE + 3; index++) {
      await job(`Paged ${index}`, [pager.id], { postedAt: new Date(Date.UTC(2025, 0, 1 + index)) })
    }
    const first = await jobsFor(`selectedTools=${pager.slug}`)
    expect(first.jobs).toHaveLength(MATCH_PAGE_SIZE)
    expect(first).toMatchObject({ total: MATCH_PAGE_SIZE + 3, has_more: true })
    expect(first.jobs[0]!.title).toBe(`Paged ${MATCH_PAGE_SIZE + 2}`)
    const second = await jobsFor(`selectedTools=${pager.slug}&page=2`)
    expect(second.jobs.map((hit) => hit.title)).toEqual(['Paged 2', 'Paged 1', 'Paged 0'])
    expect(second).toMatchObject({ total: MATCH_PAGE_SIZE + 3, has_more: false })
    const past = await jobsFor(`selectedTools=${pager.slug}&page=3`)
    expect(past).toMatchObject({ jobs: [], total: MATCH_PAGE_SIZE + 3, has_more: false })
  })
})

describe('GET /api/v1/match/companies', () => {
  it("answers companies by their public stacks' tools with job_count and match", async () => {
    const response = await anonymous.get(
      `/api/v1/match/companies?selectedTools=${tools(react, rust)}&searchOperator=OR`,
    )
    expect(response.status).toBe(200)
    expect(response.body.companies).toEqual([
      expect.objectContaining({
        name: 'Matchco',
        match: 50,
        company_url: `/companies/${company.slug}`,
        tag_list: ['fintech'],
      }),
    ])
    expect(response.body.companies[0].job_count).toBeGreaterThanOrEqual(3)
    const none = await anonymous.get(`/api/v1/match/companies?selectedTools=${tools(react, rust)}`)
    expect(none.body).toMatchObject({ companies: [], total: 0 })
  })
})

describe('GET /api/v1/match/companies: the arithmetic, the operator and paging', () => {
  type CompanyPage = {
    companies: Array<{ name: string; match: number; job_count: number }>
    total: number
    is_total_capped: boolean
    has_more: boolean
  }
  let alpha: ToolRow
  let beta: ToolRow
  let gamma: ToolRow
  let delta: ToolRow
  const companiesFor = async (query: string) => {
    const response = await anonymous.get(`/api/v1/match/companies?${query}`)
    expect(response.status).toBe(200)
    return response.body as CompanyPage
  }
  const names = (page: CompanyPage) => page.companies.map((hit) => [hit.name, hit.match])

  beforeAll(async () => {
    const tool = (name: string) => buildTool(ctx.app.db, { name: `${name} Co`, slug: `${name.toLowerCase()}-co` })
    alpha = await tool('Alpha')
    beta = await tool('Beta')
    gamma = await tool('Gamma')
    delta = await tool('Delta')
    const first = await buildCompany(ctx.app.db, { name: 'First Co', city: 'Lisbon' })
    await buildStack(ctx.app.db, { ownerCompanyId: first.id, tools: [alpha, beta] })
    await buildStack(ctx.app.db, { ownerCompanyId: first.id, tools: [gamma] })
    const second = await buildCompany(ctx.app.db, { name: 'Second Co', description: 'We build quokka boats' })
    await buildStack(ctx.app.db, { ownerCompanyId: second.id, tools: [alpha] })
    // private stacks and private-mode companies stay out
    await buildStack(ctx.app.db, { ownerCompanyId: second.id, tools: [delta], isPrivate: true })
    const hidden = await buildCompany(ctx.app.db, { name: 'Hidden Co', privateMode: true })
    await buildStack(ctx.app.db, { ownerCompanyId: hidden.id, tools: [alpha, beta, gamma] })
  })

  it('with AND answers companies holding every included tool at 99% (capped); with OR ranks by the floored share', async () => {
    expect(names(await companiesFor(`selectedTools=${tools(alpha, beta)}`))).toEqual([['First Co', 99]])
    const or = await companiesFor(`selectedTools=${tools(alpha, beta, gamma)}&searchOperator=OR`)
    expect(names(or)).toEqual([
      ['First Co', 99],
      ['Second Co', 33],
    ])
    expect(or).toMatchObject({ total: 2, is_total_capped: false, has_more: false })
    expect(names(await companiesFor(`selectedTools=${tools(beta, delta)}&searchOperator=OR`))).toEqual([
      ['First Co', 50],
    ])
  })

  it('answers every company with public tools at 99% (capped) when only exclusions are given, newest first', async () => {
    const page = await companiesFor(`excludedTools=${tools(beta)}`)
    const listed = names(page)
    expect(listed.slice(0, 1)).toEqual([['Second Co', 99]])
    expect(listed.map(([name]) => name)).not.toContain('First Co')
    expect(listed.map(([name]) => name)).not.toContain('Hidden Co')
  })

  it('answers nothing when every tool of the matches is excluded, and counts repeats once', async () => {
    expect(
      await companiesFor(
        `selectedTools=${tools(alpha)}&excludedTools=${tools(alpha)}--${tools(beta)}&jobSearch=quokka`,
      ),
    ).toMatchObject({ companies: [], total: 0 })
    const repeated = await companiesFor(
      `selectedTools=${alpha.slug}--${alpha.id}--${alpha.slug.toUpperCase()}--${beta.slug}&searchOperator=OR`,
    )
    expect(names(repeated)).toEqual([
      ['First Co', 99],
      ['Second Co', 50],
    ])
  })

  it('keeps company tools in step with their stacks: a tool added, a stack made private', async () => {
    const third = await buildCompany(ctx.app.db, { name: 'Third Co' })
    const stack = await buildStack(ctx.app.db, { ownerCompanyId: third.id, tools: [gamma] })
    expect(names(await companiesFor(`selectedTools=${tools(delta)}`))).toEqual([])
    await setToolInStack(ctx.app.db, stack.id, delta.id, true)
    expect(names(await companiesFor(`selectedTools=${tools(delta)}`))).toEqual([['Third Co', 99]])
    await ctx.app.db.execute(sql`update stack set is_private = true where id = ${stack.id}`)
    expect(names(await companiesFor(`selectedTools=${tools(delta)}`))).toEqual([])
  })

  it('keeps the total on a page past the end, and filters by keyword and city', async () => {
    const past = await companiesFor(`selectedTools=${tools(alpha)}&page=3`)
    expect(past).toMatchObject({ companies: [], total: 2, has_more: false })
    expect(names(await companiesFor(`selectedTools=${tools(alpha)}&jobSearch=quokka`))).toEqual([['Second Co', 99]])
    expect(names(await companiesFor(`selectedTools=${tools(alpha)}&location=lisb`))).toEqual([['First Co', 99]])
  })
})

describe('GET /api/v1/jobs/{slug}', () => {
  it("answers a job's page with its full tool list, and 404 for an unknown slug", async () => {
    const created = await job('Full Stack', [react.id, node.id, go.id, rust.id])
    const response = await anonymous.get(`/api/v1/jobs/${created.slug}`)
    expect(response.status).toBe(200)
    expect(response.body.job).toMatchObject({
      title: 'Full Stack',
      company_name: 'Matchco',
      tools_count: 4,
      is_open: true,
      company_website_url: null,
    })
    expect(response.body.job.stack).toHaveLength(4)
    expect((await anonymous.get('/api/v1/jobs/no-such-job')).status).toBe(404)
  })
})

describe('saved search and job stack', () => {
  it('answers 401 to every call when signed out', async () => {
    expect((await anonymous.get('/api/v1/match/saved_search')).status).toBe(401)
    expect((await anonymous.get('/api/v1/match/job_stack')).status).toBe(401)
    expect((await anonymous.post('/api/v1/match/save_search', { search: {} })).status).toBe(401)
    expect((await anonymous.post('/api/v1/match/save_job_stack', { job_stack: {} })).status).toBe(401)
  })

  it('answers 403 to saves from an impersonated session', async () => {
    const user = await buildUser(ctx.app)
    const acting = await impersonate(ctx.app, user)
    expect((await acting.post('/api/v1/match/save_search', { search: { keywords: 'x' } })).status).toBe(403)
    expect((await acting.post('/api/v1/match/save_job_stack', { job_stack: { services: [] } })).status).toBe(403)
  })

  it('saves and reads the search, null before the first save', async () => {
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/api/v1/match/saved_search')).body).toEqual({ saved_search: null })
    const search = {
      keywords: 'engineer',
      location: 'Berlin',
      full_time: true,
      freelance: false,
      remote: true,
      match_exact: false,
    }
    const saved = await user.client.post('/api/v1/match/save_search', { search })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ saved_search: search })
    expect((await user.client.get('/api/v1/match/saved_search')).body).toEqual({ saved_search: search })
    expect(
      (await user.client.post('/api/v1/match/save_search', { search: { keywords: 'x'.repeat(201) } })).status,
    ).toBe(400)
  })

  it('saves and reads the job stack with required flags; repeats once; overlaps and unknown tools are 400', async () => {
    const user = await buildUser(ctx.app)
    const body = {
      job_stack: {
        services: [
          { id: react.id, required: true },
          { id: node.id, required: false },
          { id: react.id, required: false },
        ],
        excluded_services: [{ id: go.id, required: true }],
      },
    }
    const saved = await user.client.post('/api/v1/match/save_job_stack', body)
    expect(saved.status).toBe(200)
    expect(
      saved.body.included_services.map((tool: { slug: string; required: boolean }) => [tool.slug, tool.required]),
    ).toEqual([
      [react.slug, false],
      [node.slug, false],
    ])
    expect(saved.body.excluded_services.map((tool: { slug: string }) => tool.slug)).toEqual([go.slug])
    expect((await user.client.get('/api/v1/match/job_stack')).body).toEqual(saved.body)
    const overlap = await user.client.post('/api/v1/match/save_job_stack', {
      job_stack: { services: [{ id: go.id, required: true }], excluded_services: [{ id: go.id, required: true }] },
    })
    expect(overlap.status).toBe(400)
    const unknown = await user.client.post('/api/v1/match/save_job_stack', {
      job_stack: { services: [{ id: 99999999, required: true }] },
    })
    expect(unknown.status).toBe(400)
  })
})

describe('POST /api/v1/jobs/demo', () => {
  it('adds demo jobs holding the given tools for an admin, 403 for anyone else and 401 signed out', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.post('/api/v1/jobs/demo', { count: 3, seed: 99, tools: [react.slug] })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ created: 3 })
    const page = await jobsFor(`selectedTools=${react.slug}&jobSearch=demo`)
    expect(page.jobs.filter((hit) => hit.title).length).toBeGreaterThanOrEqual(3)
    const user = await buildUser(ctx.app)
    expect((await user.client.post('/api/v1/jobs/demo', { count: 1 })).status).toBe(403)
    expect((await anonymous.post('/api/v1/jobs/demo', { count: 1 })).status).toBe(401)
  })
})

describe('counting past what paging reaches', () => {
  it(`caps the total at ${MATCH_COUNT_CAP} and ends Load More at page ${MATCH_MAX_PAGE}`, async () => {
    const many = await buildTool(ctx.app.db, { name: 'Many', slug: 'many-match' })
    await ctx.app.db.execute(sql`insert into job (slug, title, company_id, tool_ids, posted_at)
      select 'many-' || n, 'Many ' || n, ${company.id}, array[${many.id}]::integer[], now() - n * interval '1 minute'
      from generate_series(1, ${MATCH_COUNT_CAP + 5}) as n`)
    const first = await jobsFor(`selectedTools=${many.slug}`)
    expect(first).toMatchObject({ total: MATCH_COUNT_CAP, is_total_capped: true, has_more: true })
    expect(first.jobs[0]!.title).toBe('Many 1')
    const last = await jobsFor(`selectedTools=${many.slug}&page=${MATCH_MAX_PAGE}`)
    expect(last.jobs).toHaveLength(MATCH_PAGE_SIZE)
    expect(last.jobs[0]!.title).toBe(`Many ${(MATCH_MAX_PAGE - 1) * MATCH_PAGE_SIZE + 1}`)
    expect(last).toMatchObject({ total: MATCH_COUNT_CAP, is_total_capped: true, has_more: false })
  })
})

describe('answer cache (decision 030)', () => {
  const version = async () =>
    Number(
      ((await ctx.app.db.execute(sql`select "version" from "match_version"`)) as { rows: { version: string }[] })
        .rows[0]!.version,
    )

  it('answers a repeated search from memory until a change raises match_version, then afresh', async () => {
    const kept = await buildTool(ctx.app.db, { name: 'Kept Match', slug: 'kept-match' })
    const posted = await job('Kept Engineer', [kept.id], { postedAt: new Date('2025-07-01') })
    const search = `selectedTools=${kept.slug}`
    const first = await anonymous.get(`/api/v1/match/jobs?${search}`)
    expect(first.body.jobs.map((hit: { title: string }) => hit.title)).toEqual(['Kept Engineer'])
    // browsers revalidate every time (a 304 while the answer stands); shared caches may keep it 30 s
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30')
    // a write no trigger announces (replication role): the cached answer stands, with its ETag
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`update "job" set "title" = 'Renamed Engineer' where "id" = ${posted.id}`)
    })
    const again = await anonymous.get(`/api/v1/match/jobs?${search}`)
    expect(again.body.jobs.map((hit: { title: string }) => hit.title)).toEqual(['Kept Engineer'])
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(
      (await anonymous.get(`/api/v1/match/jobs?${search}`, { 'if-none-match': String(first.headers.etag) })).status,
    ).toBe(304)
    // any announced change, here another job, and the next search reads the database
    await job('Unrelated Engineer', [rust.id])
    expect((await jobsFor(search)).jobs.map((hit) => hit.title)).toEqual(['Renamed Engineer'])
  })

  it('shows a job, a new team member, its new picture and a renamed company in the very next search', async () => {
    const fresh = await buildTool(ctx.app.db, { name: 'Fresh Match', slug: 'fresh-match' })
    const hiring = await buildCompany(ctx.app.db, { name: 'Freshco', city: 'Oslo' })
    await buildStack(ctx.app.db, { ownerCompanyId: hiring.id, tools: [fresh] })
    const search = `selectedTools=${fresh.slug}`
    expect((await jobsFor(search)).total).toBe(0)
    await saveJob(ctx.app.db, { title: 'Fresh Engineer', slug: 'fresh-engineer', companyId: hiring.id }, [fresh.id])
    expect((await jobsFor(search)).jobs.map((hit) => hit.title)).toEqual(['Fresh Engineer'])
    const companiesFor = async () =>
      (await anonymous.get(`/api/v1/match/companies?${search}`)).body.companies as Array<{
        name: string
        team: Array<{ username: string; image_url: string | null }>
      }>
    expect((await companiesFor()).map((hit) => [hit.name, hit.team.length])).toEqual([['Freshco', 0]])
    const member = await buildUser(ctx.app)
    await ctx.app.db.execute(
      sql`insert into "company_member" ("company_id", "user_id") values (${hiring.id}, ${member.id})`,
    )
    expect((await companiesFor())[0]!.team).toEqual([expect.objectContaining({ username: member.username })])
    await ctx.app.db.execute(sql`update "user" set "image" = '/uploads/fresh.png' where "id" = ${member.id}`)
    expect((await companiesFor())[0]!.team[0]!.image_url).toBe('/uploads/fresh.png')
    await ctx.app.db.execute(sql`update "company" set "name" = 'Freshworks' where "id" = ${hiring.id}`)
    expect((await companiesFor()).map((hit) => hit.name)).toEqual(['Freshworks'])
    await ctx.app.db.execute(sql`update "company" set "private_mode" = true where "id" = ${hiring.id}`)
    expect(await companiesFor()).toEqual([])
    expect((await jobsFor(search)).total).toBe(0)
  })

  it("shows a tool's new name on the cards once the catalog announces it (NOTIFY catalog_changed)", async () => {
    const renamed = await buildTool(ctx.app.db, { name: 'Oldname Match', slug: 'oldname-match' })
    await job('Renamed Tool Engineer', [renamed.id])
    const search = `selectedTools=${renamed.slug}`
    const names = async () =>
      ((await anonymous.get(`/api/v1/match/jobs?${search}`)).body.jobs[0].stack as Array<{ name: string }>).map(
        (tool) => tool.name,
      )
    expect(await names()).toEqual(['Oldname Match'])
    await ctx.app.db.execute(sql`update "tool" set "name" = 'Newname Match' where "id" = ${renamed.id}`)
    await expect.poll(names).toEqual(['Newname Match'])
  })

  it('raises match_version once a transaction, and not for what no result shows', async () => {
    const before = await version()
    await ctx.app.db.transaction(async (tx) => {
      await saveJob(tx, { title: 'Batch One', slug: 'batch-one', companyId: company.id }, [rust.id])
      await saveJob(tx, { title: 'Batch Two', slug: 'batch-two', companyId: company.id }, [rust.id])
    })
    expect(await version()).toBe(before + 1)
    await ctx.app.db.execute(
      sql`update "company" set "followers_count" = "followers_count" + 1 where "id" = ${company.id}`,
    )
    await ctx.app.db.execute(sql`update "company" set "name" = "name" where "id" = ${company.id}`)
    // a re-import of the same job: updated_at moves, nothing a search reads does
    await ctx.app.db.execute(sql`update "job" set "updated_at" = now() where "slug" = 'batch-one'`)
    await ctx.app.db.execute(sql`update "user" set "name" = 'Not Shown' where "id" = (select min("id") from "user")`)
    expect(await version()).toBe(before + 1)
    await ctx.app.db.execute(sql`update "company" set "city" = 'Hamburg' where "id" = ${company.id}`)
    expect(await version()).toBe(before + 2)
    await ctx.app.db.execute(sql`update "company" set "city" = 'Berlin' where "id" = ${company.id}`)
  })
})

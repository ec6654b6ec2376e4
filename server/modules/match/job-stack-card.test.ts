import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobStackCardResponse } from '#contracts/match.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'
import { saveJob } from '../jobs/jobs.queries.ts'
import { jobStackMatchPercent } from './match.service.ts'

let ctx: TestContext
let visitor: TestClient
type ToolRow = Awaited<ReturnType<typeof buildTool>>
let react: ToolRow
let node: ToolRow
let go: ToolRow
let rust: ToolRow
let elixir: ToolRow
let company: Awaited<ReturnType<typeof buildCompany>>

const card = (client: TestClient, slug: string) => client.get(`/api/v1/match/companies/${slug}/job_stack_card`)

async function userWithJobStack(included: ToolRow[], excluded: ToolRow[] = []): Promise<TestUser> {
  const user = await buildUser(ctx.app)
  const response = await user.client.post('/api/v1/match/save_job_stack', {
    job_stack: {
      services: included.map((tool) => ({ id: tool.id, required: true })),
      excluded_services: excluded.map((tool) => ({ id: tool.id, required: true })),
    },
  })
  expect(response.status).toBe(200)
  return user
}

beforeAll(async () => {
  ctx = await createTestApp()
  visitor = new TestClient(ctx.app)
  const db = ctx.app.db
  react = await buildTool(db, { name: 'React Card', slug: 'react-card', seedPopularity: 900 })
  node = await buildTool(db, { name: 'Node Card', slug: 'node-card', seedPopularity: 800 })
  go = await buildTool(db, { name: 'Go Card', slug: 'go-card', seedPopularity: 700 })
  rust = await buildTool(db, { name: 'Rust Card', slug: 'rust-card', seedPopularity: 600 })
  elixir = await buildTool(db, { name: 'Elixir Card', slug: 'elixir-card', seedPopularity: 500 })
  company = await buildCompany(db, { name: 'Card & Co', slug: 'cardco' })
  await buildCompany(db, { name: 'No Jobs Inc', slug: 'nojobs' })
  // the company uses React (public stack) and Node (an open job); Go only in a private stack, Rust only in an
  // expired job: neither counts
  await buildStack(db, { ownerCompanyId: company.id, tools: [react] })
  await buildStack(db, { ownerCompanyId: company.id, isPrivate: true, tools: [go] })
  await saveJob(db, { title: 'Engineer', slug: 'card-engineer', companyId: company.id }, [node.id])
  await saveJob(db, { title: 'Old', slug: 'card-old', companyId: company.id, expiresAt: new Date('2020-01-01') }, [
    rust.id,
  ])
})
afterAll(() => ctx.close())

describe('jobStackMatchPercent', () => {
  it('is the floored share of the included tools the company uses, capped just under 100 (spec §5)', () => {
    expect(jobStackMatchPercent([1, 2, 3], new Set([1, 2]))).toBe(66)
    expect(jobStackMatchPercent([1, 2], new Set([1, 2, 3]))).toBe(99)
    expect(jobStackMatchPercent([1, 2, 3], new Set())).toBe(0)
  })

  it('counts a repeated tool once and answers the cap, 99, with no tools', () => {
    expect(jobStackMatchPercent([1, 1, 2], new Set([1]))).toBe(50)
    expect(jobStackMatchPercent([], new Set([1]))).toBe(99)
  })

  it('never rounds a partial match up to 100', () => {
    const wanted = Array.from({ length: 200 }, (_, index) => index + 1)
    expect(jobStackMatchPercent(wanted, new Set(wanted.slice(1)))).toBe(99)
  })
})

describe('GET /api/v1/match/companies/{slug}/job_stack_card', () => {
  it("answers a visitor 'no job stack' with the company's tools as a stack to start from", async () => {
    const response = await card(visitor, 'cardco')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-cache')
    const body = response.body as JobStackCardResponse
    expect(body).toMatchObject({
      company: { id: company.id, slug: 'cardco', name: 'Card & Co' },
      job_count: 1,
      has_job_stack: false,
      match: null,
    })
    const url = new URL(body.path, 'http://x')
    expect(url.pathname).toBe('/match')
    expect(url.searchParams.get('selectedTools')).toBe('react-card--node-card')
    expect(url.searchParams.get('jobSearch')).toBe('Card & Co')
    expect(url.searchParams.get('searchOperator')).toBe('OR')
    // OR ignores Required flags (decision 039), so the path names none
    expect(url.searchParams.has('requiredTools')).toBe(false)
  })

  it('computes the percentage from the job stack and the tools of public stacks and open jobs', async () => {
    const user = await userWithJobStack([react, node, go, rust], [elixir])
    const body = (await card(user.client, 'cardco')).body as JobStackCardResponse
    // React (stack) and Node (job) count; Go (private stack) and Rust (expired job) do not: 2 of 4
    expect(body).toMatchObject({ has_job_stack: true, match: 50, job_count: 1 })
    const url = new URL(body.path, 'http://x')
    expect(url.searchParams.get('selectedTools')).toBe('react-card--node-card--go-card--rust-card')
    expect(url.searchParams.get('excludedTools')).toBe('elixir-card')
    expect(url.searchParams.get('jobSearch')).toBe('Card & Co')
  })

  it('answers 99 (capped just under 100) when the company uses every included tool, and 0 when it uses none', async () => {
    const all = await userWithJobStack([react, node])
    expect((await card(all.client, 'cardco')).body.match).toBe(99)
    const none = await userWithJobStack([elixir])
    expect((await card(none.client, 'cardco')).body.match).toBe(0)
  })

  it('treats a job stack of excluded tools only as no job stack', async () => {
    const user = await userWithJobStack([], [react])
    expect((await card(user.client, 'cardco')).body).toMatchObject({ has_job_stack: false, match: null })
  })

  it('lets an impersonating admin read the card as the impersonated user', async () => {
    const user = await userWithJobStack([react])
    const client = await impersonate(ctx.app, user)
    expect((await card(client, 'cardco')).body).toMatchObject({ has_job_stack: true, match: 99 })
  })

  it('answers job_count 0 for a company without open jobs and for a private-mode company', async () => {
    expect((await card(visitor, 'nojobs')).body).toMatchObject({ job_count: 0, has_job_stack: false })
    const secret = await buildCompany(ctx.app.db, { name: 'Secret Card', slug: 'secretcard', privateMode: true })
    await saveJob(ctx.app.db, { title: 'Spy', slug: 'card-spy', companyId: secret.id }, [react.id])
    expect((await card(visitor, 'secretcard')).body.job_count).toBe(0)
  })

  it('answers 404 for an unknown company', async () => {
    const response = await card(visitor, 'no-such-company')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('not_found')
  })
})

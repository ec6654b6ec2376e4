import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDaysUtc,
  IMPERSONATED_EDIT_JOBS,
  JOB_EXPIRY_PAST,
  JOB_EXPIRY_TOO_FAR,
  JOB_TOOLS_EMPTY,
  JOB_TOOLS_UNKNOWN,
  ONLY_COMPANY_ADMINS_JOBS,
  todayUtc,
} from '#contracts/jobs.ts'
import { jobs, jobTools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertCompany } from '../../test/stack-fixtures.ts'
import { saveJob } from './jobs.queries.ts'

let ctx: TestContext
let admin: TestUser
let member: TestUser
let outsider: TestUser
let company: Awaited<ReturnType<typeof insertCompany>>
let other: Awaited<ReturnType<typeof insertCompany>>
type ToolRow = Awaited<ReturnType<typeof buildTool>>
let elixir: ToolRow
let phoenix: ToolRow
let kotlin: ToolRow
let hidden: ToolRow

const inDays = (days: number) => addDaysUtc(todayUtc(), days)

function jobForm(overrides: Record<string, unknown> = {}) {
  return {
    job: {
      title: 'Senior Elixir Engineer',
      apply_url: 'https://jobs.example/elixir',
      city: 'Lisbon',
      location: 'Lisbon, Portugal',
      remote: false,
      full_time: true,
      freelance: false,
      description: 'Build our realtime platform with Elixir and Phoenix. Small team, big impact.',
      tool_ids: [phoenix.id, elixir.id],
      expires_on: inDays(30),
      ...overrides,
    },
  }
}

const jobsUrl = (slug = company.slug) => `/api/v1/companies/${slug}/jobs`

async function toolRowsOf(jobId: number) {
  const rows = await ctx.app.db.select({ toolId: jobTools.toolId }).from(jobTools).where(eq(jobTools.jobId, jobId))
  return rows.map((row) => row.toolId).sort((a, b) => a - b)
}

async function matchTitles(query: string) {
  const response = await new TestClient(ctx.app).get(`/api/v1/match/jobs?${query}`)
  expect(response.status).toBe(200)
  return (response.body.jobs as Array<{ title: string }>).map((job) => job.title)
}

beforeAll(async () => {
  ctx = await createTestApp()
  admin = await buildUser(ctx.app)
  member = await buildUser(ctx.app)
  outsider = await buildUser(ctx.app)
  company = await insertCompany(ctx.app.db, { name: 'Jobsco', admins: [admin], members: [member] })
  other = await insertCompany(ctx.app.db, { name: 'Elsewhere', admins: [outsider] })
  elixir = await buildTool(ctx.app.db, { name: 'Elixir Jobs', slug: 'elixir-jobs' })
  phoenix = await buildTool(ctx.app.db, { name: 'Phoenix Jobs', slug: 'phoenix-jobs' })
  kotlin = await buildTool(ctx.app.db, { name: 'Kotlin Jobs', slug: 'kotlin-jobs' })
  hidden = await buildTool(ctx.app.db, { name: 'Hidden Jobs', slug: 'hidden-jobs', isHidden: true })
})
afterAll(() => ctx.close())

describe('a company admin posts, edits, expires and deletes a job', () => {
  it('writes job_tool and job.tool_ids like an import, and the job shows in Stack Match and on its page', async () => {
    const created = await admin.client.post(jobsUrl(), jobForm())
    expect(created.status).toBe(200)
    const job = created.body.job
    expect(job).toMatchObject({
      title: 'Senior Elixir Engineer',
      slug: `senior-elixir-engineer-${company.slug}`,
      apply_url: 'https://jobs.example/elixir',
      city: 'Lisbon',
      status: 'open',
      expires_on: inDays(30),
      imported: false,
      is_demo: false,
      canonical_url: `/match/jobs/senior-elixir-engineer-${company.slug}`,
    })
    expect(job.tools.map((tool: { slug: string }) => tool.slug)).toEqual(['elixir-jobs', 'phoenix-jobs'])
    const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.id, job.id))
    const sorted = [elixir.id, phoenix.id].sort((a, b) => a - b)
    expect(row!.toolIds).toEqual(sorted)
    expect(await toolRowsOf(job.id)).toEqual(sorted)
    expect(row!.sourceKey).toBeNull()

    expect(await matchTitles('selectedTools=elixir-jobs--phoenix-jobs')).toEqual(['Senior Elixir Engineer'])
    // the search document was written too: keywords find it
    expect(await matchTitles('selectedTools=elixir-jobs&jobSearch=realtime')).toEqual(['Senior Elixir Engineer'])
    const page = await new TestClient(ctx.app).get(`/api/v1/jobs/${job.slug}`)
    expect(page.status).toBe(200)
    expect(page.body.job).toMatchObject({
      title: 'Senior Elixir Engineer',
      company_name: 'Jobsco',
      tools_count: 2,
      is_open: true,
    })

    const list = await admin.client.get(jobsUrl())
    expect(list.status).toBe(200)
    expect(list.body.company).toMatchObject({ id: company.id, slug: company.slug, name: 'Jobsco' })
    expect(list.body.jobs.map((item: { id: number }) => item.id)).toEqual([job.id])
    expect((await admin.client.get(`${jobsUrl()}/${job.id}`)).body.job).toMatchObject({ id: job.id, status: 'open' })
  })

  it('a second job of the same title gets its own slug', async () => {
    const first = await admin.client.post(jobsUrl(), jobForm({ title: 'Twin Role' }))
    const second = await admin.client.post(jobsUrl(), jobForm({ title: 'Twin Role' }))
    expect(second.status).toBe(200)
    expect(second.body.job.slug).toBe(`${first.body.job.slug}-2`)
  })

  it('edits the fields and replaces the tools, keeping the slug and posted date', async () => {
    const created = (await admin.client.post(jobsUrl(), jobForm({ title: 'Android Engineer' }))).body.job
    const edited = await admin.client.put(
      `${jobsUrl()}/${created.id}`,
      jobForm({
        title: 'Android Lead',
        tool_ids: [kotlin.id, kotlin.id],
        remote: true,
        city: '',
        expires_on: inDays(90),
      }),
    )
    expect(edited.status).toBe(200)
    expect(edited.body.job).toMatchObject({
      id: created.id,
      slug: created.slug,
      title: 'Android Lead',
      remote: true,
      city: null,
      posted_at: created.posted_at,
      expires_on: inDays(90),
    })
    expect(edited.body.job.tools.map((tool: { slug: string }) => tool.slug)).toEqual(['kotlin-jobs'])
    expect(await toolRowsOf(created.id)).toEqual([kotlin.id])
    const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.id, created.id))
    expect(row!.toolIds).toEqual([kotlin.id])
    expect(await matchTitles('selectedTools=kotlin-jobs')).toEqual(['Android Lead'])
    expect(await matchTitles('selectedTools=phoenix-jobs')).not.toContain('Android Lead')
  })

  it('expires a job: it leaves Stack Match, its page stays, and an edit may keep or move its date', async () => {
    const created = (await admin.client.post(jobsUrl(), jobForm({ title: 'Expiring Role', tool_ids: [kotlin.id] })))
      .body.job
    expect(await matchTitles('selectedTools=kotlin-jobs')).toContain('Expiring Role')
    const expired = await admin.client.post(`${jobsUrl()}/${created.id}/expire`)
    expect(expired.status).toBe(200)
    expect(expired.body.job).toMatchObject({ status: 'expired', expires_on: todayUtc() })
    expect(await matchTitles('selectedTools=kotlin-jobs')).not.toContain('Expiring Role')
    const closedPage = await new TestClient(ctx.app).get(`/api/v1/jobs/${created.slug}`)
    expect(closedPage.status).toBe(200)
    // its page says it is closed (rendered with 410 and no JobPosting: decision 046)
    expect(closedPage.body.job).toMatchObject({ title: 'Expiring Role', is_open: false })
    const list = (await admin.client.get(jobsUrl())).body.jobs as Array<{ id: number; status: string }>
    expect(list.at(-1)).toMatchObject({ id: created.id, status: 'expired' })

    // keeping the date it has: still expired, no complaint about a past date
    const kept = await admin.client.put(
      `${jobsUrl()}/${created.id}`,
      jobForm({ title: 'Expiring Role', tool_ids: [kotlin.id], expires_on: todayUtc() }),
    )
    expect(kept.status).toBe(200)
    expect(kept.body.job.status).toBe('expired')
    // a new date reopens it
    const reopened = await admin.client.put(
      `${jobsUrl()}/${created.id}`,
      jobForm({ title: 'Expiring Role', tool_ids: [kotlin.id], expires_on: inDays(10) }),
    )
    expect(reopened.body.job.status).toBe('open')
    expect(await matchTitles('selectedTools=kotlin-jobs')).toContain('Expiring Role')
  })

  it('deletes a job with its tools; its page is gone', async () => {
    const created = (await admin.client.post(jobsUrl(), jobForm({ title: 'Short Lived' }))).body.job
    const deleted = await admin.client.delete(`${jobsUrl()}/${created.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ id: created.id, deleted: true })
    expect(await toolRowsOf(created.id)).toEqual([])
    expect((await new TestClient(ctx.app).get(`/api/v1/jobs/${created.slug}`)).status).toBe(404)
    expect((await admin.client.delete(`${jobsUrl()}/${created.id}`)).status).toBe(404)
  })

  it('may edit an imported job of its company (marked imported)', async () => {
    const imported = await saveJob(
      ctx.app.db,
      { title: 'Imported Role', slug: 'imported-role-jobsco', companyId: company.id, sourceKey: 'lever:jobsco-1' },
      [elixir.id],
    )
    const shown = await admin.client.get(`${jobsUrl()}/${imported.id}`)
    expect(shown.body.job).toMatchObject({ imported: true, expires_on: null })
    const edited = await admin.client.put(`${jobsUrl()}/${imported.id}`, jobForm({ title: 'Imported Role, edited' }))
    expect(edited.status).toBe(200)
    const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.id, imported.id))
    expect(row).toMatchObject({
      title: 'Imported Role, edited',
      sourceKey: 'lever:jobsco-1',
      slug: 'imported-role-jobsco',
    })
  })
})

describe('refusals', () => {
  let job: { id: number; slug: string }
  beforeAll(async () => {
    job = (await admin.client.post(jobsUrl(), jobForm({ title: 'Guarded Role' }))).body.job
  })

  const writes = () =>
    [
      ['post', jobsUrl(), jobForm()],
      ['put', `${jobsUrl()}/${job.id}`, jobForm({ title: 'Hijacked' })],
      ['post', `${jobsUrl()}/${job.id}/expire`, {}],
      ['delete', `${jobsUrl()}/${job.id}`, undefined],
    ] as const
  const reads = () => [jobsUrl(), `${jobsUrl()}/${job.id}`]

  async function send(client: TestClient, [method, url, body]: ReturnType<typeof writes>[number]) {
    return method === 'post' ? client.post(url, body) : method === 'put' ? client.put(url, body) : client.delete(url)
  }

  async function unchanged() {
    const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.id, job.id))
    expect(row).toMatchObject({ title: 'Guarded Role', expiresAt: expect.any(Date) })
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now())
  }

  it('answers 401 when signed out', async () => {
    const anonymous = new TestClient(ctx.app)
    for (const write of writes()) expect((await send(anonymous, write)).status).toBe(401)
    for (const url of reads()) expect((await anonymous.get(url)).status).toBe(401)
    await unchanged()
  })

  it('answers 403 to a user outside the company, even an admin of another company', async () => {
    for (const write of writes()) {
      const response = await send(outsider.client, write)
      expect(response.status).toBe(403)
      expect(response.body.error).toMatchObject({ code: 'forbidden', message: ONLY_COMPANY_ADMINS_JOBS })
    }
    for (const url of reads()) expect((await outsider.client.get(url)).status).toBe(403)
    await unchanged()
  })

  it('answers 403 to a plain member of the company', async () => {
    for (const write of writes()) expect((await send(member.client, write)).status).toBe(403)
    for (const url of reads()) expect((await member.client.get(url)).status).toBe(403)
    await unchanged()
  })

  it('answers 403 to writes while impersonating an admin, who may still read', async () => {
    const client = await impersonate(ctx.app, admin)
    for (const write of writes()) {
      const response = await send(client, write)
      expect(response.status).toBe(403)
      expect(response.body.error.message).toBe(IMPERSONATED_EDIT_JOBS)
    }
    for (const url of reads()) expect((await client.get(url)).status).toBe(200)
    await unchanged()
  })

  it("answers 404 for an unknown company, and for another company's job through this company", async () => {
    expect((await admin.client.post(jobsUrl('no-such-company'), jobForm())).status).toBe(404)
    const foreign = (await outsider.client.post(jobsUrl(other.slug), jobForm({ title: 'Foreign Role' }))).body.job
    expect((await admin.client.get(`${jobsUrl()}/${foreign.id}`)).status).toBe(404)
    expect((await admin.client.put(`${jobsUrl()}/${foreign.id}`, jobForm())).status).toBe(404)
    expect((await admin.client.delete(`${jobsUrl()}/${foreign.id}`)).status).toBe(404)
    expect((await admin.client.post(`${jobsUrl(other.slug)}/${foreign.id}/expire`)).status).toBe(403)
  })
})

describe('bad input answers 400 in the envelope', () => {
  async function fieldsOf(body: unknown) {
    const response = await admin.client.post(jobsUrl(), body)
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe('validation_failed')
    return response.body.error.fields as Record<string, string[]>
  }

  it('names each field that is missing, too long or malformed', async () => {
    expect(await fieldsOf({ job: { ...jobForm().job, title: ' ', apply_url: '', description: '' } })).toEqual({
      title: ["can't be blank"],
      apply_url: ["can't be blank"],
      description: ["can't be blank"],
    })
    expect(await fieldsOf(jobForm({ apply_url: 'javascript:alert(1)' }))).toEqual({
      apply_url: ['must be a web address starting with http:// or https://'],
    })
    expect(await fieldsOf(jobForm({ title: 'x'.repeat(201), city: 'c'.repeat(101) }))).toEqual({
      title: ['is too long (maximum is 200 characters)'],
      city: ['is too long (maximum is 100 characters)'],
    })
    expect(await fieldsOf(jobForm({ expires_on: '2026-02-30' }))).toEqual({ expires_on: ['is invalid'] })
    expect(await fieldsOf(jobForm({ tool_ids: [] }))).toEqual({ tool_ids: [JOB_TOOLS_EMPTY] })
    expect(await fieldsOf(jobForm({ tool_ids: 'react' }))).toEqual({ tool_ids: [JOB_TOOLS_EMPTY] })
    expect(await fieldsOf({})).toHaveProperty('job')
  })

  it('refuses unknown or hidden tools and dates in the past or more than a year ahead', async () => {
    expect(await fieldsOf(jobForm({ tool_ids: [elixir.id, 999_999] }))).toEqual({ tool_ids: [JOB_TOOLS_UNKNOWN] })
    expect(await fieldsOf(jobForm({ tool_ids: [hidden.id] }))).toEqual({ tool_ids: [JOB_TOOLS_UNKNOWN] })
    expect(await fieldsOf(jobForm({ expires_on: inDays(-1) }))).toEqual({ expires_on: [JOB_EXPIRY_PAST] })
    expect(await fieldsOf(jobForm({ expires_on: inDays(366) }))).toEqual({ expires_on: [JOB_EXPIRY_TOO_FAR] })
    expect((await admin.client.post(jobsUrl(), jobForm({ expires_on: inDays(365) }))).status).toBe(200)
  })

  it('answers 400 for a job id that is not a number', async () => {
    const response = await admin.client.get(`${jobsUrl()}/abc`)
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ id: ['is invalid'] })
  })
})

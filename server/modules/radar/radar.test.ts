import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_TOKEN_READ_ONLY } from '#contracts/api-tokens.ts'
import {
  type BackstageRadar,
  type CompanyRadar,
  IMPERSONATED_RADAR,
  NOT_ON_RADAR,
  ONLY_COMPANY_ADMINS_RADAR,
  SAME_RING,
  type ZalandoRadar,
} from '#contracts/radar.ts'
import { auditEvents, radarMoves } from '../../db/schema/index.ts'
import { createApiTokenFor, requestWithToken } from '../../test/api-token-fixtures.ts'
import { TestClient } from '../../test/client.ts'
import {
  buildCatalogTool,
  buildCompany,
  buildStack,
  buildTool,
  buildUser,
  type TestUser,
} from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

/**
 * A company with an admin and a member and five public stacks plus a private one: `everywhere` is in all five
 * public stacks (Adopt), `half` in two (Trial), `once` in one (Assess); `devopsTool` (DevOps layer) in one; `secret` only in the private stack.
 */
async function radarSetup() {
  const admin = await buildUser(ctx.app)
  const member = await buildUser(ctx.app)
  const company = await buildCompany(ctx.app.db, {
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: member.id, role: 'member' },
    ],
  })
  const everywhere = await buildCatalogTool(ctx.app.db, {
    name: 'Everywhere',
    category: 'radar-apps',
    layer: 'application-and-data',
  })
  const half = await buildCatalogTool(ctx.app.db, {
    name: 'Half',
    category: 'radar-apps',
    layer: 'application-and-data',
  })
  const once = await buildCatalogTool(ctx.app.db, {
    name: 'Once',
    category: 'radar-apps',
    layer: 'application-and-data',
  })
  const devopsTool = await buildCatalogTool(ctx.app.db, { name: 'Shipper', category: 'ci', layer: 'devops' })
  const uncategorised = await buildTool(ctx.app.db, { name: 'Loose' })
  const secret = await buildCatalogTool(ctx.app.db, {
    name: 'Secret',
    category: 'radar-apps',
    layer: 'application-and-data',
  })
  const owner = { ownerCompanyId: company.id }
  await buildStack(ctx.app.db, { ...owner, tools: [everywhere, half, once] })
  await buildStack(ctx.app.db, { ...owner, tools: [everywhere, half, devopsTool] })
  await buildStack(ctx.app.db, { ...owner, tools: [everywhere, uncategorised] })
  await buildStack(ctx.app.db, { ...owner, tools: [everywhere] })
  await buildStack(ctx.app.db, { ...owner, tools: [everywhere] })
  await buildStack(ctx.app.db, { ...owner, isPrivate: true, tools: [secret] })
  return { admin, member, company, everywhere, half, once, devopsTool, uncategorised, secret }
}

const radarUrl = (slug: string) => `/api/v1/companies/${slug}/radar`
const moveUrl = (slug: string, toolSlug: string) => `${radarUrl(slug)}/${toolSlug}`
const entryOf = (radar: CompanyRadar, slug: string) => radar.entries.find((entry) => entry.tool.slug === slug)

async function movesOf(companyId: number) {
  return ctx.app.db.select().from(radarMoves).where(eq(radarMoves.companyId, companyId))
}

async function radarAuditEvents(companyId: number) {
  return ctx.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'company.radar_tool_moved'), eq(auditEvents.subjectId, String(companyId))))
}

describe('GET /api/v1/companies/{slug}/radar', () => {
  it('answers 200 with each public stack tool in the quadrant of its layer and the ring its use gives it', async () => {
    const setup = await radarSetup()
    const response = await new TestClient(ctx.app).get<CompanyRadar>(radarUrl(setup.company.slug))
    expect(response.status).toBe(200)
    const radar = response.body
    expect(radar.stacks_count).toBe(5)
    expect(radar.can_edit).toBe(false)
    expect(radar.entries.map((entry) => [entry.tool.name, entry.quadrant, entry.ring, entry.used_by])).toEqual([
      // numbered like Zalando's radar.js: top-left quadrant (DevOps) first, then top right (Business Tools),
      // bottom left (Utilities), bottom right (Application & Data); within one, Adopt outwards, then by name
      ['Shipper', 'devops', 'assess', 1],
      ['Loose', 'utilities', 'assess', 1],
      ['Everywhere', 'application-and-data', 'adopt', 5],
      ['Half', 'application-and-data', 'trial', 2],
      ['Once', 'application-and-data', 'assess', 1],
    ])
    expect(radar.entries.map((entry) => entry.number)).toEqual([1, 2, 3, 4, 5])
    expect(radar.entries.every((entry) => entry.moved === 0 && entry.history.length === 0)).toBe(true)
    expect(entryOf(radar, setup.secret.slug)).toBeUndefined()
  })

  it('counts the private stack for a member, who sees its tool, and lets only an admin edit', async () => {
    const setup = await radarSetup()
    const asMember = await setup.member.client.get<CompanyRadar>(radarUrl(setup.company.slug))
    expect(asMember.body.stacks_count).toBe(6)
    expect(entryOf(asMember.body, setup.secret.slug)?.ring).toBe('assess')
    expect(asMember.body.can_edit).toBe(false)
    const asAdmin = await setup.admin.client.get<CompanyRadar>(radarUrl(setup.company.slug))
    expect(asAdmin.body.can_edit).toBe(true)
    expect(asAdmin.headers['cache-control']).toBe('private, no-store')
  })

  it('gives a one-stack company Trial for all its tools', async () => {
    const company = await buildCompany(ctx.app.db)
    const tool = await buildCatalogTool(ctx.app.db, { category: 'radar-utilities', layer: 'utilities' })
    await buildStack(ctx.app.db, { ownerCompanyId: company.id, tools: [tool] })
    const response = await new TestClient(ctx.app).get<CompanyRadar>(radarUrl(company.slug))
    expect(response.body.entries.map((entry) => [entry.ring, entry.quadrant])).toEqual([['trial', 'utilities']])
  })

  it('answers 404 for an unknown company and 400 for an unknown format', async () => {
    const client = new TestClient(ctx.app)
    expect((await client.get(radarUrl('no-such-company-here'))).status).toBe(404)
    const setup = await radarSetup()
    const response = await client.get(`${radarUrl(setup.company.slug)}?format=thoughtworks`)
    expect(response.status).toBe(400)
    expect(response.body.error).toBeDefined()
  })

  it("answers Zalando's and Backstage's radar JSON with ?format=", async () => {
    const setup = await radarSetup()
    const client = new TestClient(ctx.app)
    const zalando = (await client.get<ZalandoRadar>(`${radarUrl(setup.company.slug)}?format=zalando`)).body
    expect(zalando.title).toBe(`${setup.company.name} Tech Radar`)
    expect(zalando.quadrants.map((quadrant) => quadrant.name)).toEqual([
      'Application & Data',
      'Utilities',
      'DevOps',
      'Business Tools',
    ])
    expect(zalando.rings.map((ring) => ring.name)).toEqual(['ADOPT', 'TRIAL', 'ASSESS', 'HOLD'])
    expect(zalando.entries.find((entry) => entry.label === 'Shipper')).toEqual({
      quadrant: 2,
      ring: 2,
      label: 'Shipper',
      link: `http://localhost:3000/tools/${setup.devopsTool.slug}`,
      active: true,
      moved: 0,
    })
    const backstage = (await client.get<BackstageRadar>(`${radarUrl(setup.company.slug)}?format=backstage`)).body
    const everywhere = backstage.entries.find((entry) => entry.id === setup.everywhere.slug)!
    expect(everywhere.quadrant).toBe('application-and-data')
    expect(everywhere.timeline).toHaveLength(1)
    expect(everywhere.timeline[0]).toMatchObject({ ringId: 'adopt', moved: 0 })
  })
})

describe('PUT /api/v1/companies/{slug}/radar/{toolSlug}', () => {
  it('answers 200 when an admin moves a tool: its ring, moved flag and history change, and the audit log has it', async () => {
    const setup = await radarSetup()
    const url = moveUrl(setup.company.slug, setup.everywhere.slug)
    const first = await setup.admin.client.put<CompanyRadar>(url, { ring: 'hold', reason: '  Moving to Other  ' })
    expect(first.status).toBe(200)
    let entry = entryOf(first.body, setup.everywhere.slug)!
    expect(entry).toMatchObject({ ring: 'hold', default_ring: 'adopt', moved: -1 })
    expect(entry.history).toEqual([
      { from: 'adopt', to: 'hold', reason: 'Moving to Other', at: expect.any(String), by: setup.admin.username },
    ])

    const second = await setup.admin.client.put<CompanyRadar>(url, { ring: 'trial', reason: 'Other was worse' })
    entry = entryOf(second.body, setup.everywhere.slug)!
    expect(entry).toMatchObject({ ring: 'trial', moved: 1 })
    expect(entry.history.map((move) => [move.from, move.to])).toEqual([
      ['hold', 'trial'],
      ['adopt', 'hold'],
    ])
    // everyone sees the move
    const visitor = await new TestClient(ctx.app).get<CompanyRadar>(radarUrl(setup.company.slug))
    expect(entryOf(visitor.body, setup.everywhere.slug)?.ring).toBe('trial')

    const events = await radarAuditEvents(setup.company.id)
    expect(events).toHaveLength(2)
    expect(events.find((event) => (event.details.after as { ring: string }).ring === 'hold')).toMatchObject({
      actorId: setup.admin.id,
      subjectType: 'company',
      subjectLabel: setup.company.name,
      details: {
        tool: { id: setup.everywhere.id, slug: setup.everywhere.slug, name: 'Everywhere' },
        before: { ring: 'adopt' },
        after: { ring: 'hold' },
        reason: 'Moving to Other',
      },
    })
  })

  it('answers 200 to an admin with a write token', async () => {
    const setup = await radarSetup()
    const token = await createApiTokenFor(setup.admin, { scope: 'write' })
    const response = await requestWithToken(
      ctx.app,
      token.secret,
      'PUT',
      moveUrl(setup.company.slug, setup.once.slug),
      {
        payload: { ring: 'adopt', reason: 'We standardise on it' },
      },
    )
    expect(response.status).toBe(200)
    expect((await movesOf(setup.company.id)).map((move) => move.toRing)).toEqual(['adopt'])
  })

  describe('refusals, each writing nothing', () => {
    const body = { ring: 'hold', reason: 'Not for new projects' }

    async function expectRefused(
      setup: Awaited<ReturnType<typeof radarSetup>>,
      response: { status: number; body: any },
      status: number,
      message?: string,
    ) {
      expect(response.status).toBe(status)
      if (message) expect(response.body.error.message).toBe(message)
      expect(await movesOf(setup.company.id)).toEqual([])
      expect(await radarAuditEvents(setup.company.id)).toEqual([])
    }

    it('answers 401 when signed out', async () => {
      const setup = await radarSetup()
      const response = await new TestClient(ctx.app).put(moveUrl(setup.company.slug, setup.half.slug), body)
      await expectRefused(setup, response, 401)
    })

    it('answers 403 when a member who is not admin moves a tool', async () => {
      const setup = await radarSetup()
      const response = await setup.member.client.put(moveUrl(setup.company.slug, setup.half.slug), body)
      await expectRefused(setup, response, 403, ONLY_COMPANY_ADMINS_RADAR)
    })

    it("answers 403 when another company's admin moves a tool", async () => {
      const setup = await radarSetup()
      const other = await radarSetup()
      const response = await other.admin.client.put(moveUrl(setup.company.slug, setup.half.slug), body)
      await expectRefused(setup, response, 403, ONLY_COMPANY_ADMINS_RADAR)
    })

    it("answers 403 to the admin's read-only token", async () => {
      const setup = await radarSetup()
      const token = await createApiTokenFor(setup.admin, { scope: 'read' })
      const response = await requestWithToken(
        ctx.app,
        token.secret,
        'PUT',
        moveUrl(setup.company.slug, setup.half.slug),
        {
          payload: body,
        },
      )
      await expectRefused(setup, response, 403, API_TOKEN_READ_ONLY)
    })

    it('answers 403 to a site admin impersonating the company admin', async () => {
      const setup = await radarSetup()
      const client = await impersonate(ctx.app, setup.admin)
      const response = await client.put(moveUrl(setup.company.slug, setup.half.slug), body)
      await expectRefused(setup, response, 403, IMPERSONATED_RADAR)
    })

    it('answers 400 for an unknown ring, a short reason or the ring the tool has', async () => {
      const setup = await radarSetup()
      const url = moveUrl(setup.company.slug, setup.half.slug)
      const badRing = await setup.admin.client.put(url, { ring: 'retire', reason: 'Not for new projects' })
      await expectRefused(setup, badRing, 400)
      expect(badRing.body.error.fields.ring).toEqual(['must be Adopt, Trial, Assess or Hold'])
      const shortReason = await setup.admin.client.put(url, { ring: 'hold', reason: ' x ' })
      await expectRefused(setup, shortReason, 400)
      expect(shortReason.body.error.fields.reason).toEqual(['is too short (minimum is 3 characters)'])
      const sameRing = await setup.admin.client.put(url, { ring: 'trial', reason: 'Still our choice' })
      await expectRefused(setup, sameRing, 400)
      expect(sameRing.body.error.fields.ring).toEqual([SAME_RING])
    })

    it("answers 404 for a tool that is not on the company's radar, or an unknown company", async () => {
      const setup = await radarSetup()
      const stranger: TestUser = setup.admin
      const elsewhere = await buildCatalogTool(ctx.app.db, { category: 'ci', layer: 'devops' })
      const notOnRadar = await stranger.client.put(moveUrl(setup.company.slug, elsewhere.slug), body)
      await expectRefused(setup, notOnRadar, 404, NOT_ON_RADAR)
      const noCompany = await stranger.client.put(moveUrl('no-such-company-here', elsewhere.slug), body)
      expect(noCompany.status).toBe(404)
    })
  })
})

// The code-host API (decision 063): company admins connect, change and remove a code host and start a sync; the
// credentials are sealed at rest and never answered; every refusal is in the one envelope and writes nothing.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CODE_HOST_NEEDS_CREDENTIALS,
  CodeHostSettingsBody,
  HOST_URL_CREDENTIALS_MESSAGE,
  ONLY_COMPANY_ADMINS_CODE_HOST,
} from '#contracts/code-hosts.ts'
import { auditEvents, codeHostConnections } from '../../db/schema/index.ts'
import { createApiTokenFor, requestWithToken } from '../../test/api-token-fixtures.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { openSecret } from './code-host-secrets.ts'
import { openAuth } from './code-host-settings.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const TOKEN = 'ghp_secret_token_0123456789'

async function companyWithAdmin() {
  const admin = await buildUser(ctx.app)
  const member = await buildUser(ctx.app)
  const company = await buildCompany(ctx.app.db, {
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: member.id, role: 'member' },
    ],
  })
  return { admin, member, company, path: `/api/v1/companies/${company.slug}/code-host` }
}

const githubSettings = (overrides: Record<string, unknown> = {}) => ({
  kind: 'github',
  owner: 'acme',
  auth: { type: 'token', token: TOKEN },
  include: ['acme/api-*'],
  ...overrides,
})

const connectionOf = async (companyId: number) =>
  (await ctx.app.db.select().from(codeHostConnections).where(eq(codeHostConnections.companyId, companyId)))[0]

const auditActionsOf = async (companyId: number) =>
  (
    await ctx.app.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'company'), eq(auditEvents.subjectId, String(companyId))))
      .orderBy(auditEvents.id)
  ).map((row) => row.action)

describe('PUT /api/v1/companies/{slug}/code-host', () => {
  it('connects a GitHub organisation with the defaults, seals the token and answers neither it nor its seal', async () => {
    const { admin, company, path } = await companyWithAdmin()
    const response = await admin.client.put(path, githubSettings())
    expect(response.status).toBe(200)
    expect(response.body.code_host).toMatchObject({
      kind: 'github',
      api_url: 'https://api.github.com',
      owner: 'acme',
      auth_type: 'token',
      has_credentials: true,
      include: ['acme/api-*'],
      exclude: [],
      skip_archived: true,
      skip_forks: true,
      removal_policy: 'review',
      schedule: 'daily',
    })
    // the webhook secret the server made, this once
    expect(response.body.webhook_secret).toMatch(/^[\w-]{32}$/)
    const row0 = await connectionOf(company.id)
    expect(response.body.code_host.webhook_url).toBe(`http://localhost:3000/api/v1/code-host-webhooks/${row0!.id}`)
    expect(JSON.stringify(response.body)).not.toContain(TOKEN)
    const row = await connectionOf(company.id)
    expect(row!.sealedSecret).not.toContain(TOKEN)
    expect(Buffer.from(row!.sealedSecret!, 'base64')[0]).toBe(1) // the key's version byte
    expect(openAuth(ctx.app.config.authSecret, row!)).toEqual({ type: 'token', token: TOKEN })
    expect(openSecret(ctx.app.config.authSecret, company.id, row!.sealedWebhookSecret)).toBe(
      response.body.webhook_secret,
    )
    const fetched = await admin.client.get(path)
    expect(fetched.status).toBe(200)
    expect(JSON.stringify(fetched.body)).not.toContain(TOKEN)
    expect(fetched.body.code_host).not.toHaveProperty('webhook_secret')
    expect(await auditActionsOf(company.id)).toEqual(['company.code_host_connected'])
  })

  it('replaces the settings and keeps the stored token when none is sent, then replaces just the token', async () => {
    const { admin, company, path } = await companyWithAdmin()
    await admin.client.put(path, githubSettings())
    const sealedBefore = (await connectionOf(company.id))!.sealedSecret
    const changed = await admin.client.put(path, {
      kind: 'github',
      owner: 'acme-labs',
      exclude: ['acme-labs/legacy-*'],
      removal_policy: 'automatic',
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({
      code_host: { owner: 'acme-labs', exclude: ['acme-labs/legacy-*'], include: [], removal_policy: 'automatic' },
      webhook_secret: null,
    })
    const kept = await connectionOf(company.id)
    expect(openAuth(ctx.app.config.authSecret, kept!)).toEqual({ type: 'token', token: TOKEN })
    expect(kept!.sealedSecret).not.toBe(sealedBefore) // sealed again with a fresh nonce

    const rotated = await admin.client.put(path, { auth: { type: 'token', token: 'ghp_rotated' } })
    expect(rotated.status).toBe(200)
    expect(rotated.body.code_host).toMatchObject({ owner: 'acme-labs', removal_policy: 'automatic' })
    expect(openAuth(ctx.app.config.authSecret, (await connectionOf(company.id))!)).toEqual({
      type: 'token',
      token: 'ghp_rotated',
    })
    const actions = await auditActionsOf(company.id)
    expect(actions).toEqual(['company.code_host_connected', 'company.code_host_replaced', 'company.code_host_replaced'])
    const [event] = await ctx.app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'company.code_host_replaced'), eq(auditEvents.subjectId, String(company.id))))
    expect(JSON.stringify(event!.details)).not.toContain(TOKEN)
  })

  it('connects GitLab with a group and a GitHub App, and a list of git URLs without credentials', async () => {
    const { admin, path } = await companyWithAdmin()
    const gitlab = await admin.client.put(path, {
      kind: 'gitlab',
      api_url: 'https://gitlab.example.com/',
      group: 'acme/platform',
      auth: { type: 'token', token: 'glpat-x' },
    })
    expect(gitlab.body.code_host).toMatchObject({
      kind: 'gitlab',
      api_url: 'https://gitlab.example.com',
      group: 'acme/platform',
    })
    const app = await admin.client.put(path, {
      kind: 'github',
      owner: 'acme',
      auth: {
        type: 'app',
        app_id: '12345',
        installation_id: '678',
        private_key: '-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----',
      },
    })
    expect(app.body.code_host).toMatchObject({ auth_type: 'app', app_id: '12345', installation_id: '678' })
    expect(JSON.stringify(app.body)).not.toContain('PRIVATE KEY')
    const git = await admin.client.put(path, { kind: 'git', urls: ['https://git.example.com/acme/api.git'] })
    expect(git.body.code_host).toMatchObject({
      kind: 'git',
      urls: ['https://git.example.com/acme/api.git'],
      has_credentials: false,
      // git URLs send no webhooks
      webhook_url: null,
    })
  })

  it('answers 400 with the field when a first connection has no token, and writes nothing', async () => {
    const { admin, company, path } = await companyWithAdmin()
    const response = await admin.client.put(path, { kind: 'gitlab', group: 'acme' })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { auth: [CODE_HOST_NEEDS_CREDENTIALS] } },
    })
    expect(await connectionOf(company.id)).toBeUndefined()
    expect(await auditActionsOf(company.id)).toEqual([])
  })

  it('answers 400 for a bad pattern or URL', async () => {
    const { admin, path } = await companyWithAdmin()
    expect((await admin.client.put(path, githubSettings({ include: ['acme/$(rm)'] }))).status).toBe(400)
    expect((await admin.client.put(path, { kind: 'git', urls: ['file:///etc/passwd'] })).status).toBe(400)
  })

  it('answers 400 for an address holding a user name or password, saying where credentials go (report F-11)', async () => {
    const { admin, path } = await companyWithAdmin()
    const gitlab = { kind: 'gitlab', group: 'acme', auth: { type: 'token', token: TOKEN } }
    for (const body of [
      { ...gitlab, api_url: 'http://user:secretpw@gitlab.acme.test' },
      { ...gitlab, api_url: 'gitlab.acme.test@evil.example' },
      { ...gitlab, api_url: 'https://token@gitlab.acme.test' },
      githubSettings({ api_url: 'https://user:pw@github.acme.test/api/v3' }),
      { kind: 'git', urls: ['https://git.acme.test/a.git', 'https://user:secretpw@git.acme.test/b.git'] },
    ]) {
      const response = await admin.client.put(path, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(response.body)).not.toContain('secretpw')
      // the contract says why (the route's union of bodies answers its generic "Invalid input")
      expect(JSON.stringify(CodeHostSettingsBody.safeParse(body).error?.issues)).toContain(HOST_URL_CREDENTIALS_MESSAGE)
    }
  })
})

describe('who may manage a code host', () => {
  let setup: Awaited<ReturnType<typeof companyWithAdmin>>
  let otherAdmin: TestUser
  beforeAll(async () => {
    setup = await companyWithAdmin()
    await setup.admin.client.put(setup.path, githubSettings())
    const other = await companyWithAdmin()
    otherAdmin = other.admin
  })

  const calls = (path: string) =>
    [
      ['GET', path],
      ['PUT', path],
      ['DELETE', path],
      ['POST', `${path}/sync`],
      ['GET', `${path}/repositories`],
    ] as const

  it('answers 401 to every call when signed out', async () => {
    const anonymous = new TestClient(ctx.app)
    for (const [method, url] of calls(setup.path)) {
      const response = await anonymous.request(method, url, method === 'PUT' ? githubSettings() : undefined)
      expect(response.status, `${method} ${url}`).toBe(401)
    }
  })

  it('answers 403 to a member who is not admin and to the admin of another company', async () => {
    for (const user of [setup.member, otherAdmin]) {
      for (const [method, url] of calls(setup.path)) {
        const response = await user.client.request(method, url, method === 'PUT' ? githubSettings() : undefined)
        expect(response.status, `${method} ${url}`).toBe(403)
        expect(response.body).toMatchObject({ error: { code: 'forbidden', message: ONLY_COMPANY_ADMINS_CODE_HOST } })
      }
    }
    expect(await auditActionsOf(setup.company.id)).toEqual(['company.code_host_connected'])
  })

  it("answers 403 to a read-only API token's writes, and its reads", async () => {
    const token = await createApiTokenFor(setup.admin, { scope: 'read' })
    for (const [method, url] of calls(setup.path).filter(([method]) => method !== 'GET')) {
      const response = await requestWithToken(ctx.app, token.secret, method, url, {
        payload: method === 'PUT' ? githubSettings() : undefined,
      })
      expect(response.status, `${method} ${url}`).toBe(403)
    }
    const read = await requestWithToken(ctx.app, token.secret, 'GET', setup.path)
    expect(read.status).toBe(200)
    expect(await auditActionsOf(setup.company.id)).toEqual(['company.code_host_connected'])
  })

  it('answers 404 for a company that does not exist', async () => {
    expect((await setup.admin.client.get('/api/v1/companies/no-such-company/code-host')).status).toBe(404)
  })
})

describe('DELETE and sync', () => {
  it('removes the connection with an audit record, then answers 404 to a second removal and to sync', async () => {
    const { admin, company, path } = await companyWithAdmin()
    expect((await admin.client.get(path)).body).toEqual({ code_host: null })
    await admin.client.put(path, githubSettings())
    const sync = await admin.client.post(`${path}/sync`)
    expect(sync.status).toBe(202)
    const removed = await admin.client.delete(path)
    expect(removed.status).toBe(204)
    expect(await connectionOf(company.id)).toBeUndefined()
    expect((await admin.client.delete(path)).status).toBe(404)
    expect((await admin.client.post(`${path}/sync`)).status).toBe(404)
    expect(await auditActionsOf(company.id)).toEqual([
      'company.code_host_connected',
      'company.code_host_sync_started',
      'company.code_host_removed',
    ])
  })
})

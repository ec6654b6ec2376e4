// Push webhooks (issue 18 "Keep current", decision 063 "Webhooks"): GitHub and GitLab deliveries signed with the secret
// the connection holds, on a private site (the wall lets verified deliveries through), queue a rescan of the one
// repository pushed to, which the job queue runs through the real scan engine over a local git repository; bad
// signatures, replays, pings, other branches and unknown repositories are refused or acknowledged without a scan.
import crypto from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_HOST_WEBHOOK_BODY_MAX_BYTES, WEBHOOK_NOT_VERIFIED } from '#contracts/code-hosts.ts'
import {
  codeHostConnections,
  codeHostDeliveries,
  stacks,
  stackTools,
  syncedRepositories,
  tools,
} from '../../db/schema/index.ts'
import {
  createFakeCodeHost,
  hostedRepository,
  packageJsonOf as packageJson,
  seedSyncCatalog,
} from '../../test/code-host-fixtures.ts'
import { buildCompany, buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { commitFiles, createGitRepository, type FixtureRepository, headOf } from '../../test/scan-servers.ts'

const host = createFakeCodeHost()
let ctx: TestContext
const fixtures: FixtureRepository[] = []
beforeAll(async () => {
  ctx = await createTestApp({ siteMode: 'private' }, { createCodeHostClient: host.createClient })
  await seedSyncCatalog(ctx.app.db)
}, 60_000)
afterAll(async () => {
  await ctx.close()
  for (const fixture of fixtures) fixture.remove()
})

function repository(dependencies: Record<string, string>) {
  const fixture = createGitRepository({ 'package.json': packageJson(dependencies) })
  fixtures.push(fixture)
  return fixture
}

async function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 600; tries++) {
    const value = await read()
    if (isDone(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('not reached within 60 s')
}

const repositoryRow = async (connectionId: number, fullName: string) =>
  (
    await ctx.app.db
      .select()
      .from(syncedRepositories)
      .where(and(eq(syncedRepositories.connectionId, connectionId), eq(syncedRepositories.fullName, fullName)))
  )[0]!

const toolSlugsOf = async (repositoryId: number) =>
  (
    await ctx.app.db
      .select({ slug: tools.slug })
      .from(stackTools)
      .innerJoin(tools, eq(tools.id, stackTools.toolId))
      .innerJoin(stacks, eq(stacks.id, stackTools.stackId))
      .where(eq(stacks.syncedRepositoryId, repositoryId))
      .orderBy(tools.slug)
  ).map((row) => row.slug)

/**
 * A company connected to the in-test host with two repositories (`{owner}/api`, `{owner}/web`), synced once:
 * answers the connection's id and the webhook secret the server made for it.
 */
async function syncedConnection(kind: 'github' | 'gitlab', owner: string) {
  const api = repository({ express: '^4.18.2' })
  const web = repository({ react: '18.2.0' })
  host.repositories.set(owner, [
    hostedRepository(api, `${owner}/api`, { hostId: '101' }),
    hostedRepository(web, `${owner}/web`, { hostId: '102' }),
  ])
  const admin = await buildUser(ctx.app)
  const company = await buildCompany(ctx.app.db, { members: [{ userId: admin.id, role: 'admin' }] })
  const path = `/api/v1/companies/${company.slug}/code-host`
  const target = kind === 'github' ? { owner } : { group: owner }
  const connected = await admin.client.put(path, { kind, ...target, auth: { type: 'token', token: 'token-1' } })
  expect(connected.status).toBe(200)
  const secret: string = connected.body.webhook_secret
  const [connection] = await ctx.app.db
    .select()
    .from(codeHostConnections)
    .where(eq(codeHostConnections.companyId, company.id))
  expect((await admin.client.post(`${path}/sync`)).status).toBe(202)
  for (const name of ['api', 'web']) {
    await eventually(
      () => repositoryRow(connection!.id, `${owner}/${name}`),
      (row) => row?.state === 'synced',
    )
  }
  return { connectionId: connection!.id, secret, api }
}

let deliveries = 0
const nextDeliveryId = () => `delivery-${++deliveries}-${crypto.randomUUID()}`

function githubPush(
  secret: string,
  push: { repositoryId: number; fullName: string; ref?: string; after: string },
  options: { deliveryId?: string; event?: string; signature?: string | null } = {},
) {
  const body = JSON.stringify({
    ref: push.ref ?? 'refs/heads/main',
    before: '0'.repeat(39).concat('1'),
    after: push.after,
    repository: { id: push.repositoryId, full_name: push.fullName },
    head_commit: { id: push.after },
  })
  const signature = `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-delivery': options.deliveryId ?? nextDeliveryId(),
      'x-github-event': options.event ?? 'push',
      ...(options.signature === null ? {} : { 'x-hub-signature-256': options.signature ?? signature }),
    },
  }
}

function gitlabPush(token: string, push: { projectId: number; path: string; after: string }) {
  return {
    body: JSON.stringify({
      object_kind: 'push',
      ref: 'refs/heads/main',
      after: push.after,
      project_id: push.projectId,
      project: { id: push.projectId, path_with_namespace: push.path },
    }),
    headers: {
      'content-type': 'application/json',
      'x-gitlab-event': 'Push Hook',
      'x-gitlab-token': token,
      'idempotency-key': nextDeliveryId(),
    },
  }
}

function deliver(connectionId: number | string, delivery: { body: string; headers: Record<string, string> }) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/code-host-webhooks/${connectionId}`,
    headers: delivery.headers,
    payload: delivery.body,
  })
}

describe('POST /api/v1/code-host-webhooks/{connectionId}', () => {
  it('queues a rescan of the repository a signed GitHub push names, and that scan alone runs, on a private site', async () => {
    const { connectionId, secret, api } = await syncedConnection('github', 'hook-one')
    const webBefore = await repositoryRow(connectionId, 'hook-one/web')
    const connectionBefore = (
      await ctx.app.db.select().from(codeHostConnections).where(eq(codeHostConnections.id, connectionId))
    )[0]!
    const after = commitFiles(api, { 'package.json': packageJson({ express: '^4.18.2', redis: '^4.6.0' }) })

    const response = await deliver(
      connectionId,
      githubPush(secret, { repositoryId: 101, fullName: 'hook-one/api', after }),
    )
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({
      queued: true,
      duplicate: false,
      message: 'A rescan of hook-one/api is queued.',
    })

    const apiRow = await eventually(
      () => repositoryRow(connectionId, 'hook-one/api'),
      (row) => row.state === 'synced' && row.lastCommit === after,
    )
    expect(apiRow.lastCommit).toBe(headOf(api))
    expect(await toolSlugsOf(apiRow.id)).toEqual(['express', 'redis'])
    // the other repository was not scanned again, and no listing of the host ran
    expect((await repositoryRow(connectionId, 'hook-one/web')).lastScannedAt).toEqual(webBefore.lastScannedAt)
    const connectionAfter = (
      await ctx.app.db.select().from(codeHostConnections).where(eq(codeHostConnections.id, connectionId))
    )[0]!
    expect(connectionAfter.lastSyncStartedAt).toEqual(connectionBefore.lastSyncStartedAt)
  }, 120_000)

  it('answers a replayed delivery 200 duplicate and queues nothing', async () => {
    const { connectionId, secret, api } = await syncedConnection('github', 'hook-two')
    const after = commitFiles(api, { 'package.json': packageJson({ redis: '^4.6.0' }) })
    const push = githubPush(secret, { repositoryId: 101, fullName: 'hook-two/api', after })
    expect((await deliver(connectionId, push)).statusCode).toBe(202)
    await eventually(
      () => repositoryRow(connectionId, 'hook-two/api'),
      (row) => row.state === 'synced' && row.lastCommit === after,
    )
    commitFiles(api, { 'package.json': packageJson({ react: '18.2.0' }) })

    const replay = await deliver(connectionId, push)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toMatchObject({ queued: false, duplicate: true })
    const row = await repositoryRow(connectionId, 'hook-two/api')
    expect(row).toMatchObject({ state: 'synced', lastCommit: after })
    const recorded = await ctx.app.db
      .select()
      .from(codeHostDeliveries)
      .where(eq(codeHostDeliveries.connectionId, connectionId))
    expect(recorded).toHaveLength(1)
  }, 120_000)

  it('queues a rescan for a GitLab push carrying the secret token', async () => {
    const { connectionId, secret, api } = await syncedConnection('gitlab', 'hook-lab')
    const after = commitFiles(api, { 'package.json': packageJson({ express: '^4.18.2', react: '18.2.0' }) })
    const response = await deliver(connectionId, gitlabPush(secret, { projectId: 101, path: 'hook-lab/api', after }))
    expect(response.statusCode).toBe(202)
    expect(response.json()).toMatchObject({ queued: true })
    const row = await eventually(
      () => repositoryRow(connectionId, 'hook-lab/api'),
      (value) => value.state === 'synced' && value.lastCommit === after,
    )
    expect(await toolSlugsOf(row.id)).toEqual(['express', 'react'])

    const wrongToken = await deliver(
      connectionId,
      gitlabPush(`${secret}x`, { projectId: 101, path: 'hook-lab/api', after }),
    )
    expect(wrongToken.statusCode).toBe(401)
  }, 120_000)

  it('answers 401 with one message to a bad or a missing signature and to an unknown connection, and records nothing', async () => {
    const { connectionId, secret, api } = await syncedConnection('github', 'hook-three')
    const push = { repositoryId: 101, fullName: 'hook-three/api', after: headOf(api) }
    const badlySigned = await deliver(connectionId, githubPush(`${secret}-other`, push))
    const unsigned = await deliver(connectionId, githubPush(secret, push, { signature: null }))
    for (const response of [badlySigned, unsigned]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: WEBHOOK_NOT_VERIFIED } })
    }
    expect(badlySigned.body).toBe(unsigned.body)
    // a body changed after signing does not pass either
    const signed = githubPush(secret, push)
    const tampered = { ...signed, body: signed.body.replace('refs/heads/main', 'refs/heads/mainx') }
    expect((await deliver(connectionId, tampered)).statusCode).toBe(401)

    // an unknown connection answers as a known one with a bad signature: which ids exist is not told (decision 078)
    const unknown = await deliver(2_000_000_000, githubPush(secret, push))
    expect(unknown.statusCode).toBe(401)
    expect(unknown.body).toBe(badlySigned.body)
    const recorded = await ctx.app.db
      .select()
      .from(codeHostDeliveries)
      .where(eq(codeHostDeliveries.connectionId, connectionId))
    expect(recorded).toEqual([])
    expect((await repositoryRow(connectionId, 'hook-three/api')).state).toBe('synced')
  }, 120_000)

  it('acknowledges a ping, another event, a push to another branch and one to an unknown repository without a scan', async () => {
    const { connectionId, secret, api } = await syncedConnection('github', 'hook-four')
    const after = commitFiles(api, { 'package.json': packageJson({ redis: '^4.6.0' }) })
    const push = { repositoryId: 101, fullName: 'hook-four/api', after }
    const answers = [
      await deliver(connectionId, githubPush(secret, push, { event: 'ping' })),
      await deliver(connectionId, githubPush(secret, push, { event: 'issues' })),
      await deliver(connectionId, githubPush(secret, { ...push, ref: 'refs/heads/feature' })),
      await deliver(connectionId, githubPush(secret, { ...push, repositoryId: 999, fullName: 'hook-four/other' })),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202)
      expect(answer.json()).toMatchObject({ queued: false, duplicate: false })
    }
    expect(answers.map((answer) => answer.json().message)).toEqual([
      'Webhook received; pushes to the default branch are synced.',
      'GitHub event "issues" is not acted on.',
      'Only pushes to the default branch are synced.',
      'The repository is not synced by this connection.',
    ])
    expect(await repositoryRow(connectionId, 'hook-four/api')).toMatchObject({ state: 'synced' })
    expect((await repositoryRow(connectionId, 'hook-four/api')).lastCommit).not.toBe(after)
  }, 120_000)

  it('prunes delivery ids older than seven days when it records one', async () => {
    const { connectionId, secret, api } = await syncedConnection('github', 'hook-five')
    await ctx.app.db.insert(codeHostDeliveries).values([
      { connectionId, deliveryId: 'old', receivedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) },
      { connectionId, deliveryId: 'recent', receivedAt: new Date(Date.now() - 6 * 24 * 60 * 60 * 1000) },
    ])
    const push = githubPush(secret, {
      repositoryId: 102,
      fullName: 'hook-five/web',
      ref: 'refs/heads/other',
      after: headOf(api),
    })
    expect((await deliver(connectionId, push)).statusCode).toBe(202)
    const kept = await ctx.app.db
      .select({ id: codeHostDeliveries.deliveryId })
      .from(codeHostDeliveries)
      .where(eq(codeHostDeliveries.connectionId, connectionId))
    expect(kept.map((row) => row.id).sort()).toEqual(['recent', push.headers['x-github-delivery']].sort())
    const stale = await ctx.app.db
      .select()
      .from(codeHostDeliveries)
      .where(lt(codeHostDeliveries.receivedAt, sql`now() - interval '7 days'`))
    expect(stale).toEqual([])
  }, 120_000)

  it('answers 413 to a body past the limit and 400 to a signed body that is not JSON', async () => {
    const { connectionId, secret } = await syncedConnection('github', 'hook-six')
    const huge = 'x'.repeat(CODE_HOST_WEBHOOK_BODY_MAX_BYTES + 1)
    const tooLarge = await deliver(connectionId, { body: huge, headers: { 'content-type': 'application/json' } })
    expect(tooLarge.statusCode).toBe(413)
    const body = 'not json'
    const signature = `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`
    const notJson = await deliver(connectionId, {
      body,
      headers: {
        'content-type': 'text/plain',
        'x-github-delivery': nextDeliveryId(),
        'x-github-event': 'push',
        'x-hub-signature-256': signature,
      },
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toMatchObject({ error: { code: 'validation_failed', message: 'The delivery is not JSON.' } })
  }, 120_000)
})

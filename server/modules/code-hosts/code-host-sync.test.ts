// The code-host sync on the job queue (decision 063), against an in-test code host over local git repositories and
// the real scan engine: one stack per repository, filters, hand-added tools kept, lost tools flagged or removed,
// history and notifications per rescan, and a second sync with no code change writing nothing.
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  codeHostConnections,
  follows,
  notifications,
  stackSyncChanges,
  stacks,
  stackTools,
  syncedRepositories,
  tools,
} from '../../db/schema/index.ts'
import { rowsOf } from '../../db/statements.ts'
import { TestClient } from '../../test/client.ts'
import {
  createFakeCodeHost,
  hostedRepository,
  packageJsonOf as packageJson,
  seedSyncCatalog,
  syncAndWait,
} from '../../test/code-host-fixtures.ts'
import { contentChangesSettled } from '../../test/content-changes.ts'
import { buildCompany, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { commitFiles, createGitRepository, type FixtureRepository, headOf } from '../../test/scan-servers.ts'
import { queueScheduledSyncs } from './code-host-sync.ts'

const host = createFakeCodeHost()
let ctx: TestContext
const fixtures: FixtureRepository[] = []
beforeAll(async () => {
  ctx = await createTestApp({}, { createCodeHostClient: host.createClient })
  await seedSyncCatalog(ctx.app.db)
}, 60_000)
afterAll(async () => {
  await ctx.close()
  for (const fixture of fixtures) fixture.remove()
})

function repository(files: Record<string, string>) {
  const fixture = createGitRepository(files)
  fixtures.push(fixture)
  return fixture
}

let sequence = 0
async function connectedCompany(owner: string, settings: Record<string, unknown> = {}) {
  const admin = await buildUser(ctx.app)
  const company = await buildCompany(ctx.app.db, { members: [{ userId: admin.id, role: 'admin' }] })
  const path = `/api/v1/companies/${company.slug}/code-host`
  const response = await admin.client.put(path, {
    kind: 'github',
    owner,
    auth: { type: 'token', token: `ghp_${++sequence}` },
    ...settings,
  })
  expect(response.status).toBe(200)
  const [connection] = await ctx.app.db
    .select()
    .from(codeHostConnections)
    .where(eq(codeHostConnections.companyId, company.id))
  return { admin, company, path, connectionId: connection!.id }
}

const connectionRow = async (connectionId: number) =>
  (await ctx.app.db.select().from(codeHostConnections).where(eq(codeHostConnections.id, connectionId)))[0]!

async function waitUntil(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 600; tries++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('not reached within 60 s')
}

/** Starts a sync through the API and waits until the listing and every repository's scan are over. */
const sync = (admin: TestUser, path: string, connectionId: number) => syncAndWait(ctx.app.db, admin, path, connectionId)

async function stackOf(connectionId: number, fullName: string) {
  const [row] = await ctx.app.db
    .select({ stack: stacks })
    .from(stacks)
    .innerJoin(syncedRepositories, eq(syncedRepositories.id, stacks.syncedRepositoryId))
    .where(and(eq(syncedRepositories.connectionId, connectionId), eq(syncedRepositories.fullName, fullName)))
  return row?.stack ?? null
}

async function toolsOf(stackId: number) {
  return ctx.app.db
    .select({
      slug: tools.slug,
      isFromSync: stackTools.isFromSync,
      version: stackTools.version,
      flagged: stackTools.flaggedForRemovalAt,
    })
    .from(stackTools)
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .where(eq(stackTools.stackId, stackId))
    .orderBy(tools.slug)
}

const notificationsOf = (userId: number) =>
  ctx.app.db
    .select({ type: notifications.type, subject: notifications.subject, path: notifications.targetPath })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, 'stack_synced')))

describe('a code-host sync', () => {
  it('makes one stack per listed repository, owned by the company and marked synced, and skips what the filters leave out', async () => {
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2', redis: '^4.6.0' }) })
    const web = repository({ 'package.json': packageJson({ react: '18.2.0' }) })
    const other = repository({ 'package.json': packageJson({ react: '18.2.0' }) })
    host.repositories.set('acme-one', [
      hostedRepository(api, 'acme-one/api'),
      hostedRepository(web, 'acme-one/web'),
      hostedRepository(other, 'acme-one/old', { archived: true }),
      hostedRepository(other, 'acme-one/forked', { fork: true }),
      hostedRepository(other, 'acme-one/legacy-site'),
    ])
    const { admin, company, path, connectionId } = await connectedCompany('acme-one', {
      exclude: ['acme-one/legacy-*'],
    })
    await sync(admin, path, connectionId)

    const listed = await admin.client.get(`${path}/repositories`)
    expect(listed.status).toBe(200)
    expect(listed.body.total).toBe(5)
    const byName = Object.fromEntries(
      listed.body.repositories.map((row: { full_name: string }) => [row.full_name, row]),
    )
    expect(byName['acme-one/api']).toMatchObject({
      state: 'synced',
      last_commit: headOf(api),
      last_result: '2 tools found, 2 added.',
      stack: { name: 'acme-one/api', path: `/${company.slug}/acme-one-api` },
    })
    expect(byName['acme-one/web']).toMatchObject({ state: 'synced', stack: { name: 'acme-one/web' } })
    expect(byName['acme-one/old']).toMatchObject({ state: 'skipped', last_result: 'Skipped: archived.', stack: null })
    expect(byName['acme-one/forked']).toMatchObject({ state: 'skipped', last_result: 'Skipped: a fork.' })
    expect(byName['acme-one/legacy-site'].last_result).toBe('Skipped: matches the exclude pattern acme-one/legacy-*.')

    const stack = await stackOf(connectionId, 'acme-one/api')
    expect(stack).toMatchObject({ ownerCompanyId: company.id, syncedCommit: headOf(api), isPrivate: false })
    expect(stack!.syncedAt).toBeInstanceOf(Date)
    expect(await toolsOf(stack!.id)).toEqual([
      // the mapper's versions: the range's version for a library, none for a server's client package
      { slug: 'express', isFromSync: true, version: '4.18.2', flagged: null },
      { slug: 'redis', isFromSync: true, version: null, flagged: null },
    ])
    const history = await ctx.app.db.select().from(stackSyncChanges).where(eq(stackSyncChanges.stackId, stack!.id))
    expect(history).toHaveLength(1)
    expect(history[0]!.added.map((tool) => tool.slug)).toEqual(['express', 'redis'])
    // the clients were built from the sealed token, opened
    expect(host.settingsSeen.at(-1)).toMatchObject({ kind: 'github', owner: 'acme-one', auth: { type: 'token' } })
    expect(await notificationsOf(admin.id)).toEqual(
      expect.arrayContaining([
        {
          type: 'stack_synced',
          subject: 'Express and Redis were added to acme-one/api',
          path: `/${company.slug}/acme-one-api#history`,
        },
      ]),
    )
  }, 90_000)

  it('writes nothing when a second sync finds the same commits', async () => {
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2' }) })
    host.repositories.set('acme-two', [hostedRepository(api, 'acme-two/api')])
    const { admin, path, connectionId } = await connectedCompany('acme-two')
    await sync(admin, path, connectionId)
    const before = await stackOf(connectionId, 'acme-two/api')
    const countOf = async () => ({
      stacks: (await ctx.app.db.select({ value: count() }).from(stacks))[0]!.value,
      tools: (await ctx.app.db.select({ value: count() }).from(stackTools))[0]!.value,
      changes: (await ctx.app.db.select({ value: count() }).from(stackSyncChanges))[0]!.value,
      notifications: (await ctx.app.db.select({ value: count() }).from(notifications))[0]!.value,
    })
    const counted = await countOf()
    await sync(admin, path, connectionId)
    expect(await stackOf(connectionId, 'acme-two/api')).toEqual(before)
    expect(await countOf()).toEqual(counted)
  }, 90_000)

  it('adds what a rescan finds, keeps the tools a person added, flags the lost ones and records the change', async () => {
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2', redis: '^4.6.0' }) })
    host.repositories.set('acme-three', [hostedRepository(api, 'acme-three/api')])
    const { admin, company, path, connectionId } = await connectedCompany('acme-three')
    await sync(admin, path, connectionId)
    const stack = (await stackOf(connectionId, 'acme-three/api'))!
    const handPicked = await buildTool(ctx.app.db, { name: 'Hand Picked' })
    await ctx.app.db.insert(stackTools).values({ stackId: stack.id, toolId: handPicked.id, position: 9 })
    const follower = await buildUser(ctx.app)
    await ctx.app.db.insert(follows).values({ userId: follower.id, followeeType: 'stack', followeeId: stack.id })

    const commit = commitFiles(api, { 'package.json': packageJson({ express: '^4.19.0', react: '18.2.0' }) })
    await sync(admin, path, connectionId)

    const after = (await stackOf(connectionId, 'acme-three/api'))!
    expect(after.syncedCommit).toBe(commit)
    const held = await toolsOf(stack.id)
    expect(held.map(({ slug, isFromSync, version }) => ({ slug, isFromSync, version }))).toEqual([
      { slug: 'express', isFromSync: true, version: '4.19.0' },
      { slug: 'react', isFromSync: true, version: '18.2.0' },
      { slug: 'redis', isFromSync: true, version: null },
      { slug: handPicked.slug, isFromSync: false, version: null },
    ])
    expect(held.find((tool) => tool.slug === 'redis')!.flagged).toBeInstanceOf(Date)
    expect(held.filter((tool) => tool.slug !== 'redis').every((tool) => tool.flagged === null)).toBe(true)

    const [latest] = await ctx.app.db
      .select()
      .from(stackSyncChanges)
      .where(eq(stackSyncChanges.stackId, stack.id))
      .orderBy(stackSyncChanges.id)
      .offset(1)
    expect(latest).toMatchObject({ commit, flagged: true })
    expect(latest!.added.map((tool) => tool.slug)).toEqual(['react'])
    expect(latest!.removed.map((tool) => tool.slug)).toEqual(['redis'])
    expect(latest!.versionChanges).toEqual([
      expect.objectContaining({ slug: 'express', before: '4.18.2', version: '4.19.0' }),
    ])
    // the stack page's badge and History section
    const page = await follower.client.get(`/api/v1/stacks/${company.slug}/${after.slug}`)
    expect(page.body.synced).toMatchObject({ commit, repository_url: 'https://git.example.test/acme-three/api' })
    expect(page.body.history).toHaveLength(2)
    expect(page.body.history[0]).toMatchObject({
      commit,
      flagged: true,
      added: [{ name: 'React', slug: 'react', version: '18.2.0' }],
      removed: [{ slug: 'redis' }],
      version_changes: [{ slug: 'express', before: '4.18.2', version: '4.19.0' }],
    })
    const told = 'React was added to acme-three/api; Redis was flagged for removal'
    expect(await notificationsOf(follower.id)).toEqual([expect.objectContaining({ subject: told })])
    // the admin had not read the first sync's notice: this one is merged into it, Redis now flagged (decision 080)
    expect(await notificationsOf(admin.id)).toEqual([
      expect.objectContaining({
        subject: 'Express and React were added to acme-three/api; Redis was flagged for removal',
      }),
    ])
    // the page marks the flagged tool for review, and only it
    const pageTools = page.body.layers.flatMap((layer: any) =>
      layer.categories.flatMap((category: any) => category.tools),
    )
    expect(pageTools.filter((tool: any) => tool.flagged_for_removal).map((tool: any) => tool.slug)).toEqual(['redis'])

    // an admin's edit that keeps every tool keeps what the sync knows of them: its own tools, the flag, the versions
    const kept = await ctx.app.db
      .select({ id: stackTools.toolId })
      .from(stackTools)
      .where(eq(stackTools.stackId, stack.id))
      .orderBy(stackTools.position)
    const edited = await admin.client.post('/api/v1/stacks/update', {
      stack: { id: stack.id, services: kept.map((row) => row.id) },
    })
    expect(edited.status).toBe(200)
    expect(await toolsOf(stack.id)).toEqual(held)

    // the connection removed (decision 079): an ordinary stack with its tools and its History, without the sync's
    // badge, wording and flags
    expect(page.body.description).toBe('Kept current from the repository acme-three/api.')
    expect((await admin.client.delete(`/api/v1/companies/${company.slug}/code-host`)).status).toBe(204)
    const released = await follower.client.get(`/api/v1/stacks/${company.slug}/${after.slug}`)
    expect(released.body).toMatchObject({ synced: null, description: null })
    expect(released.body.history).toEqual(page.body.history)
    const releasedTools = released.body.layers.flatMap((layer: any) =>
      layer.categories.flatMap((category: any) => category.tools),
    )
    expect(releasedTools.map((tool: any) => tool.slug).sort()).toEqual(held.map((tool) => tool.slug).sort())
    expect(releasedTools.some((tool: any) => tool.flagged_for_removal)).toBe(false)
    expect((await toolsOf(stack.id)).every((tool) => !tool.isFromSync && tool.flagged === null)).toBe(true)
  }, 90_000)

  it("merges a sync's notice into the unread one of an earlier sync, and starts a new one once it is read", async () => {
    // issue 31 minor 6: the second sync's notice replaced the unread first one, whose tools were then told nowhere
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2' }) })
    host.repositories.set('acme-eight', [hostedRepository(api, 'acme-eight/api')])
    const { admin, company, path, connectionId } = await connectedCompany('acme-eight')
    await sync(admin, path, connectionId)
    commitFiles(api, { 'package.json': packageJson({ express: '^4.18.2', redis: '^4.6.0' }) })
    await sync(admin, path, connectionId)

    const listed = async () =>
      (await admin.client.get('/api/v1/notifications/index')).body.notifications.filter(
        (notification: any) => notification.n_type === 'stack_synced',
      )
    const merged = await listed()
    expect(merged).toEqual([
      expect.objectContaining({ content: 'Express and Redis were added to acme-eight/api', read: false }),
    ])
    const payloadOf = async () =>
      (
        await ctx.app.db
          .select({ payload: notifications.payload })
          .from(notifications)
          .where(and(eq(notifications.recipientId, admin.id), eq(notifications.type, 'stack_synced')))
      )[0]!.payload
    expect(await payloadOf()).toEqual({
      added: ['Express', 'Redis'],
      removed: [],
      flagged: [],
      versionChanged: [],
      changes: 2,
    })

    expect((await admin.client.post('/api/v1/notifications/set_read_all', {})).status).toBe(200)
    commitFiles(api, { 'package.json': packageJson({ express: '^4.18.2', react: '18.2.0' }) })
    await sync(admin, path, connectionId)
    const fresh = await listed()
    expect(fresh).toEqual([
      expect.objectContaining({
        content: 'React was added to acme-eight/api; Redis was flagged for removal',
        read: false,
        url: merged[0].url,
      }),
    ])
    // a new notification to the web's read/seen cache, naming only what changed since it was read
    expect(fresh[0].key).not.toBe(merged[0].key)
    expect(await payloadOf()).toMatchObject({ added: ['React'], flagged: ['Redis'], changes: 1 })
    const stack = (await stackOf(connectionId, 'acme-eight/api'))!
    expect((await notificationsOf(admin.id)).map((notification) => notification.path)).toEqual([
      `/${company.slug}/${stack.slug}#history`,
    ])
  }, 120_000)

  it('removes the lost tools when the company chose automatic removal', async () => {
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2', redis: '^4.6.0' }) })
    host.repositories.set('acme-four', [hostedRepository(api, 'acme-four/api')])
    const { admin, path, connectionId } = await connectedCompany('acme-four', { removal_policy: 'automatic' })
    await sync(admin, path, connectionId)
    const redisCount = async () =>
      (await ctx.app.db.select({ value: tools.stacksCount }).from(tools).where(eq(tools.slug, 'redis')))[0]!.value
    const countBefore = await redisCount()
    commitFiles(api, { 'package.json': packageJson({ express: '^4.18.2' }) })
    await sync(admin, path, connectionId)
    const stack = (await stackOf(connectionId, 'acme-four/api'))!
    expect((await toolsOf(stack.id)).map((tool) => tool.slug)).toEqual(['express'])
    // the public stack no longer counts for the tool
    expect(await redisCount()).toBe(countBefore - 1)
  }, 90_000)

  it("empties visitors' kept stack page when a rescan changes the stack, on every instance's next read", async () => {
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2' }) })
    host.repositories.set('acme-seven', [hostedRepository(api, 'acme-seven/api')])
    const { admin, company, path, connectionId } = await connectedCompany('acme-seven')
    await sync(admin, path, connectionId)
    const stack = (await stackOf(connectionId, 'acme-seven/api'))!
    const visitor = new TestClient(ctx.app)
    const visitorSees = async () => {
      const page = await visitor.get(`/api/v1/stacks/${company.slug}/${stack.slug}`)
      expect(page.status).toBe(200)
      return page.body.layers
        .flatMap((layer: any) => layer.categories.flatMap((category: any) => category.tools))
        .map((tool: any) => tool.slug)
        .sort()
    }
    expect(await visitorSees()).toEqual(['express'])

    commitFiles(api, { 'package.json': packageJson({ express: '^4.18.2', react: '18.2.0' }) })
    host.cloneHeadersDelayMs = 1500
    try {
      // read while the scan waits, once the sync request's own announcement has come back: the old page is kept again
      await syncAndWait(ctx.app.db, admin, path, connectionId, 60_000, async () => {
        await contentChangesSettled(ctx.app, 300)
        expect(await visitorSees()).toEqual(['express'])
      })
    } finally {
      host.cloneHeadersDelayMs = 0
    }
    expect(await visitorSees()).toEqual(['express', 'react'])
  }, 90_000)

  it('marks a repository that cannot be cloned failed with the reason, and the others still sync', async () => {
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2' }) })
    host.repositories.set('acme-five', [
      hostedRepository({ url: 'file:///nonexistent/repository.git' }, 'acme-five/gone'),
      hostedRepository(api, 'acme-five/api'),
    ])
    const { admin, path, connectionId } = await connectedCompany('acme-five')
    await sync(admin, path, connectionId)
    const listed = await admin.client.get(`${path}/repositories`)
    expect(listed.body.repositories).toEqual([
      expect.objectContaining({ full_name: 'acme-five/api', state: 'synced' }),
      expect.objectContaining({
        full_name: 'acme-five/gone',
        state: 'failed',
        last_result: expect.stringMatching(/could not/i),
        stack: null,
      }),
    ])
  }, 90_000)

  it('is scheduled daily once, and the schedule syncs the connections on it, not those turned off', async () => {
    const schedules = rowsOf(
      await ctx.app.db.execute(sql`select name, cron from pgboss.schedule where name = 'code-host.daily'`),
    )
    expect(schedules).toEqual([{ name: 'code-host.daily', cron: '0 4 * * *' }])
    const api = repository({ 'package.json': packageJson({ express: '^4.18.2' }) })
    host.repositories.set('acme-daily', [hostedRepository(api, 'acme-daily/api')])
    host.repositories.set('acme-manual', [hostedRepository(api, 'acme-manual/api')])
    const daily = await connectedCompany('acme-daily')
    const manual = await connectedCompany('acme-manual', { schedule: 'off' })
    await queueScheduledSyncs(ctx.app.db, ctx.app.jobQueue)
    await waitUntil(async () => (await stackOf(daily.connectionId, 'acme-daily/api')) !== null)
    expect((await connectionRow(manual.connectionId)).lastSyncStartedAt).toBeNull()
    expect(await stackOf(manual.connectionId, 'acme-manual/api')).toBeNull()
  }, 90_000)
})

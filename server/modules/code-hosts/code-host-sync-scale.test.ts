// A sync at scale (issue 18 "Tests": "Sync of 200 repositories finishes with bounded memory and correct
// per-repository states", decision 063): the real GitHub client pages through the local code-host server's listing,
// the real scan engine clones each repository from a real git server (git http-backend; a few bare fixture
// repositories back every name), archived ones and forks are skipped, those whose clone fails are marked failed,
// every other one gets its one stack; a second sync with no code change writes nothing; the heap grows by a bounded
// amount. 200 repositories on both databases: about 70 s for the first sync, 100 s for the test, on either.
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { count, eq, max } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeHostConnections, stackSyncChanges, stacks, syncedRepositories } from '../../db/schema/index.ts'
import { packageJsonOf, seedSyncCatalog, syncAndWait } from '../../test/code-host-fixtures.ts'
import { type CodeHostServer, fakeRepositories, startCodeHostServer } from '../../test/code-host-server.ts'
import { buildCompany, buildUser } from '../../test/factories.ts'
import { type GitHttpServer, startGitHttpServer } from '../../test/git-http-server.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

const REPOSITORY_COUNT = 200
/** Every 10th archived, every 15th a fork (both skipped), every 25th of the others has no git repository behind it. */
const ARCHIVED_EVERY = 10
const FORK_EVERY = 15
const MISSING_EVERY = 25
const HEAP_GROWTH_MAX_BYTES = 64 * 1024 * 1024

const fixtureFiles = [
  { 'package.json': packageJsonOf({ express: '^4.18.2' }) },
  { 'package.json': packageJsonOf({ react: '18.2.0' }) },
  { 'package.json': packageJsonOf({ express: '^4.18.2', redis: '^4.6.0' }) },
]

let ctx: TestContext
let git: GitHttpServer
let codeHost: CodeHostServer
beforeAll(async () => {
  git = await startGitHttpServer()
  codeHost = await startCodeHostServer({ cloneOrigin: git.origin })
  // the real clients (buildApp's default factory), under the test config's private-network allowance
  ctx = await createTestApp()
  await seedSyncCatalog(ctx.app.db)
}, 60_000)
afterAll(async () => {
  await ctx?.close()
  await codeHost?.close()
  await git?.close()
})

/** A full collection when the process lets us ask for one (node's --expose-gc, switched on here), then the heap. */
function heapUsedAfterCollection(): number {
  v8.setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as () => void
  collect()
  collect()
  return process.memoryUsage().heapUsed
}

const writesOf = async (connectionId: number) => {
  const [changes] = await ctx.app.db.select({ value: count() }).from(stackSyncChanges)
  const [stackRows] = await ctx.app.db
    .select({ value: count(), updatedAt: max(stacks.updatedAt) })
    .from(stacks)
    .innerJoin(syncedRepositories, eq(syncedRepositories.id, stacks.syncedRepositoryId))
    .where(eq(syncedRepositories.connectionId, connectionId))
  return { changes: changes!.value, stacks: stackRows!.value, lastStackUpdate: stackRows!.updatedAt }
}

describe(`a sync of ${REPOSITORY_COUNT} repositories`, () => {
  it(
    'finishes with each repository in its state, one stack per synced one, bounded heap, and writes nothing the second time',
    async () => {
      const listed = fakeRepositories(REPOSITORY_COUNT, 'scale', {
        archivedEvery: ARCHIVED_EVERY,
        forkEvery: FORK_EVERY,
      })
      codeHost.setGithubAccount('scale', { type: 'Organization', repositories: listed })
      const expected = new Map<string, 'synced' | 'failed' | 'skipped'>()
      for (const [index, name] of ['a', 'b', 'c'].entries()) git.addRepository(`fixtures/${name}`, fixtureFiles[index]!)
      for (const [index, repository] of listed.entries()) {
        if (repository.archived || repository.fork) {
          expected.set(repository.fullName, 'skipped')
          continue
        }
        if ((index + 1) % MISSING_EVERY === 0) {
          expected.set(repository.fullName, 'failed')
          continue
        }
        // many names, a few bare repositories: each name a symbolic link to one of them
        const link = path.join(git.root, `${repository.fullName}.git`)
        fs.mkdirSync(path.dirname(link), { recursive: true })
        fs.symlinkSync(path.join(git.root, 'fixtures', `${['a', 'b', 'c'][index % 3]}.git`), link)
        expected.set(repository.fullName, 'synced')
      }
      const counts = { synced: 0, failed: 0, skipped: 0 }
      for (const state of expected.values()) counts[state]++
      expect(counts.failed).toBeGreaterThan(0)

      const admin = await buildUser(ctx.app)
      const company = await buildCompany(ctx.app.db, { members: [{ userId: admin.id, role: 'admin' }] })
      const codeHostPath = `/api/v1/companies/${company.slug}/code-host`
      const connected = await admin.client.put(codeHostPath, {
        kind: 'github',
        api_url: codeHost.githubApiUrl,
        owner: 'scale',
        auth: { type: 'token', token: codeHost.token },
      })
      expect(connected.status).toBe(200)
      const connectionId = (
        await ctx.app.db.select().from(codeHostConnections).where(eq(codeHostConnections.companyId, company.id))
      )[0]!.id

      const heapBefore = heapUsedAfterCollection()
      const startedAt = Date.now()
      await syncAndWait(ctx.app.db, admin, codeHostPath, connectionId, 15 * 60_000)
      const firstSyncMs = Date.now() - startedAt
      const heapAfter = heapUsedAfterCollection()

      const rows = await ctx.app.db
        .select({
          fullName: syncedRepositories.fullName,
          state: syncedRepositories.state,
          lastResult: syncedRepositories.lastResult,
          stackId: stacks.id,
        })
        .from(syncedRepositories)
        .leftJoin(stacks, eq(stacks.syncedRepositoryId, syncedRepositories.id))
        .where(eq(syncedRepositories.connectionId, connectionId))
      expect(rows).toHaveLength(REPOSITORY_COUNT)
      expect(Object.fromEntries(rows.map((row) => [row.fullName, row.state]))).toEqual(Object.fromEntries(expected))
      for (const row of rows) {
        // one stack for each synced repository, none for the others
        expect(row.stackId !== null, row.fullName).toBe(row.state === 'synced')
        if (row.state === 'failed') expect(row.lastResult).toMatch(/could not/i)
      }
      // the listing came a page at a time (30 a page, GitHub's default)
      const listingPages = codeHost.requests.filter((request) => request.path === '/api/v3/orgs/scale/repos')
      expect(listingPages.length).toBeGreaterThanOrEqual(Math.ceil(REPOSITORY_COUNT / 100))
      const before = await writesOf(connectionId)
      expect(before.stacks).toBe(counts.synced)
      expect(before.changes).toBeGreaterThanOrEqual(counts.synced)

      const growth = heapAfter - heapBefore
      console.info(
        `sync of ${REPOSITORY_COUNT} repositories (${counts.synced} synced, ${counts.failed} failed, ${counts.skipped} skipped) ` +
          `in ${(firstSyncMs / 1000).toFixed(1)} s; heap used after a full collection ${(heapBefore / 2 ** 20).toFixed(1)} MiB ` +
          `before, ${(heapAfter / 2 ** 20).toFixed(1)} MiB after (${(growth / 2 ** 20).toFixed(1)} MiB)`,
      )
      expect(growth).toBeLessThan(HEAP_GROWTH_MAX_BYTES)

      // a second sync with no change in any repository: states as they were, no stack written, no history
      await syncAndWait(ctx.app.db, admin, codeHostPath, connectionId, 15 * 60_000)
      expect(await writesOf(connectionId)).toEqual(before)
      const states = await ctx.app.db
        .select({ fullName: syncedRepositories.fullName, state: syncedRepositories.state })
        .from(syncedRepositories)
        .where(eq(syncedRepositories.connectionId, connectionId))
      expect(Object.fromEntries(states.map((row) => [row.fullName, row.state]))).toEqual(Object.fromEntries(expected))
    },
    30 * 60_000,
  )
})

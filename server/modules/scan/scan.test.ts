// GET /api/v1/analyze and GET /stacks/url_exists through app.inject() on a migrated database with a slice of the
// real catalog seeded: validation, sign-in, refusals, scans joined and reused, package tools created on demand.
import fs from 'node:fs'
import os from 'node:os'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCAN_EMPTY_MESSAGE } from '#contracts/scan.ts'
import { companies, stacks, toolAliases, tools } from '../../db/schema/index.ts'
import { buildCatalog } from '../../db/seed/catalog/build.ts'
import { seedCatalog } from '../../db/seed/catalog/seed.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { waitForScanEnd } from '../../test/scan-jobs.ts'
import {
  createGitRepository,
  type FixtureSite,
  serveGitOverHttp,
  serveSilentHost,
  serveSite,
} from '../../test/scan-servers.ts'
import { createScanner } from './scan.service.ts'
import { parseScanTarget } from './scan-target.ts'

const CATALOG_SLICE = [
  'wordpress',
  'php',
  'mysql',
  'nginx',
  'node-js',
  'express',
  'postgresql',
  'redis',
  'npm',
  'typescript',
  'docker',
  'ruby-on-rails',
  'ruby',
  'tailwind-css',
]

let ctx: TestContext
let refusing: TestContext
let site: FixtureSite
let user: TestUser
const folders: string[] = []
/** The git server the tests' repositories are served from, over HTTP: the API scans no folders (decision 077). */
let gitServer: FixtureSite
const hostedRepositories: Record<string, string> = {}
/** Lets the held stylesheet answer: a scan waits in its mapping stage until then. */
let releaseStylesheet: () => void = () => {}
/** Lets the held page answer: a scan of it runs until then. */
let releaseHeldPage: () => void = () => {}

beforeAll(async () => {
  ctx = await createTestApp()
  refusing = await createTestApp({ scanAllowPrivateNetworks: false })
  const catalog = buildCatalog()
  await seedCatalog(ctx.app.db, {
    ...catalog,
    tools: catalog.tools.filter((tool) => CATALOG_SLICE.includes(tool.slug)),
  })
  user = await buildUser(ctx.app)
  site = await serveSite({
    '/': {
      headers: { server: 'nginx/1.25.3', 'x-powered-by': 'PHP/8.2.12' },
      body: '<html><head><meta name="generator" content="WordPress 6.4.2"></head><body>Blog</body></html>',
    },
    '/slow-a': { delayMs: 1500, body: '<html><body>A</body></html>' },
    '/slow-b': { delayMs: 1500, body: '<html><body>B</body></html>' },
    '/slow-c': { delayMs: 1500, body: '<html><body>C</body></html>' },
    '/plain': { body: '<html><body>Nothing to see</body></html>' },
    '/styled': {
      body: '<html><head><meta name="generator" content="WordPress 6.4.2"><link rel="stylesheet" href="/held.css"></head></html>',
    },
    '/held.css': {
      headers: { 'content-type': 'text/css' },
      body: '.rotate{--tw-rotate:45deg}',
      release: new Promise<void>((resolve) => {
        releaseStylesheet = resolve
      }),
    },
    '/rails': {
      headers: { 'set-cookie': '_session_id=4f2a; path=/; HttpOnly' },
      body: '<html><body>App</body></html>',
    },
    '/hang': { hang: true },
    '/held': {
      body: '<html><body>Held</body></html>',
      release: new Promise<void>((resolve) => {
        releaseHeldPage = resolve
      }),
    },
    '/logo.png': { headers: { 'content-type': 'image/png' }, body: 'PNG' },
  })
}, 120_000)

afterAll(async () => {
  await site?.close()
  await gitServer?.close()
  await ctx?.close()
  await refusing?.close()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

const analyze = (client: TestClient, url: string) => client.get(`/api/v1/analyze?url=${encodeURIComponent(url)}`)

/** Polls like the wizard (every 2 s there; faster here) until the scan is no longer running. */
async function scanUntilDone(client: TestClient, url: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await analyze(client, url)
    if (response.status !== 200 || response.body.state !== 'scanning') return response
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`scan of ${url} did not finish`)
}

/** A Node project committed in a git repository and served over HTTP: its URL. */
async function nodeProject(dependencies: Record<string, string>): Promise<string> {
  const repository = createGitRepository({
    'package.json': JSON.stringify({ name: 'fixture', dependencies }),
    'index.ts': 'export const answer = 42\n'.repeat(20),
  })
  folders.push(repository.dir)
  gitServer ??= await serveGitOverHttp(hostedRepositories)
  const repositoryPath = `/fixture/project-${Object.keys(hostedRepositories).length}.git`
  hostedRepositories[repositoryPath] = repository.dir
  return `${gitServer.origin}${repositoryPath}`
}

describe('GET /api/v1/analyze', () => {
  it('answers 401 to a signed-out visitor (the wizard opens the sign-in modal)', async () => {
    const response = await analyze(new TestClient(ctx.app), 'https://example.com')
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBe('unauthorized')
  })

  it('answers 401 before looking at the URL: a signed-out visitor with a bad or missing URL is asked to sign in', async () => {
    const visitor = new TestClient(ctx.app)
    for (const path of [
      '/api/v1/analyze?url=notaurl',
      '/api/v1/analyze',
      `/api/v1/analyze?url=${'a'.repeat(300)}.com`,
    ]) {
      const response = await visitor.get(path)
      expect(response.status, path).toBe(401)
    }
  })

  it.each([
    ['no url at all', '/api/v1/analyze'],
    ['an empty url', '/api/v1/analyze?url='],
    ['a url given twice', '/api/v1/analyze?url=example.com&url=example.org'],
    ['a url of 300 characters', `/api/v1/analyze?url=${'a'.repeat(296)}.com`],
    ['a url of 5,000 characters', `/api/v1/analyze?url=https://example.com/${'a'.repeat(5000)}`],
  ])("answers 400 'Url format is invalid.' to %s", async (_label, path) => {
    const response = await user.client.get(path)
    expect(response.status).toBe(400)
    expect(response.body.error.message).toBe('Url format is invalid.')
    expect(response.body.error.fields).toEqual({ url: ['format is invalid'] })
  })

  it.each([
    ['a word without a dot', 'notaurl'],
    ['a one-letter TLD', 'example.c'],
    ['a TLD with digits', 'example.c0m'],
    ['a TLD longer than 14 letters', 'example.abcdefghijklmno'],
    ['more than 256 characters', `https://example.com/${'a'.repeat(240)}`],
    ['spaces in the host', 'http://exa mple.com'],
  ])("answers 400 'Url format is invalid.' to %s", async (_label, url) => {
    const response = await analyze(user.client, url)
    expect(response.status).toBe(400)
    expect(response.body.error.message).toBe('Url format is invalid.')
    expect(response.body.error.fields).toEqual({ url: ['format is invalid'] })
  })

  it.each([
    '/root',
    '/proc/self/cwd',
    '/etc/../root',
    'file:///etc',
    'file:///etc/passwd',
    'FILE:///proc/self/environ',
    'file://localhost/etc',
    '/srv/repository.git',
  ])('refuses the folder %s with 400, even with private networks allowed (security report F-6)', async (url) => {
    const response = await analyze(user.client, url)
    expect(response.status).toBe(400)
    expect(response.body.error.message).toBe('Only http and https URLs can be scanned.')
  })

  describe('when private networks are not allowed', () => {
    let client: TestClient
    beforeAll(async () => {
      client = (await buildUser(refusing.app)).client
    })

    it.each([
      ['loopback', 'http://127.0.0.1:8080/'],
      ['a private address', 'http://10.0.0.5/'],
      ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', 'http://[::1]/'],
      ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
      ['localhost', 'http://localhost:3000/'],
    ])('refuses %s with 400 (internal hosts have no public TLD)', async (_label, url) => {
      const response = await analyze(client, url)
      expect(response.status).toBe(400)
      expect(response.body.error.message).toBe('Url format is invalid.')
    })

    it.each([
      ['a local path', '/etc'],
      ['file://', 'file:///etc/passwd'],
      ['ftp://', 'ftp://example.com/pub'],
      ['javascript:', 'javascript:alert(1)'],
    ])('refuses %s URLs with 400', async (_label, url) => {
      const response = await analyze(client, url)
      expect(response.status).toBe(400)
      expect(response.body.error.message).toBe('Only http and https URLs can be scanned.')
    })
  })

  it("answers the spec's 'We can't find anything...' when the host accepts the connection and never answers", async () => {
    const silent = await serveSilentHost()
    try {
      const url = `http://127.0.0.1:${silent.port}/`
      const started = Date.now()
      let response = await analyze(user.client, url)
      // the page gets 10 s (FETCH_LIMITS.timeoutMs); the wizard polls for 30 s
      while (response.status === 200 && response.body.state === 'scanning' && Date.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        response = await analyze(user.client, url)
      }
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ state: 'failed', error: SCAN_EMPTY_MESSAGE, tools: [] })
      expect(silent.connections()).toBeGreaterThan(0)
    } finally {
      await silent.close()
    }
  }, 30_000)

  it('scans a website, answers scanning while it runs, then the tools with slugs, versions and provenance', async () => {
    const first = await analyze(user.client, site.origin)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ kind: 'website', reused: false, error: null })
    expect(['scanning', 'done']).toContain(first.body.state)

    const done = await scanUntilDone(user.client, site.origin)
    expect(done.body).toMatchObject({ state: 'done', stage: 'done', progress: 100, url: `${site.origin}/` })
    const byName = new Map(done.body.tools.map((tool: { name: string }) => [tool.name, tool]))
    expect(byName.get('WordPress')).toEqual({
      name: 'WordPress',
      slug: 'wordpress',
      category: 'CMS',
      is_package: false,
      package_ecosystem: null,
      version: '6.4.2',
      sources: ['meta generator'],
      confidence: 100,
    })
    expect(byName.get('NGINX')).toMatchObject({ slug: 'nginx', version: '1.25.3', sources: ['header server'] })
    expect(byName.get('PHP')).toMatchObject({ slug: 'php', version: '8.2.12' })
    expect(byName.get('MySQL')).toMatchObject({ sources: ['implied by WordPress'] })
  })

  it('answers the tools found so far while the scan runs, and the rest when it is done', async () => {
    const url = `${site.origin}/styled`
    let running = await analyze(user.client, url)
    // the page is fingerprinted while its stylesheet is held: the scan waits in its mapping stage
    while (running.body.state === 'scanning' && running.body.stage !== 'mapping')
      running = await analyze(user.client, url)
    expect(running.body).toMatchObject({ state: 'scanning', stage: 'mapping', progress: 85 })
    const partial = running.body.tools.map((tool: { slug: string }) => tool.slug)
    expect(partial).toEqual(expect.arrayContaining(['wordpress', 'php', 'mysql']))
    expect(partial).not.toContain('tailwind-css')

    releaseStylesheet()
    const done = await scanUntilDone(user.client, url)
    expect(done.body.state).toBe('done')
    const tailwind = done.body.tools.find((tool: { slug: string }) => tool.slug === 'tailwind-css')
    expect(tailwind).toMatchObject({ name: 'Tailwind CSS', sources: ['stylesheet'], confidence: 100 })
    expect(done.body.tools.map((tool: { slug: string }) => tool.slug)).toContain('wordpress')
  })

  it("carries a fingerprint's confidence into the answer", async () => {
    // Wappalyzer counts a Rails session cookie alone as 75% sure
    const done = await scanUntilDone(user.client, `${site.origin}/rails`)
    const rails = done.body.tools.find((tool: { slug: string }) => tool.slug === 'ruby-on-rails')
    expect(rails).toMatchObject({ sources: ['cookie _session_id'], confidence: 75 })
  })

  it('reuses a recent result for the same URL, however it is spelled', async () => {
    await scanUntilDone(user.client, site.origin)
    const again = await analyze(user.client, `${site.origin}/`)
    expect(again.body).toMatchObject({ state: 'done', reused: true })
    const other = await buildUser(ctx.app)
    expect((await analyze(other.client, site.origin)).body.reused).toBe(true)
  })

  it('joins the running scan of a URL instead of starting another', async () => {
    const url = `${site.origin}/slow-a`
    const first = await analyze(user.client, url)
    const second = await analyze(user.client, url)
    expect(first.body.state).toBe('scanning')
    expect(second.body).toMatchObject({ state: 'scanning', started_at: first.body.started_at, reused: false })
    await scanUntilDone(user.client, url)
    expect(site.requests.filter((request) => request === '/slow-a')).toHaveLength(1)
  })

  it('answers done with no tools when nothing is found', async () => {
    const response = await scanUntilDone(user.client, `${site.origin}/plain`)
    expect(response.body).toMatchObject({ state: 'done', tools: [] })
  })

  it('answers failed with the reason when the URL is not a web page', async () => {
    const response = await scanUntilDone(user.client, `${site.origin}/logo.png`)
    expect(response.body).toMatchObject({
      state: 'failed',
      stage: 'failed',
      tools: [],
      error: 'The page is not HTML (image/png).',
    })
    // the wizard keeps polling: the failure is answered again rather than a new scan started
    expect((await analyze(user.client, `${site.origin}/logo.png`)).body).toMatchObject({
      state: 'failed',
      reused: true,
    })
  })

  it('answers 429 when the user already has two scans running', async () => {
    const busy = await buildUser(ctx.app)
    expect((await analyze(busy.client, `${site.origin}/slow-b`)).body.state).toBe('scanning')
    expect((await analyze(busy.client, `${site.origin}/slow-c`)).body.state).toBe('scanning')
    const third = await analyze(busy.client, `${site.origin}/?third`)
    expect(third.status).toBe(429)
    expect(third.body.error.code).toBe('rate_limited')
    await scanUntilDone(busy.client, `${site.origin}/slow-b`)
    await scanUntilDone(busy.client, `${site.origin}/slow-c`)
  })

  it('scans a repository (private networks allowed) and creates package tools on demand, once', async () => {
    const folder = await nodeProject({ express: '^4.18.2', pg: '^8.11.3', 'left-pad': '^1.3.0' })
    const response = await scanUntilDone(user.client, folder)
    expect(response.body).toMatchObject({ state: 'done', kind: 'repository' })
    const byName = new Map(response.body.tools.map((tool: { name: string }) => [tool.name, tool]))
    expect(byName.get('Express')).toMatchObject({ slug: 'express', version: '4.18.2', sources: ['package.json'] })
    expect(byName.get('PostgreSQL')).toMatchObject({ slug: 'postgresql', version: null })
    expect(byName.get('left-pad')).toEqual({
      name: 'left-pad',
      slug: 'npm-left-pad',
      category: null,
      is_package: true,
      package_ecosystem: 'npm',
      version: '1.3.0',
      sources: ['package.json'],
      confidence: 100,
    })
    const [row] = await ctx.app.db.select().from(tools).where(eq(tools.slug, 'npm-left-pad'))
    expect(row).toMatchObject({ isPackage: true, packageEcosystem: 'npm', isApproved: false }) // unapproved until used (decision 076)
    const aliases = await ctx.app.db
      .select()
      .from(toolAliases)
      .where(and(eq(toolAliases.kind, 'npm'), eq(toolAliases.alias, 'left-pad')))
    expect(aliases).toHaveLength(1)

    const another = await nodeProject({ 'left-pad': '1.3.0' })
    const second = await scanUntilDone(user.client, another)
    expect(second.body.tools.map((tool: { slug: string }) => tool.slug)).toContain('npm-left-pad')
    expect(await ctx.app.db.select().from(tools).where(eq(tools.slug, 'npm-left-pad'))).toHaveLength(1)
  })

  it('lists a dependency that is a catalog tool as the tool and as its package, created once (issue 19)', async () => {
    const folder = await nodeProject({ express: '^4.18.2', pg: '^8.11.3' })
    const response = await scanUntilDone(user.client, folder)
    const byName = new Map(response.body.tools.map((tool: { name: string }) => [tool.name, tool]))
    expect(byName.get('Express')).toMatchObject({ slug: 'express', is_package: false, package_ecosystem: null })
    expect(byName.get('express')).toMatchObject({
      slug: 'npm-express',
      is_package: true,
      package_ecosystem: 'npm',
      version: '4.18.2',
      sources: ['package.json'],
    })
    expect(byName.get('pg')).toMatchObject({ slug: 'npm-pg', is_package: true, package_ecosystem: 'npm' })
    // the npm alias stays the catalog tool's; the package is found under its own kind
    const [row] = await ctx.app.db.select().from(tools).where(eq(tools.slug, 'npm-express'))
    expect(row).toMatchObject({ name: 'express', isPackage: true, packageEcosystem: 'npm', isApproved: false })
    const owners = await ctx.app.db
      .select({ kind: toolAliases.kind, slug: tools.slug })
      .from(toolAliases)
      .innerJoin(tools, eq(tools.id, toolAliases.toolId))
      .where(eq(toolAliases.alias, 'express'))
    expect(owners).toEqual(
      expect.arrayContaining([
        { kind: 'npm', slug: 'express' },
        { kind: 'package:npm', slug: 'npm-express' },
      ]),
    )

    const second = await scanUntilDone(user.client, await nodeProject({ express: '4.19.0' }))
    expect(second.body.tools.map((tool: { slug: string }) => tool.slug)).toEqual(
      expect.arrayContaining(['express', 'npm-express']),
    )
    expect(await ctx.app.db.select().from(tools).where(eq(tools.slug, 'npm-express'))).toHaveLength(1)
  })

  it('is described in the OpenAPI document', async () => {
    const response = await new TestClient(ctx.app).get('/api/openapi.json')
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/v1/analyze', '/stacks/url_exists']))
  })
})

describe('the scanner behind the route', () => {
  const network = { allowPrivateNetworks: true }
  const target = (url: string) => parseScanTarget(url, network)

  it("never reads a folder, even one queued behind the API's back: the worker refuses it", async () => {
    const scanner = createScanner({ db: ctx.app.db, jobQueue: ctx.app.jobQueue })
    const folder = parseScanTarget(os.tmpdir(), { allowPrivateNetworks: true, allowFolders: true })
    expect(folder.kind).toBe('folder')
    const { scan } = await scanner.analyze(user.id, folder)
    expect(await waitForScanEnd(ctx.app.db, scan.id)).toMatchObject({
      state: 'failed',
      error: 'Only http and https URLs can be scanned.',
      tools: [],
    })
  })

  it('refuses a scan past the overall cap, counted across instances in the database', async () => {
    // two instances on one database, each running at most one scan overall
    const first = createScanner({ db: ctx.app.db, jobQueue: ctx.app.jobQueue, limits: { overallRunning: 1 } })
    const second = createScanner({ db: ctx.app.db, jobQueue: ctx.app.jobQueue, limits: { overallRunning: 1 } })
    const [alice, bob] = [await buildUser(ctx.app), await buildUser(ctx.app)]
    const running = await first.analyze(alice.id, target(`${site.origin}/held`))
    expect(running.scan.state).toBe('scanning')
    const refused = await second.analyze(bob.id, target(`${site.origin}/plain?overall`)).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toMatchObject({ statusCode: 429, message: 'The scanner is busy. Please try again in a minute.' })
    // joining the running scan is no new scan: the cap does not apply
    expect((await second.analyze(bob.id, target(`${site.origin}/held`))).scan.id).toBe(running.scan.id)
    releaseHeldPage()
    await waitForScanEnd(ctx.app.db, running.scan.id)
    const next = await second.analyze(bob.id, target(`${site.origin}/plain?overall`))
    expect(next.scan.state).toBe('scanning')
    await waitForScanEnd(ctx.app.db, next.scan.id)
  })

  it('ends a scan that outlasts its time as failed', async () => {
    const scanner = createScanner({ db: ctx.app.db, jobQueue: ctx.app.jobQueue, limits: { maxDurationMs: 200 } })
    const { scan } = await scanner.analyze(user.id, target(`${site.origin}/hang`))
    const row = await waitForScanEnd(ctx.app.db, scan.id)
    expect(row).toMatchObject({ state: 'failed', stage: 'failed', error: SCAN_EMPTY_MESSAGE, tools: [] })
  })
})

describe('GET /stacks/url_exists', () => {
  beforeAll(async () => {
    const [company] = await ctx.app.db.insert(companies).values({ slug: 'acme', name: 'Acme' }).returning()
    await ctx.app.db.insert(stacks).values([
      { slug: 'acme-web', name: 'Acme Web', websiteUrl: 'https://www.acme.com/', ownerCompanyId: company!.id },
      {
        slug: 'secret',
        name: 'Secret',
        websiteUrl: 'https://secret.acme.com',
        isPrivate: true,
        ownerCompanyId: company!.id,
      },
      { slug: 'api', name: 'Acme API', websiteUrl: 'https://github.com/acme/api', ownerUserId: user.id },
    ])
  })

  it.each(['acme.com', 'https://acme.com', 'http://www.acme.com/pricing', 'ACME.com'])(
    'answers claimed with the stack path for %s',
    async (url) => {
      const response = await new TestClient(ctx.app).get(`/stacks/url_exists?url=${encodeURIComponent(url)}`)
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ claimed: true, path: '/acme/acme-web' })
    },
  )

  it('matches a code-host URL down to the repository', async () => {
    const claimed = await new TestClient(ctx.app).get('/stacks/url_exists?url=github.com/acme/api')
    expect(claimed.body).toEqual({ claimed: true, path: `/${user.username}/api` })
    const other = await new TestClient(ctx.app).get('/stacks/url_exists?url=https://github.com/acme/web')
    expect(other.body).toEqual({ claimed: false, path: null })
  })

  it('does not reveal private stacks', async () => {
    const response = await new TestClient(ctx.app).get('/stacks/url_exists?url=secret.acme.com')
    expect(response.body).toEqual({ claimed: false, path: null })
  })

  it('answers unclaimed for an unknown site and 400 for a malformed one', async () => {
    expect((await new TestClient(ctx.app).get('/stacks/url_exists?url=example.org')).body).toEqual({
      claimed: false,
      path: null,
    })
    const malformed = await new TestClient(ctx.app).get('/stacks/url_exists?url=notaurl')
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.message).toBe('Url format is invalid.')
  })
})

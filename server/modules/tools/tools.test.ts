import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POPULAR_TOOLS_COUNT, TOOLS_PAGE_SIZE } from '#contracts/tool-limits.ts'
import {
  companies,
  ownerHandles,
  stacks,
  stackTools,
  toolSearch,
  toolSearchPrefixes,
  tools,
} from '../../db/schema/index.ts'
import { refreshToolSearchVectors } from '../../db/tool-search.ts'
import { sessionCookieFrom, TestClient } from '../../test/client.ts'
import { catalogChangesHeard } from '../../test/content-changes.ts'
import { buildCatalogTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { LOGO_CSP } from './logos.routes.ts'
import { parseSearchQuery, searchTools } from './tools.queries.ts'

let ctx: TestContext
let visitor: TestClient
beforeAll(async () => {
  ctx = await createTestApp()
  visitor = new TestClient(ctx.app)
})
afterAll(() => ctx.close())

const names = (response: { body: { tools: Array<{ name: string }> } }) => response.body.tools.map((tool) => tool.name)

async function impersonate(target: TestUser): Promise<TestClient> {
  const admin = await buildUser(ctx.app, { role: 'admin' })
  const response = await admin.client.post('/api/auth/admin/impersonate-user', { userId: String(target.id) })
  expect(response.status).toBe(200)
  // Better Auth first clears the admin's cookie, then sets the impersonated session: keep the last value set.
  const cookies = sessionCookieFrom(response.headers).split('; ')
  return new TestClient(ctx.app, cookies.filter((pair) => !pair.endsWith('=')).at(-1))
}

async function insertStack(values: typeof stacks.$inferInsert, toolIds: number[]) {
  const [stack] = await ctx.app.db.insert(stacks).values(values).returning()
  await ctx.app.db.insert(stackTools).values(toolIds.map((toolId) => ({ stackId: stack!.id, toolId })))
  return stack!
}

describe('search', () => {
  beforeAll(async () => {
    const db = ctx.app.db
    await buildCatalogTool(db, {
      name: 'PostgreSQL',
      slug: 'postgresql',
      seedPopularity: 900,
      category: 'databases',
      layer: 'application-and-data',
      aliases: [{ kind: 'name', alias: 'postgres' }],
    })
    await buildCatalogTool(db, { name: 'Postman', slug: 'postman', seedPopularity: 950 })
    // the catalog stores a tool's own loose key as a 'name' alias; that must not make Po.st an exact match
    await buildCatalogTool(db, {
      name: 'Po.st',
      slug: 'po-st',
      seedPopularity: 50,
      aliases: [{ kind: 'name', alias: 'post' }],
    })
    await buildCatalogTool(db, {
      name: 'Go',
      slug: 'go',
      seedPopularity: 800,
      category: 'languages',
      layer: 'application-and-data',
      aliases: [{ kind: 'name', alias: 'golang' }],
    })
    await buildCatalogTool(db, { name: 'React', slug: 'react', seedPopularity: 500 })
    await buildCatalogTool(db, { name: 'React Native', slug: 'react-native', seedPopularity: 5000 })
    await buildCatalogTool(db, { name: 'Preact', slug: 'preact', seedPopularity: 9000 })
    await buildCatalogTool(db, { name: 'Next.js', slug: 'next-js', title: 'The React framework', seedPopularity: 9500 })
    await buildCatalogTool(db, { name: 'Node.js', slug: 'node-js', seedPopularity: 700 })
    await buildCatalogTool(db, {
      name: 'react-dom',
      slug: 'npm-react-dom',
      isPackage: true,
      packageEcosystem: 'npm',
      seedPopularity: 99999,
    })
    await buildCatalogTool(db, { name: 'Reactor Unapproved', slug: 'reactor-unapproved', isApproved: false })
    await buildCatalogTool(db, { name: 'Reactive Hidden', slug: 'reactive-hidden', isHidden: true })
  })

  it("finds PostgreSQL by the prefix 'post', most popular first among name prefixes", async () => {
    const response = await visitor.get('/api/v1/services/search?q=post')
    expect(response.status).toBe(200)
    expect(names(response)).toEqual(['Postman', 'PostgreSQL', 'Po.st'])
  })

  it("finds Go through its alias 'golang', ahead of everything else", async () => {
    const response = await visitor.get('/api/v1/services/search?q=golang')
    expect(names(response)[0]).toBe('Go')
  })

  it('puts the exact name first, then names starting with the query, then by popularity', async () => {
    const response = await visitor.get('/api/v1/services/search?q=React')
    expect(names(response)).toEqual(['React', 'React Native'])
  })

  it('matches word prefixes only: no typo tolerance, no infix matches, no title matches', async () => {
    expect(names(await visitor.get('/api/v1/services/search?q=raect'))).toEqual([])
    expect(names(await visitor.get('/api/v1/services/search?q=react'))).not.toContain('Preact')
    expect(names(await visitor.get('/api/v1/services/search?q=react'))).not.toContain('Next.js')
  })

  it('matches every word of the query, in any word of the name', async () => {
    expect(names(await visitor.get('/api/v1/services/search?q=nat'))).toEqual(['React Native'])
    expect(names(await visitor.get('/api/v1/services/search?q=native%20rea'))).toEqual(['React Native'])
    expect(names(await visitor.get('/api/v1/services/search?q=native%20vue'))).toEqual([])
  })

  it('finds Node.js as node.js, nodejs, node js and js', async () => {
    for (const q of ['node.js', 'nodejs', 'nodej', 'node%20js', 'NODE']) {
      expect(names(await visitor.get(`/api/v1/services/search?q=${q}`))[0]).toBe('Node.js')
    }
    expect(names(await visitor.get('/api/v1/services/search?q=js'))).toContain('Node.js')
  })

  it('matches punctuated names against a document that keeps them whole (as the catalog seed writes it)', async () => {
    const tool = await buildCatalogTool(ctx.app.db, {
      name: 'Vue.js',
      slug: 'vue-js',
      aliases: [{ kind: 'npm', alias: '@vue/runtime-core' }],
    })
    await ctx.app.db.execute(sql`update ${tools} set search_vector =
      setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', '@vue/runtime-core'), 'B')
      where id = ${tool.id}`)
    for (const q of ['vue.js', 'vue', 'Vue.j', '@vue/runtime']) {
      expect(names(await visitor.get(`/api/v1/services/search?q=${encodeURIComponent(q)}`)), q).toContain('Vue.js')
    }
  })

  it('leaves packages out unless packages=true', async () => {
    expect(names(await visitor.get('/api/v1/services/search?q=react'))).not.toContain('react-dom')
    const response = await visitor.get('/api/v1/services/search?q=react&packages=true')
    // exact and prefix tiers outrank popularity: the package matches 'react' only as a name prefix
    expect(names(response)).toEqual(['React', 'react-dom', 'React Native'])
    expect(response.body.tools[1].is_package).toBe(true)
  })

  it('never lists unapproved or hidden tools', async () => {
    const found = names(await visitor.get('/api/v1/services/search?q=reac&packages=true'))
    expect(found).not.toContain('Reactor Unapproved')
    expect(found).not.toContain('Reactive Hidden')
  })

  it('answers the Tool record with category and layer, and cache headers', async () => {
    const response = await visitor.get('/api/v1/services/search?q=postgresql')
    expect(response.body).toMatchObject({ page: 1, per_page: TOOLS_PAGE_SIZE, has_more: false })
    expect(response.body.tools[0]).toEqual({
      id: expect.any(Number),
      name: 'PostgreSQL',
      slug: 'postgresql',
      title: 'A tool for tests',
      image_url: '/logos/postgresql.svg',
      canonical_url: '/tools/postgresql',
      website_url: null,
      is_approved: true,
      is_package: false,
      just_added: false,
      hidden: false,
      category: { slug: 'databases', name: 'Databases' },
      layer: { slug: 'application-and-data', name: 'Application and data' },
      stacks_count: 0,
      popularity: 900,
    })
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect(response.headers.etag).toMatch(/^W\/"/)
  })

  it('pages 20 hits at a time and says whether more follow', async () => {
    for (let index = 1; index <= 25; index++) {
      await buildCatalogTool(ctx.app.db, { name: `Zebrafish ${index}`, seedPopularity: 100 - index })
    }
    const first = await visitor.get('/api/v1/services/search?q=zebrafish')
    expect(first.body.tools).toHaveLength(20)
    expect(first.body.has_more).toBe(true)
    expect(first.body.tools[0].name).toBe('Zebrafish 1')
    const second = await visitor.get('/api/v1/services/search?q=zebrafish&page=2')
    expect(names(second)).toEqual(['Zebrafish 21', 'Zebrafish 22', 'Zebrafish 23', 'Zebrafish 24', 'Zebrafish 25'])
    expect(second.body).toMatchObject({ page: 2, has_more: false })
  })

  it('ranks a one-word prefix of up to sixteen characters through the prefix table exactly as through the search index', async () => {
    const rows = await ctx.app.db.select({ prefix: toolSearchPrefixes.prefix }).from(toolSearchPrefixes)
    const prefixes = [...new Set(rows.map((row) => row.prefix))]
    expect(prefixes).toEqual(
      expect.arrayContaining([
        'p',
        'po',
        'pos',
        'postgres',
        'n',
        'js',
        'nodejs',
        'go',
        'gol',
        'golang',
        'rea',
        'react',
      ]),
    )
    expect(Math.max(...prefixes.map((prefix) => prefix.length))).toBeLessThanOrEqual(16)
    for (const prefix of prefixes) {
      const search = parseSearchQuery(prefix)!
      for (const includePackages of [false, true]) {
        const options = { includePackages, limit: TOOLS_PAGE_SIZE, offset: 0 }
        const byPrefix = await searchTools(ctx.app.db, search, { ...options, via: 'prefix' })
        const byDocument = await searchTools(ctx.app.db, search, { ...options, via: 'document' })
        expect(
          byPrefix.map((row) => row.name),
          `${prefix} ${includePackages}`,
        ).toEqual(byDocument.map((row) => row.name))
      }
    }
  })

  it('keeps the search tables in step with every write to a tool: words, listing, popularity', async () => {
    const tool = await buildCatalogTool(ctx.app.db, { name: 'Wombatdb', seedPopularity: 10 })
    expect(names(await visitor.get('/api/v1/services/search?q=wombatd'))).toEqual(['Wombatdb'])
    await ctx.app.db.update(tools).set({ name: 'Numbatdb' }).where(eq(tools.id, tool.id))
    await refreshToolSearchVectors(ctx.app.db, [tool.id])
    expect(names(await visitor.get('/api/v1/services/search?q=numbatd'))).toEqual(['Numbatdb'])
    expect(names(await visitor.get('/api/v1/services/search?q=wombatdb'))).toEqual([])
    await ctx.app.db.update(tools).set({ stacksCount: 7 }).where(eq(tools.id, tool.id))
    const [row] = await ctx.app.db.select().from(toolSearch).where(eq(toolSearch.toolId, tool.id))
    expect(row).toMatchObject({ name: 'Numbatdb', nameKey: 'numbatdb', popularity: 80, isPackage: false })
    const entries = await ctx.app.db.select().from(toolSearchPrefixes).where(eq(toolSearchPrefixes.toolId, tool.id))
    expect(entries.map((entry) => [entry.prefix, entry.tier, entry.popularity])).toEqual(
      expect.arrayContaining([
        ['n', 1, 80],
        ['num', 1, 80],
      ]),
    )
    await ctx.app.db.update(tools).set({ isHidden: true }).where(eq(tools.id, tool.id))
    expect(await ctx.app.db.select().from(toolSearch).where(eq(toolSearch.toolId, tool.id))).toEqual([])
    expect(names(await visitor.get('/api/v1/services/search?q=numbatdb'))).toEqual([])
  })

  it('answers a repeated search from memory until the listed catalog changes', async () => {
    const first = await visitor.get('/api/v1/services/search?q=qx')
    expect(names(first)).toEqual([])
    expect(
      (await visitor.get('/api/v1/services/search?q=qx', { 'if-none-match': String(first.headers.etag) })).status,
    ).toBe(304)
    // a tool entering the list: the trigger's NOTIFY empties every instance's cache
    const tool = await buildCatalogTool(ctx.app.db, { name: 'Qxample', seedPopularity: 10 })
    await catalogChangesHeard(ctx.app, ctx.app)
    const second = await visitor.get('/api/v1/services/search?q=qx')
    expect(names(second)).toEqual(['Qxample'])
    expect(second.headers.etag).not.toBe(first.headers.etag)
    // popularity alone does not: the answer may be a minute behind, as HTTP caches are allowed to be
    await ctx.app.db.update(tools).set({ stacksCount: 3 }).where(eq(tools.id, tool.id))
    expect((await visitor.get('/api/v1/services/search?q=qx')).body.tools[0].popularity).toBe(10)
  })

  it('answers an empty list for a blank query or one without letters or digits', async () => {
    for (const q of ['', '%20%20', '%2B%2B%2B', "'%3A*%26!", '%5C%27%27']) {
      const response = await visitor.get(`/api/v1/services/search?q=${q}`)
      expect(response.status).toBe(200)
      expect(response.body.tools).toEqual([])
    }
  })

  it('answers 400 with field errors for a bad page or an overlong query', async () => {
    const badPage = await visitor.get('/api/v1/services/search?q=go&page=0')
    expect(badPage.status).toBe(400)
    expect(badPage.body.error.fields.page).toEqual(['must be greater than or equal to 1'])
    expect((await visitor.get('/api/v1/services/search?q=go&page=51')).status).toBe(400)
    expect((await visitor.get('/api/v1/services/search?q=go&page=abc')).status).toBe(400)
    const long = await visitor.get(`/api/v1/services/search?q=${'a'.repeat(101)}`)
    expect(long.status).toBe(400)
    expect(long.body.error.fields.q).toEqual(['is too long (maximum is 100 characters)'])
  })
})

describe('popular services', () => {
  it('answers approved non-package tools, most popular first, at most 50, cacheable', async () => {
    const db = ctx.app.db
    await buildCatalogTool(db, { name: 'Most Popular', seedPopularity: 1_000_000 })
    await buildCatalogTool(db, { name: 'Second Popular', seedPopularity: 999_000 })
    await buildCatalogTool(db, { name: 'Popular Package', seedPopularity: 2_000_000, isPackage: true })
    await buildCatalogTool(db, { name: 'Popular Pending', seedPopularity: 2_000_000, isApproved: false })
    await buildCatalogTool(db, { name: 'Popular Hidden', seedPopularity: 2_000_000, isHidden: true })
    for (let index = 0; index < POPULAR_TOOLS_COUNT; index++) {
      await buildCatalogTool(db, { name: `Filler ${index}`, seedPopularity: 500_000 })
    }
    const response = await visitor.get('/api/v1/services/popular_services')
    expect(response.status).toBe(200)
    expect(response.body.tools).toHaveLength(POPULAR_TOOLS_COUNT)
    expect(names(response).slice(0, 2)).toEqual(['Most Popular', 'Second Popular'])
    expect(names(response)).not.toContain('Popular Package')
    expect(names(response)).not.toContain('Popular Pending')
    expect(names(response)).not.toContain('Popular Hidden')
    expect(response.headers['cache-control']).toContain('public')
  })

  it('answers 304 Not Modified when the ETag still matches', async () => {
    const first = await visitor.get('/api/v1/services/popular_services')
    const again = await visitor.get('/api/v1/services/popular_services', {
      'if-none-match': String(first.headers.etag),
    })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
  })
})

describe('find_all_by_slug and find_all_by_actual_slug', () => {
  let owner: TestUser
  beforeAll(async () => {
    await buildCatalogTool(ctx.app.db, { name: 'Redis', slug: 'redis', aliases: [{ kind: 'npm', alias: 'ioredis' }] })
    await buildCatalogTool(ctx.app.db, {
      name: 'Express',
      slug: 'express',
      aliases: [{ kind: 'name', alias: 'expressjs' }],
    })
    owner = await buildUser(ctx.app)
    await buildCatalogTool(ctx.app.db, {
      name: 'My Pending Tool',
      slug: 'my-pending-tool',
      isApproved: false,
      submittedById: owner.id,
    })
  })

  it('answers tools for slugs, names and aliases in the order asked, skipping unknown ones', async () => {
    const response = await visitor.get(
      '/services/find_all_by_slug?slugs=redis,no-such-tool,ExpressJS,Express.js,express&url=https://example.com',
    )
    expect(response.status).toBe(200)
    expect(names(response)).toEqual(['Redis', 'Express'])
  })

  it('resolves exact slugs only in find_all_by_actual_slug', async () => {
    const response = await visitor.get('/services/find_all_by_actual_slug?slugs=expressjs,redis,%20express%20,nope')
    expect(names(response)).toEqual(['Redis', 'Express'])
  })

  it("answers the viewer's own pending tool as just_added, and hides it from everyone else", async () => {
    const mine = await owner.client.get('/services/find_all_by_actual_slug?slugs=my-pending-tool')
    expect(mine.body.tools).toEqual([
      expect.objectContaining({ name: 'My Pending Tool', just_added: true, is_approved: false }),
    ])
    expect((await visitor.get('/services/find_all_by_actual_slug?slugs=my-pending-tool')).body.tools).toEqual([])
    const other = await buildUser(ctx.app)
    expect((await other.client.get('/services/find_all_by_slug?slugs=my-pending-tool')).body.tools).toEqual([])
  })

  it('answers a package a scan or an import created unlisted, which a stack may hold, unless a moderator hid it', async () => {
    // decision 076: no page, list or search until approved, but the wizard puts a scan's packages in the stack
    await buildCatalogTool(ctx.app.db, { name: 'left-pad', slug: 'npm-left-pad', isPackage: true, isApproved: false })
    await buildCatalogTool(ctx.app.db, {
      name: 'hidden-pad',
      slug: 'npm-hidden-pad',
      isPackage: true,
      isApproved: false,
      isHidden: true,
    })
    const response = await visitor.get('/services/find_all_by_actual_slug?slugs=npm-left-pad,npm-hidden-pad')
    expect(names(response)).toEqual(['left-pad'])
    expect(response.body.tools[0]).toMatchObject({ is_approved: false })
    expect((await visitor.get('/api/v1/tools/npm-left-pad')).status).toBe(404)
  })

  it('answers an empty list without slugs', async () => {
    const response = await visitor.get('/services/find_all_by_slug')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ tools: [] })
  })
})

describe('POST /api/v1/services/create', () => {
  const create = (client: TestClient, service: Record<string, unknown>) =>
    client.post('/api/v1/services/create', { service })

  it('answers 401 when signed out', async () => {
    const response = await create(visitor, { name: 'Signed Out Tool', website_url: 'signedout.example' })
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBe('unauthorized')
  })

  it('answers 403 for an impersonated user', async () => {
    const target = await buildUser(ctx.app)
    const impersonated = await impersonate(target)
    const current = await impersonated.get('/api/v1/users/current')
    expect(current.body.user).toMatchObject({ id: target.id, impersonated: true })
    const response = await create(impersonated, { name: 'Impersonated Tool', website_url: 'impersonated.example' })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to add tools')
  })

  it("answers 400 'Invalid URL' on website_url unless it looks like text.dot.text", async () => {
    const user = await buildUser(ctx.app)
    for (const website_url of [
      'notaurl',
      '',
      'example.',
      '.com',
      'exa mple.com',
      'javascript:alert(1).com',
      'ftp://files.example.com',
      undefined,
    ]) {
      const response = await create(user.client, { name: 'Bad Url Tool', website_url })
      expect(response.status, String(website_url)).toBe(400)
      expect(response.body.error.fields).toEqual({ website_url: ['Invalid URL'] })
    }
  })

  it('answers 400 when the name is blank or too long', async () => {
    const user = await buildUser(ctx.app)
    const blank = await create(user.client, { name: '  ', website_url: 'blank.example' })
    expect(blank.status).toBe(400)
    expect(blank.body.error.fields).toEqual({ name: ["can't be blank"] })
    const long = await create(user.client, { name: 'x'.repeat(61), website_url: 'long.example' })
    expect(long.body.error.fields).toEqual({ name: ['is too long (maximum is 60 characters)'] })
  })

  it('creates an unapproved tool submitted by the user and answers it as just_added', async () => {
    const user = await buildUser(ctx.app)
    const response = await create(user.client, { name: 'Fresh Widget', website_url: 'freshwidget.example/docs' })
    expect(response.status).toBe(201)
    expect(response.body.tool).toMatchObject({
      name: 'Fresh Widget',
      slug: 'fresh-widget',
      canonical_url: '/tools/fresh-widget',
      website_url: 'https://freshwidget.example/docs',
      is_approved: false,
      just_added: true,
      category: null,
    })
    const [row] = await ctx.app.db.select().from(tools).where(eq(tools.slug, 'fresh-widget'))
    expect(row).toMatchObject({ isApproved: false, submittedById: user.id })
    expect(row!.searchVector).toContain('widget')
    // unapproved: not in public search, the tool page is the submitter's alone
    expect(names(await visitor.get('/api/v1/services/search?q=fresh'))).toEqual([])
    expect((await visitor.get('/api/v1/tools/fresh-widget')).status).toBe(404)
    const own = await user.client.get('/api/v1/tools/fresh-widget')
    expect(own.status).toBe(200)
    expect(own.body.tool.just_added).toBe(true)
    expect(own.headers['cache-control']).toBe('private, no-cache')
  })

  it('never gives a new tool a slug that a route uses (/api/v1/tools/newest)', async () => {
    const user = await buildUser(ctx.app)
    const response = await create(user.client, { name: 'Newest', website_url: 'newest.example' })
    expect(response.status).toBe(201)
    expect(response.body.tool.slug).toBe('newest-2')
  })

  it('answers the existing tool instead of a duplicate when the name matches', async () => {
    const user = await buildUser(ctx.app)
    const existing = await buildCatalogTool(ctx.app.db, { name: 'Duplicated DB', slug: 'duplicated-db' })
    const response = await create(user.client, { name: 'duplicated db', website_url: 'other.example' })
    expect(response.status).toBe(200)
    expect(response.body.tool).toMatchObject({ id: existing.id, just_added: false, is_approved: true })
  })

  it('answers the existing tool when the website is the same site', async () => {
    const user = await buildUser(ctx.app)
    const existing = await buildCatalogTool(ctx.app.db, {
      name: 'Site Owner',
      websiteUrl: 'https://www.site-owner.example/',
    })
    const response = await create(user.client, { name: 'Another Name', website_url: 'site-owner.example' })
    expect(response.status).toBe(200)
    expect(response.body.tool.id).toBe(existing.id)
  })

  it('keeps tools on one host with different paths apart (github.com/a/x is not github.com/b/y)', async () => {
    const user = await buildUser(ctx.app)
    await buildCatalogTool(ctx.app.db, { name: 'Hosted Lib', websiteUrl: 'https://github.com/someone/hosted-lib' })
    const response = await create(user.client, { name: 'Other Lib', website_url: 'github.com/else/other-lib' })
    expect(response.status).toBe(201)
  })
})

describe('tool page API', () => {
  it('answers the tool, its description, stacks_count and the public stacks using it with owner slugs', async () => {
    const db = ctx.app.db
    const tool = await buildCatalogTool(db, {
      name: 'Paged Tool',
      slug: 'paged-tool',
      description: 'A longer description.',
      websiteUrl: 'https://paged.example',
      stacksCount: 3,
      category: 'databases',
      layer: 'application-and-data',
    })
    const user = await buildUser(ctx.app)
    await insertStack({ name: 'Personal Public', slug: 'personal-public', ownerUserId: user.id, followersCount: 1 }, [
      tool.id,
    ])
    await insertStack({ name: 'Personal Private', slug: 'personal-private', ownerUserId: user.id, isPrivate: true }, [
      tool.id,
    ])
    const [company] = await db.insert(companies).values({ name: 'Acme Corp', slug: 'acme-corp' }).returning()
    await db.insert(ownerHandles).values({ slug: 'acme-corp', companyId: company!.id })
    await insertStack({ name: 'Acme Web', slug: 'acme-web', ownerCompanyId: company!.id, followersCount: 5 }, [tool.id])

    const response = await visitor.get('/api/v1/tools/paged-tool')
    expect(response.status).toBe(200)
    expect(response.body.tool).toMatchObject({
      name: 'Paged Tool',
      description: 'A longer description.',
      website_url: 'https://paged.example',
      stacks_count: 3,
      category: { slug: 'databases', name: 'Databases' },
    })
    expect(response.body.tool.stacks).toEqual([
      expect.objectContaining({
        name: 'Acme Web',
        canonical_url: '/acme-corp/acme-web',
        owner: expect.objectContaining({ type: 'Company', slug: 'acme-corp' }),
      }),
      expect.objectContaining({
        name: 'Personal Public',
        canonical_url: `/${user.username}/personal-public`,
        owner: expect.objectContaining({ type: 'User', slug: user.username }),
      }),
    ])
    // the browser revalidates each time (a visitor who just added the tool to a stack sees it), a CDN may keep it
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60')
    const again = await visitor.get('/api/v1/tools/paged-tool', { 'if-none-match': String(response.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('answers 404 in the envelope for an unknown tool', async () => {
    const response = await visitor.get('/api/v1/tools/no-such-tool')
    expect(response.status).toBe(404)
    expect(response.body.error).toEqual({ code: 'not_found', message: "Sorry, we couldn't find that page :(" })
  })

  it('answers 404 for hidden and unapproved tools, except to their submitter and to moderators', async () => {
    const submitter = await buildUser(ctx.app)
    await buildCatalogTool(ctx.app.db, {
      name: 'Hidden Page',
      slug: 'hidden-page',
      isHidden: true,
      submittedById: submitter.id,
    })
    expect((await visitor.get('/api/v1/tools/hidden-page')).status).toBe(404)
    expect((await (await buildUser(ctx.app)).client.get('/api/v1/tools/hidden-page')).status).toBe(404)
    const own = await submitter.client.get('/api/v1/tools/hidden-page')
    expect(own.status).toBe(200)
    expect(own.body.tool.hidden).toBe(true)
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    expect((await moderator.client.get('/api/v1/tools/hidden-page')).status).toBe(200)
  })
})

describe('directory', () => {
  beforeAll(async () => {
    for (let index = 1; index <= 25; index++) {
      await buildCatalogTool(ctx.app.db, {
        name: `Directory Tool ${index}`,
        seedPopularity: 1000 - index,
        category: 'directory-cat',
        layer: 'directory-layer',
      })
    }
    await buildCatalogTool(ctx.app.db, {
      name: 'Directory Other',
      category: 'directory-other',
      layer: 'directory-layer',
    })
    await buildCatalogTool(ctx.app.db, {
      name: 'Directory Pkg',
      isPackage: true,
      category: 'directory-cat',
      layer: 'directory-layer',
    })
    await buildCatalogTool(ctx.app.db, {
      name: 'Directory Pending',
      isApproved: false,
      category: 'directory-cat',
      layer: 'directory-layer',
    })
  })

  it('pages a category 20 tools at a time, most popular first', async () => {
    const first = await visitor.get('/api/v1/tools?category=directory-cat')
    expect(first.status).toBe(200)
    expect(first.body.tools).toHaveLength(20)
    expect(first.body).toMatchObject({
      page: 1,
      has_more: true,
      category: { slug: 'directory-cat', name: 'Directory cat' },
      layer: { slug: 'directory-layer', name: 'Directory layer' },
    })
    expect(first.body.tools[0].name).toBe('Directory Tool 1')
    const second = await visitor.get('/api/v1/tools?category=directory-cat&page=2')
    expect(names(second)).toEqual([
      'Directory Tool 21',
      'Directory Tool 22',
      'Directory Tool 23',
      'Directory Tool 24',
      'Directory Tool 25',
    ])
    expect(second.body.has_more).toBe(false)
  })

  it('filters by layer across its categories', async () => {
    const response = await visitor.get('/api/v1/tools?layer=directory-layer&page=2')
    expect(names(response)).toEqual([
      ...Array.from({ length: 5 }, (_, index) => `Directory Tool ${index + 21}`),
      'Directory Other',
    ])
  })

  it('answers 404 for an unknown category or layer', async () => {
    expect((await visitor.get('/api/v1/tools?category=nope')).status).toBe(404)
    expect((await visitor.get('/api/v1/tools?layer=nope')).status).toBe(404)
  })

  it('lists every listed tool without a filter', async () => {
    const response = await visitor.get('/api/v1/tools')
    expect(response.status).toBe(200)
    expect(response.body.tools).toHaveLength(20)
    expect(response.body).toMatchObject({ layer: null, category: null })
  })

  it('answers layers with their categories and listed-tool counts', async () => {
    const response = await visitor.get('/api/v1/layers')
    expect(response.status).toBe(200)
    const layer = response.body.layers.find((candidate: { slug: string }) => candidate.slug === 'directory-layer')
    expect(layer).toEqual({
      slug: 'directory-layer',
      name: 'Directory layer',
      tools_count: 26,
      categories: [
        { slug: 'directory-cat', name: 'Directory cat', tools_count: 25 },
        { slug: 'directory-other', name: 'Directory other', tools_count: 1 },
      ],
    })
    expect(response.headers['cache-control']).toContain('public')
  })

  it('answers the newest approved tools first', async () => {
    await buildCatalogTool(ctx.app.db, { name: 'Brand New', createdAt: new Date(Date.now() + 60_000) })
    await buildCatalogTool(ctx.app.db, {
      name: 'Brand New Pending',
      isApproved: false,
      createdAt: new Date(Date.now() + 120_000),
    })
    const response = await visitor.get('/api/v1/tools/newest')
    expect(response.status).toBe(200)
    expect(response.body.tools[0].name).toBe('Brand New')
    expect(response.body.tools.length).toBeLessThanOrEqual(12)
  })
})

describe('logos', () => {
  it('serves the stored SVG with a strict CSP, a long cache and an ETag', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'
    await buildCatalogTool(ctx.app.db, { name: 'Logo Tool', slug: 'logo-tool', logoSvg: svg })
    const response = await visitor.get('/logos/logo-tool.svg')
    expect(response.status).toBe(200)
    expect(response.body).toBe(svg)
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.headers['content-security-policy']).toBe(LOGO_CSP)
    expect(response.headers['cache-control']).toMatch(/max-age=86400/)
    const again = await visitor.get('/logos/logo-tool.svg', { 'if-none-match': String(response.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('generates a monogram for a tool without a logo', async () => {
    await buildCatalogTool(ctx.app.db, { name: 'Amazon Thing', slug: 'amazon-thing', brandColor: '#FF9900' })
    const response = await visitor.get('/logos/amazon-thing.svg')
    expect(response.status).toBe(200)
    expect(response.body).toContain('<svg')
    expect(response.body).toContain('>AT</text>')
  })

  it('serves the placeholder icon and answers 404 for unknown tools or other extensions', async () => {
    const placeholder = await visitor.get('/logos/_placeholder.svg')
    expect(placeholder.status).toBe(200)
    expect(placeholder.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect((await visitor.get('/logos/no-such-tool.svg')).status).toBe(404)
    expect((await visitor.get('/logos/logo-tool.png')).status).toBe(404)
  })
})

describe('openapi', () => {
  it('documents every tools route from the same schemas', async () => {
    const response = await visitor.get('/api/openapi.json')
    expect(response.status).toBe(200)
    for (const path of [
      '/api/v1/services/popular_services',
      '/api/v1/services/search',
      '/services/find_all_by_slug',
      '/services/find_all_by_actual_slug',
      '/api/v1/services/create',
      '/api/v1/tools',
      '/api/v1/tools/newest',
      '/api/v1/tools/{slug}',
      '/api/v1/layers',
    ]) {
      expect(response.body.paths[path], path).toBeDefined()
    }
  })
})

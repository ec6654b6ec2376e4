import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { BackstageRadar, quadrantIndex, ZalandoRadar } from '#contracts/radar.ts'
import {
  STACK_FILE_MAX_CHARACTERS,
  STACK_FILE_NOTHING_MATCHED,
  STACK_IMPORT_RATE_LIMIT,
  STACK_IMPORTS_RATE_LIMITED,
  stackFileNameTaken,
} from '#contracts/stack-files.ts'
import { stackTools, toolAliases, tools } from '../../db/schema/index.ts'
import { createApiTokenFor, requestWithToken } from '../../test/api-token-fixtures.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/harness.ts'
import { impersonate, insertCompany, insertTool, type ToolRecord } from '../../test/stack-fixtures.ts'
import { backstageComponentProblem } from './backstage.format.ts'

let ctx: TestContext
let owner: TestUser
let react: ToolRecord
let postgres: ToolRecord
let docker: ToolRecord
let leftPad: ToolRecord
let django: ToolRecord

const application = { slug: 'application-and-data', name: 'Application & Data', position: 1 }
const devops = { slug: 'devops', name: 'DevOps', position: 3 }

async function packageTool(ecosystem: string, name: string) {
  const tool = await insertTool(ctx.app.db, {
    name,
    slug: `${ecosystem}-${name}-${Math.random().toString(36).slice(2, 8)}`,
    isPackage: true,
    packageEcosystem: ecosystem,
  })
  await ctx.app.db.insert(toolAliases).values({ toolId: tool.id, kind: ecosystem, alias: name.toLowerCase() })
  return tool
}

/** A stack made through the API, with versions written beside some of its tools. */
async function createStack(user: TestUser, name: string, toolIds: number[], versions: Record<number, string> = {}) {
  const created = await user.client.post('/api/v1/stacks/create', {
    stack: {
      name,
      description: 'The shop and its API',
      website_url: 'https://shop.example',
      services: toolIds,
      owner: { type: 'User', id: user.id },
    },
  })
  expect(created.status).toBe(200)
  for (const [toolId, version] of Object.entries(versions)) {
    await ctx.app.db
      .update(stackTools)
      .set({ version })
      .where(and(eq(stackTools.stackId, created.body.id), eq(stackTools.toolId, Number(toolId))))
  }
  return created.body as { id: number; slug: string }
}

const techstackFile = (tools: string) => `repo_name: acme/payments\nversion: 0.1\ntools:\n${tools}`

const exportOf = (client: TestClient, path: string, format: string, extra = '') =>
  client.get(`/api/v1/stacks/${path}/export?format=${format}${extra}`)

beforeAll(async () => {
  ctx = await createTestApp()
  owner = await buildUser(ctx.app)
  react = await insertTool(ctx.app.db, {
    name: 'React',
    websiteUrl: 'https://react.dev',
    category: { slug: 'javascript-ui-libraries', name: 'JavaScript UI Libraries' },
    layer: application,
  })
  postgres = await insertTool(ctx.app.db, {
    name: 'PostgreSQL',
    category: { slug: 'databases', name: 'Databases' },
    layer: application,
  })
  docker = await insertTool(ctx.app.db, {
    name: 'Docker',
    category: { slug: 'containers', name: 'Virtual Machine Platforms & Containers' },
    layer: devops,
  })
  leftPad = await packageTool('npm', 'left-pad')
  django = await packageTool('pypi', 'django')
})
afterAll(() => ctx.close())

describe('GET /api/v1/stacks/{owner}/{slug}/export', () => {
  it('answers the techstack.yml as an attachment with the tools, packages and versions', async () => {
    const stack = await createStack(owner, 'Shop', [react.id, postgres.id, leftPad.id], {
      [react.id]: '18.2.0',
      [leftPad.id]: '1.3.0',
    })
    const response = await exportOf(new TestClient(ctx.app), `${owner.username}/${stack.slug}`, 'techstack')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/yaml; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="techstack.yml"')
    const document = parseYaml(response.body)
    expect(document).toMatchObject({
      repo_name: `${owner.username}/shop`,
      version: 0.1,
      repo_type: 'Public',
      detected_tools_count: 3,
    })
    expect(document.tools).toEqual([
      expect.objectContaining({
        name: 'React',
        website_url: 'https://react.dev',
        version: '18.2.0',
        category: 'Application & Data',
        sub_category: 'JavaScript UI Libraries',
      }),
      expect.objectContaining({ name: 'PostgreSQL', sub_category: 'Databases' }),
      expect.objectContaining({
        name: 'left-pad',
        package_url: 'https://www.npmjs.com/package/left-pad',
        version: '1.3.0',
        sub_category: 'npm Packages',
      }),
    ])
    expect(document.tools[1].version).toBeUndefined()
  })

  it('answers the techstack.md beside it with file=md, and 400 for a file the format has not', async () => {
    const stack = await createStack(owner, 'Docs stack', [react.id, leftPad.id], { [react.id]: '18.2.0' })
    const response = await exportOf(owner.client, `${owner.username}/${stack.slug}`, 'techstack', '&file=md')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="techstack.md"')
    expect(response.body).toContain('# Tech Stack File')
    expect(response.body).toContain('- [React](https://react.dev) – JavaScript UI Libraries')
    expect(response.body).toContain('|[left-pad](https://www.npmjs.com/package/left-pad)|N/A|')
    const refused = await exportOf(owner.client, `${owner.username}/${stack.slug}`, 'backstage', '&file=md')
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('validation_failed')
  })

  it('answers a Backstage Component that passes the catalog model validation', async () => {
    const stack = await createStack(owner, 'Catalog stack', [react.id, docker.id, django.id], {
      [react.id]: '18.2.0',
      [django.id]: '5.0.1',
    })
    const response = await exportOf(owner.client, `${owner.username}/${stack.slug}`, 'backstage')
    expect(response.status).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="catalog-info.yaml"')
    const entity = parseYaml(response.body)
    expect(await backstageComponentProblem(entity)).toBeNull()
    expect(entity).toMatchObject({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: {
        name: 'catalog-stack',
        title: 'Catalog stack',
        tags: [react.slug, docker.slug],
        annotations: {
          'stackatlas.io/stack': `${owner.username}/catalog-stack`,
          'stackatlas.io/tool-versions': `${react.slug}@18.2.0`,
          'stackatlas.io/packages': 'pkg:pypi/django@5.0.1',
        },
      },
      spec: { type: 'service', lifecycle: 'production', owner: `user:default/${owner.username}` },
    })
    expect(await backstageComponentProblem({ ...entity, spec: { type: 'service' } })).toMatch(/lifecycle/)
  })

  it('answers a CycloneDX 1.6 SBOM that validates against its JSON schema', async () => {
    const stack = await createStack(owner, 'Bill stack', [react.id, postgres.id, leftPad.id, django.id], {
      [react.id]: '18.2.0',
      [leftPad.id]: '1.3.0',
    })
    const response = await exportOf(owner.client, `${owner.username}/${stack.slug}`, 'cyclonedx')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/vnd.cyclonedx+json; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${owner.username}-bill-stack.cdx.json"`)
    const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
    const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6)
    expect(await validator.validate(text)).toBeNull()
    const bom = JSON.parse(text)
    expect(bom).toMatchObject({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      metadata: { component: { name: 'Bill stack' } },
    })
    expect(
      bom.components.map((component: any) => [component.type, component.name, component.version, component.purl]),
    ).toEqual([
      ['framework', 'React', '18.2.0', undefined],
      ['application', 'PostgreSQL', undefined, undefined],
      ['library', 'left-pad', '1.3.0', 'pkg:npm/left-pad@1.3.0'],
      ['library', 'django', undefined, 'pkg:pypi/django'],
    ])
    // the schema check can fail: a document without its required bomFormat does not validate
    const broken = { ...bom, bomFormat: undefined }
    expect(await validator.validate(JSON.stringify(broken))).not.toBeNull()
  })

  it("answers the radar JSON Zalando's page reads, and Backstage's with file=backstage", async () => {
    const stack = await createStack(owner, 'Radar stack', [react.id, docker.id])
    const path = `${owner.username}/${stack.slug}`
    const response = await exportOf(owner.client, path, 'radar')
    expect(response.status).toBe(200)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${stack.slug}-radar.json"`)
    const zalando = ZalandoRadar.parse(typeof response.body === 'string' ? JSON.parse(response.body) : response.body)
    // a stack's tools are in use: Adopt (ring 0), each in the quadrant of its layer (numbered in the radar's reading
    // order: DevOps, top left, first), linked to its tool page
    expect(zalando.entries.map(({ label, quadrant, ring, moved }) => ({ label, quadrant, ring, moved }))).toEqual([
      { label: 'Docker', quadrant: quadrantIndex('devops'), ring: 0, moved: 0 },
      { label: 'React', quadrant: quadrantIndex('application-and-data'), ring: 0, moved: 0 },
    ])
    expect(zalando.entries[1]!.link).toMatch(new RegExp(`^https?://[^/]+/tools/${react.slug}$`))
    const backstage = await exportOf(owner.client, path, 'radar', '&file=backstage')
    expect(backstage.status).toBe(200)
    const plugin = BackstageRadar.parse(
      typeof backstage.body === 'string' ? JSON.parse(backstage.body) : backstage.body,
    )
    expect(plugin.entries.map((entry) => [entry.id, entry.quadrant, entry.timeline[0]!.ringId])).toEqual(
      expect.arrayContaining([
        [react.slug, 'application-and-data', 'adopt'],
        [docker.slug, 'devops', 'adopt'],
      ]),
    )
    // a companion of another format is refused
    expect((await exportOf(owner.client, path, 'radar', '&file=md')).status).toBe(400)
  })

  it('answers 404 for a private stack to visitors and other users, and the file to its owner', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { privateMode: true, admins: [admin], members: [member] })
    const created = await admin.client.post('/api/v1/stacks/create', {
      stack: { name: 'Secret', private: true, services: [react.id], owner: { type: 'Company', id: company.id } },
    })
    expect(created.status).toBe(200)
    const path = `${company.slug}/secret`
    expect((await exportOf(new TestClient(ctx.app), path, 'techstack')).status).toBe(404)
    expect((await exportOf(owner.client, path, 'cyclonedx')).status).toBe(404)
    const seen = await exportOf(member.client, path, 'techstack')
    expect(seen.status).toBe(200)
    expect(parseYaml(seen.body).repo_type).toBe('Private')
  })

  it('answers 400 for an unknown format and 404 for an unknown stack', async () => {
    const unknown = await exportOf(owner.client, `${owner.username}/shop`, 'spdx')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.code).toBe('validation_failed')
    expect((await exportOf(owner.client, `${owner.username}/no-such-stack`, 'techstack')).status).toBe(404)
  })
})

describe('round trips: export, then import, gives the same stack', () => {
  /** The stack's tools and packages as every format sees them, without names of the stack itself. */
  async function contentOf(path: string) {
    const response = await exportOf(owner.client, path, 'cyclonedx')
    const bom = JSON.parse(typeof response.body === 'string' ? response.body : JSON.stringify(response.body))
    return bom.components.map((component: any) => ({
      name: component.name,
      version: component.version ?? null,
      purl: component.purl ?? null,
      slug: component.properties?.find((property: any) => property.name === 'stackatlas:slug')?.value ?? null,
    }))
  }

  for (const format of ['techstack', 'backstage', 'cyclonedx'] as const) {
    it(`keeps every tool, package and version through ${format}`, async () => {
      const stack = await createStack(
        owner,
        `Trip ${format}`,
        [react.id, postgres.id, docker.id, leftPad.id, django.id],
        {
          [react.id]: '18.2.0',
          [docker.id]: '24.0',
          [leftPad.id]: '1.3.0',
          [django.id]: '5.0.1',
        },
      )
      const path = `${owner.username}/${stack.slug}`
      const file = await exportOf(owner.client, path, format)
      const text = typeof file.body === 'string' ? file.body : JSON.stringify(file.body)
      const imported = await owner.client.post('/api/v1/stacks/import', { format, text, name: `Back ${format}` })
      expect(imported.status).toBe(200)
      expect(imported.body).toMatchObject({
        created: true,
        stack: { name: `Back ${format}`, owner_slug: owner.username, path: `/${owner.username}/back-${format}` },
        tools_count: 3,
        packages_count: 2,
        unmatched: [],
      })
      expect(await contentOf(`${owner.username}/back-${format}`)).toEqual(await contentOf(path))
    })
  }
})

describe('POST /api/v1/stacks/import', () => {
  const techstack = (tools: string) => `repo_name: acme/payments\nversion: 0.1\ntools:\n${tools}`

  it('creates the stack from a techstack.yml and reports the names it could not match', async () => {
    const user = await buildUser(ctx.app)
    const text = techstack(
      [
        '- name: react',
        '  version: 18.3.1',
        '- name: Homegrown Thing',
        '- name: left-pad',
        '  package_url: https://www.npmjs.com/left-pad',
        '- name: brand-new-package',
        '  package_url: https://www.npmjs.com/brand-new-package',
        '  version: 0.0.1',
        '- name: AFNetworking',
        '  sub_category: CocoaPods Packages',
      ].join('\n'),
    )
    const response = await user.client.post('/api/v1/stacks/import', { format: 'techstack', text })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      created: true,
      stack: { name: 'payments', path: `/${user.username}/payments` },
      tools_count: 1,
      packages_count: 2,
      unmatched: [
        { name: 'Homegrown Thing', kind: 'tool', ecosystem: null, reason: 'not_in_catalog' },
        { name: 'AFNetworking', kind: 'package', ecosystem: 'cocoapods', reason: 'not_in_catalog' },
      ],
    })
    const file = parseYaml((await exportOf(user.client, `${user.username}/payments`, 'techstack')).body)
    expect(file.tools.map((tool: any) => [tool.name, tool.version ?? null])).toEqual([
      ['React', '18.3.1'],
      ['left-pad', null],
      ['brand-new-package', '0.0.1'],
    ])
  })

  it("replaces an existing stack's tools when slug is given", async () => {
    const stack = await createStack(owner, 'Replace me', [postgres.id])
    const text = techstack('- name: Docker\n  version: "25.0"\n- name: React\n')
    const response = await owner.client.post('/api/v1/stacks/import', { format: 'techstack', text, slug: stack.slug })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      created: false,
      stack: { name: 'Replace me', slug: stack.slug },
      tools_count: 2,
    })
    const file = parseYaml((await exportOf(owner.client, `${owner.username}/${stack.slug}`, 'techstack')).body)
    expect(file.tools.map((tool: any) => [tool.name, tool.version ?? null])).toEqual([
      ['Docker', '25.0'],
      ['React', null],
    ])
  })

  it('creates the stack for a company its admin names as owner', async () => {
    const admin = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [admin] })
    const response = await admin.client.post('/api/v1/stacks/import', {
      format: 'techstack',
      text: techstack('- name: React\n'),
      owner: company.slug,
    })
    expect(response.status).toBe(200)
    expect(response.body.stack.owner_slug).toBe(company.slug)
  })

  it('answers 401 to a visitor', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/stacks/import', {
      format: 'techstack',
      text: techstack('- name: React\n'),
    })
    expect(response.status).toBe(401)
  })

  it('answers 403 to a member who is not admin of the company, and for another user', async () => {
    const member = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { members: [member] })
    const text = techstack('- name: React\n')
    const asMember = await member.client.post('/api/v1/stacks/import', {
      format: 'techstack',
      text,
      owner: company.slug,
    })
    expect(asMember.status).toBe(403)
    expect(asMember.body.error.message).toBe('Only company admins can import stacks for this company.')
    const asOther = await member.client.post('/api/v1/stacks/import', {
      format: 'techstack',
      text,
      owner: owner.username,
    })
    expect(asOther.status).toBe(403)
  })

  it("answers 403 to a member updating the company's stack, and to an impersonating admin", async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await insertCompany(ctx.app.db, { admins: [admin], members: [member] })
    const created = await admin.client.post('/api/v1/stacks/create', {
      stack: { name: 'Company stack', services: [react.id], owner: { type: 'Company', id: company.id } },
    })
    const text = techstack('- name: Docker\n')
    const body = { format: 'techstack', text, owner: company.slug, slug: created.body.slug }
    const refused = await member.client.post('/api/v1/stacks/import', body)
    expect(refused.status).toBe(403)
    const impersonated = await impersonate(ctx.app, admin)
    expect((await impersonated.post('/api/v1/stacks/import', body)).status).toBe(403)
    const tools = await ctx.app.db.select().from(stackTools).where(eq(stackTools.stackId, created.body.id))
    expect(tools.map((row) => row.toolId)).toEqual([react.id])
  })

  it('answers 400 for bad YAML, a file of another kind, a file too big, an unknown format and nothing matched', async () => {
    const post = (body: object) => owner.client.post('/api/v1/stacks/import', body)
    const badYaml = await post({ format: 'techstack', text: 'tools: [unclosed' })
    expect(badYaml.status).toBe(400)
    expect(badYaml.body.error).toMatchObject({ code: 'invalid_stack_file' })
    expect(badYaml.body.error.message).toMatch(/^This is not valid YAML/)
    const notBackstage = await post({ format: 'backstage', text: 'apiVersion: v1\nkind: Pod\n' })
    expect(notBackstage.status).toBe(400)
    expect(notBackstage.body.error.message).toMatch(/no Backstage Component/)
    const invalidEntity = await post({
      format: 'backstage',
      text: 'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: api\nspec:\n  type: service\n',
    })
    expect(invalidEntity.status).toBe(400)
    expect(invalidEntity.body.error.message).toMatch(/^This is not a valid Backstage entity: .*lifecycle/)
    const notJson = await post({ format: 'cyclonedx', text: '{"bomFormat": ' })
    expect(notJson.status).toBe(400)
    expect(notJson.body.error.message).toMatch(/^This is not valid JSON/)
    const tooBig = await post({ format: 'techstack', text: 'x'.repeat(STACK_FILE_MAX_CHARACTERS + 1) })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.error.fields).toEqual({ text: [expect.stringMatching(/^is too big/)] })
    const unknown = await post({ format: 'radar-of-doom', text: techstack('- name: React\n') })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields.format).toBeDefined()
    const nothing = await post({ format: 'techstack', text: techstack('- name: Nothing We Know\n'), name: 'Nothing' })
    expect(nothing.status).toBe(400)
    expect(nothing.body.error.message).toBe(STACK_FILE_NOTHING_MATCHED)
  })

  it('answers 400 when the stack name is taken, writing nothing', async () => {
    await createStack(owner, 'Taken name', [react.id])
    const text = techstack(
      '- name: React\n- name: brand-new-other\n  package_url: https://www.npmjs.com/brand-new-other\n',
    )
    const response = await owner.client.post('/api/v1/stacks/import', { format: 'techstack', text, name: 'Taken name' })
    expect(response.status).toBe(400)
    // acceptance minor 7: which name, and what to do
    expect(response.body.error.message).toBe(stackFileNameTaken('Taken name'))
    expect(response.body.error.fields).toEqual({ name: [stackFileNameTaken('Taken name')] })
    expect(response.body.error.message).toMatch(/"Taken name" already exists: choose another name/)
    // told before anything is written: not even the package tool it would have created
    const aliases = await ctx.app.db.select().from(toolAliases).where(eq(toolAliases.alias, 'brand-new-other'))
    expect(aliases).toEqual([])
  })
})

describe('what an import adds to the catalog (issue 31, F-3, decision 076)', () => {
  /** Every address the sitemaps list, signed out. */
  async function sitemapText() {
    const visitor = new TestClient(ctx.app)
    const index = await visitor.get('/sitemap.xml')
    const locations = [...String(index.body).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
    const pages = await Promise.all(locations.map((loc) => visitor.get(loc.slice(TEST_ORIGIN.length))))
    return pages.map((page) => String(page.body)).join('\n')
  }
  const spamFile = (prefix: string, count: number) =>
    JSON.stringify({
      bomFormat: 'CycloneDX',
      components: Array.from({ length: count }, (_, i) => ({ name: `x${i}`, purl: `pkg:npm/${prefix}-${i}@1.0.0` })),
    })

  it('creates at most the stack its 500 tools, none approved, none in sitemaps, search or tool pages', async () => {
    const spammer = await buildUser(ctx.app)
    const response = await spammer.client.post('/api/v1/stacks/import', {
      format: 'cyclonedx',
      name: 'Spam',
      text: spamFile('buy-cheap-pills', 1999),
    })
    expect(response.status).toBe(200)
    expect(response.body.packages_count).toBe(500)
    const overLimit = response.body.unmatched.filter((entry: any) => entry.reason === 'over_limit')
    expect(overLimit).toHaveLength(1499)
    // nothing past the cap was created: 500 rows, all unapproved
    const created = await ctx.app.db
      .select({ slug: tools.slug, isApproved: tools.isApproved, submittedById: tools.submittedById })
      .from(tools)
      .where(like(tools.slug, 'npm-buy-cheap-pills-%'))
    expect(created).toHaveLength(500)
    expect(created.filter((tool) => tool.isApproved)).toEqual([])
    expect(created.filter((tool) => tool.submittedById !== null)).toEqual([])

    const visitor = new TestClient(ctx.app)
    expect((await visitor.get('/api/v1/tools/npm-buy-cheap-pills-7')).status).toBe(404)
    expect((await spammer.client.get('/api/v1/tools/npm-buy-cheap-pills-7')).status).toBe(404)
    const search = await visitor.get('/api/v1/services/search?q=buy-cheap-pills&page=1')
    expect(search.body.tools ?? []).toEqual([])
    expect(await sitemapText()).not.toContain('buy-cheap-pills')

    // the importer's stack still lists what it imported, named but not linked to a page that does not exist
    const page = await visitor.get(`/api/v1/stacks/${spammer.username}/spam`)
    expect(page.status).toBe(200)
    const listed = page.body.layers.flatMap((layer: any) => layer.categories.flatMap((c: any) => c.tools))
    expect(listed).toHaveLength(500)
    expect(listed[0]).toMatchObject({ name: 'buy-cheap-pills-0', canonical_url: null })

    // a second import of the same names creates nothing more
    const again = await spammer.client.post('/api/v1/stacks/import', {
      format: 'cyclonedx',
      name: 'Spam again',
      text: spamFile('buy-cheap-pills', 1999),
    })
    expect(again.status).toBe(200)
    const after = await ctx.app.db.select({ id: tools.id }).from(tools).where(like(tools.slug, 'npm-buy-cheap-pills-%'))
    expect(after).toHaveLength(500)
  }, 60_000)

  it('lists a new package once public stacks of three people hold it, and not before', async () => {
    const text = techstackFile('- name: widely-used-thing\n  package_url: https://www.npmjs.com/widely-used-thing\n')
    const state = async () => {
      const [row] = await ctx.app.db
        .select({ isApproved: tools.isApproved })
        .from(tools)
        .where(eq(tools.slug, 'npm-widely-used-thing'))
      return row?.isApproved
    }
    const first = await buildUser(ctx.app)
    expect((await first.client.post('/api/v1/stacks/import', { format: 'techstack', text, name: 'One' })).status).toBe(
      200,
    )
    // the same person twice, and a private stack, do not count
    expect((await first.client.post('/api/v1/stacks/import', { format: 'techstack', text, name: 'Two' })).status).toBe(
      200,
    )
    expect(await state()).toBe(false)
    const second = await buildUser(ctx.app)
    expect((await second.client.post('/api/v1/stacks/import', { format: 'techstack', text })).status).toBe(200)
    expect(await state()).toBe(false)
    expect((await new TestClient(ctx.app).get('/api/v1/tools/npm-widely-used-thing')).status).toBe(404)
    const third = await buildUser(ctx.app)
    expect((await third.client.post('/api/v1/stacks/import', { format: 'techstack', text })).status).toBe(200)
    expect(await state()).toBe(true)
    expect((await new TestClient(ctx.app).get('/api/v1/tools/npm-widely-used-thing')).status).toBe(200)
  })
})

describe('the import rate limit (issue 31, F-3)', () => {
  let limited: TestContext
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitEnabled: true })
    await insertTool(limited.app.db, { name: 'React' })
  })
  afterAll(() => limited.close())

  it('answers 429 past 10 imports an hour per token and 20 per account, sessions and tokens together', async () => {
    const user = await buildUser(limited.app)
    const token = await createApiTokenFor(user)
    const text = techstackFile('- name: React\n')
    const viaToken = (n: number) =>
      requestWithToken(limited.app, token.secret, 'POST', '/api/v1/stacks/import', {
        payload: { format: 'techstack', text, name: `Token ${n}` },
      })
    for (let n = 1; n <= STACK_IMPORT_RATE_LIMIT.perToken; n++) expect((await viaToken(n)).status).toBe(200)
    const refused = await viaToken(99)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', message: STACK_IMPORTS_RATE_LIMITED })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // the account still has imports left through its session, until its own limit
    let accepted = 0
    for (let n = 1; n <= STACK_IMPORT_RATE_LIMIT.perAccount; n++) {
      const response = await user.client.post('/api/v1/stacks/import', { format: 'techstack', text, name: `S ${n}` })
      if (response.status !== 200) {
        expect(response.status).toBe(429)
        break
      }
      accepted++
    }
    // the token's 10 and its refused 11th counted for the account too
    expect(accepted).toBe(STACK_IMPORT_RATE_LIMIT.perAccount - STACK_IMPORT_RATE_LIMIT.perToken - 1)
  }, 60_000)
})

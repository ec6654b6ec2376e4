// The contents of imported stack files, fuzzed (issue 31, F-8): every importable format gets the shapes that once
// answered 500 (deep nesting, non-array fields, alias bombs, NUL and lone surrogates in names, versions, package URLs
// and annotations) and seeded random mutations of a valid file. Never a 5xx; a refused import writes nothing.
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORTABLE_STACK_FILE_FORMATS, type ImportableStackFileFormat } from '#contracts/stack-files.ts'
import { stacks, toolAliases, tools } from '../../db/schema/index.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { seededDraws } from '../../test/prng.ts'
import { insertTool } from '../../test/stack-fixtures.ts'
import { CYCLONEDX_MAX_DEPTH } from './cyclonedx.format.ts'

let ctx: TestContext
let user: TestUser

beforeAll(async () => {
  ctx = await createTestApp()
  user = await buildUser(ctx.app)
  await insertTool(ctx.app.db, { name: 'React' })
  await insertTool(ctx.app.db, { name: 'PostgreSQL' })
})
afterAll(() => ctx.close())

const BAD = ['\u0000', '\uD800', '\uDFFF', '\u0001', '\u001B', '\u007F', '\n', '\t']

async function rowCounts() {
  const [[stackRows], [toolRows], [aliasRows]] = await Promise.all([
    ctx.app.db.select({ value: count() }).from(stacks),
    ctx.app.db.select({ value: count() }).from(tools),
    ctx.app.db.select({ value: count() }).from(toolAliases),
  ])
  return { stacks: stackRows!.value, tools: toolRows!.value, aliases: aliasRows!.value }
}

let attempt = 0
/** Imports the text; never a 5xx, and a refusal leaves the stacks and the catalog as they were. */
async function importSafely(format: ImportableStackFileFormat, text: string) {
  const before = await rowCounts()
  const response = await user.client.post('/api/v1/stacks/import', { format, text, name: `Fuzz ${++attempt}` })
  expect(response.status, `${format}: ${JSON.stringify(text.slice(0, 200))}`).toBeLessThan(500)
  if (response.status !== 200) {
    expect(response.body.error.code).toMatch(/^(invalid_stack_file|validation_failed)$/)
    expect(await rowCounts()).toEqual(before)
  }
  return response
}

const techstack = (tools: string) => `repo_name: acme/fuzz\nversion: 0.1\ntools:\n- name: React\n${tools}`
const backstage = (annotations: string, extra = '') =>
  [
    'apiVersion: backstage.io/v1alpha1',
    'kind: Component',
    'metadata:',
    '  name: fuzz',
    '  tags: [react]',
    `  annotations: ${annotations}`,
    extra,
    'spec:',
    '  type: service',
    '  lifecycle: production',
    '  owner: user:default/fuzz',
  ].join('\n')
const cyclonedx = (components: unknown, metadata: unknown = {}) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', metadata, components })

/** Components nested `depth` deep, written as text: JSON.stringify itself would overflow its stack. */
function nested(depth: number) {
  const open = Array.from({ length: depth }, (_, level) => `[{"name":"level-${level}","components":`).join('')
  return `{"bomFormat":"CycloneDX","components":${open}[{"name":"React"}]${'}]'.repeat(depth)}}`
}

describe('the shapes that answered 500', () => {
  it('refuses CycloneDX components nested 5,000 deep with a 400, and reads a few levels', async () => {
    const deep = await importSafely('cyclonedx', nested(5000))
    expect(deep.status).toBe(400)
    expect(deep.body.error.message).toMatch(`nest more than ${CYCLONEDX_MAX_DEPTH} levels`)
    expect((await importSafely('cyclonedx', nested(10))).status).toBe(200)
  })

  it('reads CycloneDX fields that are not the arrays or objects the specification says', async () => {
    const shapes = [
      cyclonedx([{ name: 'React', properties: 'x' }]),
      cyclonedx([{ name: 'React', properties: [null, 1, 'x'] }]),
      cyclonedx([{ name: 'React', components: 'x' }]),
      cyclonedx([null, 1, 'x', [], { name: 'React', externalReferences: 'x' }]),
      cyclonedx([{ name: 'React' }], { component: { name: 'Shop', externalReferences: 'x' } }),
      cyclonedx([{ name: 'React' }], { component: { name: 'Shop', externalReferences: [null, 'x', 1] } }),
      cyclonedx([{ name: 'React' }], 'x'),
      cyclonedx('x'),
      JSON.stringify({ bomFormat: 'CycloneDX', components: [{ name: 'React' }], metadata: null }),
      JSON.stringify(['CycloneDX']),
      'null',
    ]
    for (const text of shapes) await importSafely('cyclonedx', text)
    expect((await importSafely('cyclonedx', shapes[0]!)).status).toBe(200)
  })

  it('answers 400 to a Backstage alias bomb, as to a techstack one', async () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    ].join('\n')
    const bomb = await importSafely('backstage', `${laughs}\n---\n${backstage('{}', '  description: *d')}`)
    expect(bomb.status).toBe(400)
    expect(bomb.body.error.message).toMatch(/^This is not valid YAML: /)
    expect((await importSafely('techstack', `${laughs}\ntools: *d\n`)).status).toBe(400)
  })

  it('skips names with control characters or lone surrogates in every format, and reports them', async () => {
    for (const bad of BAD) {
      const name = `left${bad}pad`
      const files: Array<[ImportableStackFileFormat, string]> = [
        ['techstack', techstack(`- name: ${JSON.stringify(name)}\n  package_url: https://www.npmjs.com/x\n`)],
        ['techstack', techstack(`- name: ${JSON.stringify(name)}\n`)],
        ['techstack', techstack(`- name: lodash\n  package_url: https://www.npmjs.com/x\n  version: "1${bad}2"\n`)],
        ['cyclonedx', cyclonedx([{ name: 'React' }, { name: 'x', purl: `pkg:npm/${name}@1` }])],
        ['cyclonedx', cyclonedx([{ name: 'React' }, { name: 'x', purl: `pkg:npm/a${escape(bad)}b@1` }])],
        ['cyclonedx', cyclonedx([{ name: 'React' }, { name }, { name: 'y', purl: 'pkg:npm/ok@1', version: bad }])],
        ['cyclonedx', cyclonedx([{ name: 'React', version: `18${bad}` }], { component: { name: `Shop${bad}` } })],
        ['backstage', backstage(JSON.stringify({ 'stackatlas.io/packages': `pkg:npm/a${escape(bad)}b` }))],
        ['backstage', backstage(JSON.stringify({ 'stackatlas.io/tool-versions': `react@18${bad}` }))],
      ]
      for (const [format, text] of files) {
        const response = await importSafely(format, text)
        if (response.status !== 200) continue
        const unreadable = response.body.unmatched.filter((entry: any) => entry.reason === 'unreadable_name')
        for (const entry of unreadable) expect(entry.name).toContain('\uFFFD')
      }
    }
    // the NUL in a package name is reported, not stored
    const reported = await importSafely(
      'techstack',
      techstack('- name: "a\\0b"\n  package_url: https://www.npmjs.com/x\n  sub_category: npm Packages\n'),
    )
    expect(reported.status).toBe(200)
    expect(reported.body.unmatched).toContainEqual({
      name: 'a\uFFFDb',
      kind: 'package',
      ecosystem: 'npm',
      reason: 'unreadable_name',
    })
  })

  it('reads techstack entries of every odd shape', async () => {
    const shapes = [
      techstack('- name: x\n  sub_category: __proto__\n'),
      techstack('- name: x\n  sub_category: constructor\n  package_url: 1\n'),
      techstack('- null\n- 1\n- [a]\n- name: [a]\n- name: {a: 1}\n  version: {b: 2}\n'),
      'repo_name: [1]\ndescription: {a: 1}\nwebsite_url: [x]\ntools: []\n',
      'tools: x\n',
      '"\\0": 1\ntools:\n- name: React\n',
      '!!binary AAAA',
      'tools: !!js/function "function () {}"\n',
    ]
    for (const text of shapes) await importSafely('techstack', text)
  })
})

describe('seeded random mutations of valid files', () => {
  const valid: Record<ImportableStackFileFormat, string> = {
    techstack: techstack(
      '- name: PostgreSQL\n  version: "16"\n- name: left-pad\n  package_url: https://www.npmjs.com/left-pad\n',
    ),
    backstage: backstage(
      JSON.stringify({
        'stackatlas.io/packages': 'pkg:npm/left-pad@1.3.0 pkg:pypi/django@5.0',
        'stackatlas.io/tool-versions': 'react@18.2.0',
      }),
    ),
    cyclonedx: cyclonedx(
      [
        { name: 'React', version: '18.2.0', properties: [{ name: 'stackatlas:slug', value: 'react' }] },
        { name: 'left-pad', purl: 'pkg:npm/left-pad@1.3.0', components: [{ name: 'PostgreSQL' }] },
      ],
      { component: { name: 'Shop', externalReferences: [{ type: 'website', url: 'https://shop.example' }] } },
    ),
  }
  const draws = seededDraws(31)
  const pieces = [...BAD, '{', '}', '[', ']', ':', '"', "'", '&a', '*a', '!!', '---', '%00', '\\u0000', '\\ud800', '-']

  function mutate(text: string): string {
    let result = text
    for (let n = draws.randInt(1, 4); n > 0; n--) {
      const at = draws.randInt(0, result.length)
      const kind = draws.randInt(0, 3)
      if (kind === 0) result = result.slice(0, at) + draws.pick(pieces) + result.slice(at)
      else if (kind === 1) result = result.slice(0, at) + draws.pick(pieces) + result.slice(at + 1)
      else if (kind === 2) result = result.slice(0, at) + result.slice(at + draws.randInt(1, 8))
      else result = result.slice(0, at) + result.slice(draws.randInt(0, result.length)).slice(0, 20) + result.slice(at)
    }
    return result
  }

  for (const format of IMPORTABLE_STACK_FILE_FORMATS) {
    it(`never answers 5xx to 40 mutations of a ${format} file`, async () => {
      expect((await importSafely(format, valid[format])).status).toBe(200)
      for (let n = 0; n < 40; n++) await importSafely(format, mutate(valid[format]))
    }, 60_000)
  }
})

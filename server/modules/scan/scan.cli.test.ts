// npm run scan -- <folder> [--json]: run as a person would, offline on a local folder, without a database.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { createGitRepository, type FixtureRepository } from '../../test/scan-servers.ts'
import { backstageComponentProblem } from '../stack-files/backstage.format.ts'

const run = promisify(execFile)
const cli = fileURLToPath(new URL('./scan.cli.ts', import.meta.url))
const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url))

let repository: FixtureRepository

beforeAll(() => {
  repository = createGitRepository({
    'package.json': JSON.stringify({ name: 'shop', dependencies: { express: '4.18.2', 'left-pad': '1.3.0' } }),
    'docker-compose.yml': 'services:\n  db:\n    image: postgres:16\n',
    'server.js': 'require("express")().listen(3000)\n'.repeat(10),
  })
})
afterAll(() => repository.remove())

describe('scan CLI', () => {
  it('prints exactly {"tools":[{name, slug, category, is_package, version, sources, aliases}]} with --json', async () => {
    const { stdout } = await run(node, [cli, repository.dir, '--json'], { env: { PATH: process.env.PATH ?? '' } })
    const output = JSON.parse(stdout)
    expect(Object.keys(output)).toEqual(['tools'])
    for (const tool of output.tools) {
      expect(Object.keys(tool)).toEqual(['name', 'slug', 'category', 'is_package', 'version', 'sources', 'aliases'])
    }
    // the catalog tool first, then its package (issue 19): by name, the tool wins
    const byName = new Map(output.tools.toReversed().map((tool: { name: string }) => [tool.name, tool]))
    expect(byName.get('Express')).toEqual({
      name: 'Express',
      slug: 'express',
      category: 'Frameworks (Full Stack)',
      is_package: false,
      version: '4.18.2',
      sources: ['package.json'],
      aliases: expect.arrayContaining(['Express.js']),
    })
    expect(byName.get('PostgreSQL')).toMatchObject({ version: '16', sources: ['docker-compose.yml'] })
    expect(byName.get('left-pad')).toMatchObject({ slug: 'npm-left-pad', is_package: true, category: null })
    // a package.json is JavaScript (issue 19), and so is all of the code
    expect(byName.get('JavaScript')).toMatchObject({ sources: ['package.json', 'languages: 100% of code'] })
  }, 60_000)

  it('prints a table by default', async () => {
    const { stdout } = await run(node, [cli, repository.dir], { env: { PATH: process.env.PATH ?? '' } })
    expect(stdout.split('\n')[0]).toMatch(/^Tool\s+Category\s+Version\s+Found in$/)
    expect(stdout).toMatch(/Express\s+Frameworks \(Full Stack\)\s+4\.18\.2\s+package\.json/)
    expect(stdout).toMatch(/tools \(\d+ from the catalog, 2 packages\)/)
  }, 60_000)

  it('prints the scan as a stack file with --format: a CycloneDX SBOM that validates, a valid Backstage entity', async () => {
    const env = { env: { PATH: process.env.PATH ?? '' } }
    const sbom = (await run(node, [cli, repository.dir, '--format=cyclonedx'], env)).stdout
    expect(await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(sbom)).toBeNull()
    const components = JSON.parse(sbom).components.map((component: { name: string; purl?: string }) => [
      component.name,
      component.purl ?? null,
    ])
    expect(components).toEqual(
      expect.arrayContaining([
        ['Express', null],
        ['PostgreSQL', null],
        ['left-pad', 'pkg:npm/left-pad@1.3.0'],
      ]),
    )
    const entity = parseYaml((await run(node, [cli, repository.dir, '--format=backstage'], env)).stdout)
    expect(await backstageComponentProblem(entity)).toBeNull()
    expect(entity.metadata.tags).toEqual(expect.arrayContaining(['express', 'postgresql']))
    const file = parseYaml((await run(node, [cli, repository.dir, '--format=techstack'], env)).stdout)
    expect(file.tools).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Express', version: '4.18.2', sub_category: 'Frameworks (Full Stack)' }),
      ]),
    )
    const refused = await run(node, [cli, repository.dir, '--format=spdx']).catch(
      (caught: { code: number; stderr: string }) => caught,
    )
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown format: spdx') })
  }, 90_000)

  it('exits with 2 and the usage without an argument', async () => {
    const error = await run(node, [cli]).catch((caught: { code: number; stderr: string }) => caught)
    expect(error).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run scan') })
  }, 60_000)

  it('exits with 1 and "No such folder" for a missing path, relative or absolute, and for a file', async () => {
    const file = `${repository.dir}/package.json`
    for (const input of ['no/such/folder', '/no/such/folder', file]) {
      const error = await run(node, [cli, input]).catch((caught: { code: number; stderr: string }) => caught)
      expect(error).toMatchObject({ code: 1, stderr: `No such folder: ${input}\n` })
    }
  }, 60_000)
})

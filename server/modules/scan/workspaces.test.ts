// Monorepos (issue 19): the workspaces each build tool declares, found in fixture folders, and each workspace's own
// tools beside the whole repository's, through the analyzer and the CLI's --by-workspace.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createGitRepository } from '../../test/scan-servers.ts'
import { analyzeFolder } from './repository-analyzer.ts'
import { globOf } from './workspaces.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-workspaces-'))
  folders.push(root)
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

const workspacesOf = async (files: Record<string, string>) =>
  (await analyzeFolder(fixture(files))).workspaces.map(({ path: folder, name, kind }) => ({ path: folder, name, kind }))

const json = (value: unknown) => JSON.stringify(value)

describe('workspaces', () => {
  it("reads npm workspaces (an array or Yarn's {packages}), with negated patterns, named by their package.json", async () => {
    expect(
      await workspacesOf({
        'package.json': json({ name: 'root', workspaces: ['packages/*', '!packages/legacy', 'apps/**'] }),
        'packages/ui/package.json': json({ name: '@acme/ui' }),
        'packages/legacy/package.json': json({ name: 'legacy' }),
        'packages/notes/README.md': 'no manifest, no workspace',
        'apps/web/site/package.json': json({ name: 'site' }),
      }),
    ).toEqual([
      { path: 'apps/web/site', name: 'site', kind: 'npm' },
      { path: 'packages/ui', name: '@acme/ui', kind: 'npm' },
    ])
    expect(
      await workspacesOf({
        'package.json': json({ private: true, workspaces: { packages: ['services/*'], nohoist: ['**/x'] } }),
        'services/api/package.json': json({}),
      }),
    ).toEqual([{ path: 'services/api', name: 'api', kind: 'npm' }])
  })

  it('reads pnpm-workspace.yaml', async () => {
    expect(
      await workspacesOf({
        'package.json': json({ name: 'root' }),
        'pnpm-workspace.yaml': "packages:\n  - 'apps/*'\n  - packages/*\n",
        'apps/admin/package.json': json({ name: 'admin' }),
        'packages/db/package.json': json({ name: '@acme/db' }),
      }),
    ).toEqual([
      { path: 'apps/admin', name: 'admin', kind: 'pnpm' },
      { path: 'packages/db', name: '@acme/db', kind: 'pnpm' },
    ])
  })

  it('reads Cargo workspace members, named by their package', async () => {
    expect(
      await workspacesOf({
        'Cargo.toml': '[workspace]\nresolver = "2"\nmembers = [\n  "crates/*",\n  "cli",\n]\n',
        'crates/core/Cargo.toml': '[package]\nname = "acme-core"\nversion = "0.1.0"\n',
        'cli/Cargo.toml': '[package]\nname = "acme"\n\n[dependencies]\nclap = "4"\n',
      }),
    ).toEqual([
      { path: 'cli', name: 'acme', kind: 'cargo' },
      { path: 'crates/core', name: 'acme-core', kind: 'cargo' },
    ])
  })

  it('reads go.work (a use block or a single use)', async () => {
    expect(
      await workspacesOf({
        'go.work': 'go 1.22\n\nuse (\n\t./api\n\t./tools/gen // generators\n)\n',
        'api/go.mod': 'module example.com/api\n\ngo 1.22\n',
        'tools/gen/go.mod': 'module example.com/gen\n',
      }),
    ).toEqual([
      { path: 'api', name: 'api', kind: 'go' },
      { path: 'tools/gen', name: 'gen', kind: 'go' },
    ])
    expect(await workspacesOf({ 'go.work': 'go 1.22\nuse ./svc\n', 'svc/go.mod': 'module x\n' })).toEqual([
      { path: 'svc', name: 'svc', kind: 'go' },
    ])
  })

  it('reads Maven modules, nested ones relative to their parent, named by their artifactId', async () => {
    const pom = (artifact: string, modules = '') =>
      `<project><parent><artifactId>parent</artifactId></parent><artifactId>${artifact}</artifactId>${modules}</project>`
    expect(
      await workspacesOf({
        'pom.xml': pom('root', '<modules><module>core</module><module>services</module></modules>'),
        'core/pom.xml': pom('acme-core'),
        'services/pom.xml': pom('services', '<modules>\n  <module>billing</module>\n</modules>'),
        'services/billing/pom.xml': pom('billing-service'),
      }),
    ).toEqual([
      { path: 'core', name: 'acme-core', kind: 'maven' },
      { path: 'services', name: 'services', kind: 'maven' },
      { path: 'services/billing', name: 'billing-service', kind: 'maven' },
    ])
  })

  it('reads Gradle settings includes in both DSLs, project paths as folders', async () => {
    const members = {
      'app/build.gradle.kts': 'plugins { kotlin("jvm") }\n',
      'lib/core/build.gradle': "plugins { id 'java' }\n",
      'included/build.gradle': '',
    }
    expect(
      await workspacesOf({
        'settings.gradle.kts': 'rootProject.name = "acme"\ninclude(":app", ":lib:core")\nincludeBuild("included")\n',
        ...members,
      }),
    ).toEqual([
      { path: 'app', name: 'app', kind: 'gradle' },
      { path: 'lib/core', name: 'core', kind: 'gradle' },
    ])
    expect(await workspacesOf({ 'settings.gradle': "include 'app'\ninclude ':lib:core'\n", ...members })).toEqual([
      { path: 'app', name: 'app', kind: 'gradle' },
      { path: 'lib/core', name: 'core', kind: 'gradle' },
    ])
  })

  it('reads uv workspace members, named by their project', async () => {
    expect(
      await workspacesOf({
        'pyproject.toml': '[project]\nname = "root"\n\n[tool.uv.workspace]\nmembers = ["packages/*"]\n',
        'packages/etl/pyproject.toml': '[project]\nname = "acme-etl"\ndependencies = ["pandas"]\n',
      }),
    ).toEqual([{ path: 'packages/etl', name: 'acme-etl', kind: 'uv' }])
  })

  it('finds no workspace in a single project', async () => {
    expect(
      await workspacesOf({ 'package.json': json({ name: 'app', dependencies: { react: '18' } }), 'src/a.ts': 'x' }),
    ).toEqual([])
  })

  it('matches workspace patterns as folders: * within one level, ** at any depth', () => {
    expect(globOf('', 'packages/*').test('packages/ui')).toBe(true)
    expect(globOf('', 'packages/*').test('packages/ui/nested')).toBe(false)
    expect(globOf('', 'apps/**').test('apps/web/site')).toBe(true)
    expect(globOf('', 'apps/**').test('apps')).toBe(true)
    expect(globOf('services', './billing').test('services/billing')).toBe(true)
    expect(globOf('', 'libs/ui.v2').test('libs/uixv2')).toBe(false)
  })

  it('gives each workspace its own tools, registries and languages, and the whole repository all of them', async () => {
    const root = fixture({
      'package.json': json({ private: true, workspaces: ['apps/*'], devDependencies: { typescript: '5.4.0' } }),
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n',
      'apps/web/package.json': json({ name: 'web', dependencies: { react: '18.2.0' } }),
      'apps/web/src/app.tsx': 'export const App = () => null\n'.repeat(20),
      'apps/api/package.json': json({ name: 'api', dependencies: { express: '4.18.2' } }),
      'apps/api/server.js': 'require("express")\n'.repeat(20),
      'apps/api/Dockerfile': 'FROM node:20\n',
    })
    const analysis = await analyzeFolder(root)
    const names = (signals: { kind: string; name: string }[]) =>
      signals.map((signal) => `${signal.kind}:${signal.name}`)
    const [api, web] = analysis.workspaces
    expect(api).toMatchObject({ path: 'apps/api', name: 'api', kind: 'npm' })
    expect(names(api!.signals)).toEqual(
      expect.arrayContaining(['npm:express', 'docker:node', 'name:npm', 'linguist:JavaScript']),
    )
    expect(names(api!.signals)).not.toContain('npm:react')
    expect(names(api!.signals)).not.toContain('github-action:actions/checkout')
    expect(names(web!.signals)).toEqual(expect.arrayContaining(['npm:react', 'name:npm', 'linguist:TypeScript']))
    expect(names(web!.signals)).not.toContain('npm:express')
    expect(names(analysis.signals)).toEqual(
      expect.arrayContaining(['npm:react', 'npm:express', 'npm:typescript', 'github-action:actions/checkout']),
    )
  })
})

describe('npm run scan -- <folder> --by-workspace', () => {
  const run = promisify(execFile)
  const cli = fileURLToPath(new URL('./scan.cli.ts', import.meta.url))
  const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url))
  const env = { PATH: process.env.PATH ?? '' }

  it("prints the whole repository's tools and each workspace's, as JSON and as tables", async () => {
    const root = fixture({
      'package.json': json({ private: true, workspaces: ['apps/*'] }),
      'apps/api/package.json': json({ name: 'api', dependencies: { express: '4.18.2' } }),
      'apps/web/package.json': json({ name: 'web', dependencies: { react: '18.2.0' } }),
    })
    const { stdout } = await run(node, [cli, root, '--json', '--by-workspace'], { env })
    const output = JSON.parse(stdout)
    expect(Object.keys(output)).toEqual(['tools', 'workspaces'])
    expect(output.workspaces.map((workspace: { path: string; name: string; kind: string }) => workspace)).toEqual([
      expect.objectContaining({ path: 'apps/api', name: 'api', kind: 'npm' }),
      expect.objectContaining({ path: 'apps/web', name: 'web', kind: 'npm' }),
    ])
    const toolNames = (tools: { name: string }[]) => tools.map((tool) => tool.name)
    expect(toolNames(output.workspaces[0].tools)).toContain('Express')
    expect(toolNames(output.workspaces[0].tools)).not.toContain('React')
    expect(toolNames(output.workspaces[1].tools)).toContain('React')
    expect(toolNames(output.tools)).toEqual(expect.arrayContaining(['Express', 'React']))

    const table = await run(node, [cli, root, '--by-workspace'], { env })
    expect(table.stdout).toMatch(/^Whole repository\n/)
    expect(table.stdout).toContain('Workspace api (apps/api, npm)')
    expect(table.stdout).toContain('Workspace web (apps/web, npm)')
  }, 60_000)

  it("reads a repository URL's workspaces from its clone", async () => {
    const repository = createGitRepository({
      'package.json': json({ private: true, workspaces: ['apps/*'] }),
      'apps/api/package.json': json({ name: 'api', dependencies: { express: '4.18.2' } }),
    })
    try {
      const { stdout } = await run(node, [cli, repository.url, '--json', '--by-workspace'], { env })
      const output = JSON.parse(stdout)
      expect(output.workspaces).toEqual([expect.objectContaining({ path: 'apps/api', name: 'api', kind: 'npm' })])
      expect(output.workspaces[0].tools.map((tool: { name: string }) => tool.name)).toContain('Express')
    } finally {
      repository.remove()
    }
  }, 60_000)
})

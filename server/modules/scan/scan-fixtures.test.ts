// Fixture repositories, one per ecosystem and shaped like real projects (fixture-repositories.ts), committed as local
// git repositories and scanned end to end: GET /api/v1/analyze with the URL of a git server on loopback (private
// networks allowed in tests), the shallow clone, the parsers, the catalog's aliases in the database, the stored and
// answered result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../db/seed/catalog/build.ts'
import { seedCatalog } from '../../db/seed/catalog/seed.ts'
import type { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import {
  continuousIntegrationApp,
  cycloneDxRepository,
  elixirPhoenixApp,
  gradleKotlinService,
  poetryService,
  stackFileRepository,
  swiftVaporApp,
} from '../../test/fixture-repositories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import {
  createGitRepository,
  type FixtureRepository,
  type FixtureSite,
  serveGitOverHttp,
} from '../../test/scan-servers.ts'

interface Expected {
  slug: string
  version?: string | null
  sources?: string[]
  isPackage?: boolean
}

const CASES: [string, Record<string, string>, Expected[], string[]][] = [
  [
    'a Ktor service built with Gradle (Kotlin DSL, version catalog)',
    gradleKotlinService,
    [
      { slug: 'kotlin', version: '1.9.22', sources: ['app/build.gradle.kts', 'languages: 100% of code'] },
      { slug: 'gradle', sources: ['app/build.gradle.kts'] },
      { slug: 'ktor', version: '2.3.7' },
      { slug: 'postgresql', version: null, sources: ['app/build.gradle.kts'] },
      { slug: 'maven-io-insert-koin-koin-ktor', version: '3.5.3', isPackage: true },
    ],
    [],
  ],
  [
    'a Vapor app (Package.swift, Package.resolved)',
    swiftVaporApp,
    [
      { slug: 'swift', version: '5.9' },
      { slug: 'vapor', version: '4.89.3', sources: ['Package.swift'] },
      { slug: 'postgresql', sources: ['Package.swift'] },
      { slug: 'docker', sources: ['Dockerfile'] },
      { slug: 'swift-fluent', version: '4.9.0', isPackage: true },
    ],
    [],
  ],
  [
    'a Phoenix app (mix.exs, mix.lock, .tool-versions)',
    elixirPhoenixApp,
    [
      { slug: 'elixir', sources: ['.tool-versions', 'mix.exs', 'languages: 100% of code'] },
      { slug: 'phoenix-framework', version: '1.7.10', sources: ['mix.exs'] },
      { slug: 'ecto', version: '3.11.1' },
      { slug: 'postgresql', sources: ['mix.exs'] },
      { slug: 'hex-swoosh', isPackage: true },
    ],
    [],
  ],
  [
    'a FastAPI service packaged with Poetry',
    poetryService,
    [
      { slug: 'poetry', sources: ['poetry.lock', 'pyproject.toml'] },
      { slug: 'python', version: '3.11' },
      { slug: 'fastapi', version: '0.109.2', sources: ['pyproject.toml'] },
      { slug: 'sqlalchemy', version: '2.0.25' },
      { slug: 'celery', version: '5.3.6' },
      { slug: 'postgresql', version: null },
      { slug: 'pytest', version: '7.4.4' },
      { slug: 'pypi-pydantic-settings', isPackage: true },
    ],
    [],
  ],
  [
    'a Rails app on GitLab CI, CircleCI and Travis CI',
    continuousIntegrationApp,
    [
      { slug: 'gitlab', sources: ['.gitlab-ci.yml'] },
      { slug: 'circleci', sources: ['.circleci/config.yml'] },
      { slug: 'travis-ci', sources: ['.travis.yml'] },
      { slug: 'postgresql', version: '15', sources: ['.circleci/config.yml', '.gitlab-ci.yml', 'Gemfile'] },
      { slug: 'redis', version: '7', sources: ['.gitlab-ci.yml'] },
      { slug: 'memcached', sources: ['.travis.yml'] },
      { slug: 'elasticsearch', sources: ['.travis.yml'] },
      { slug: 'ruby-on-rails', version: '7.1.2' },
      { slug: 'ruby', version: '3.2.2' },
    ],
    [],
  ],
  [
    "a repository declaring its stack in StackShare's Stack File (techstack.yml)",
    stackFileRepository,
    [
      { slug: 'next-js', version: '14.0.4', sources: ['techstack.yml'] },
      { slug: 'postgresql', sources: ['techstack.yml'] },
      { slug: 'stripe', sources: ['techstack.yml'] },
      { slug: 'zod', version: '3.22.4', sources: ['techstack.yml'] },
    ],
    [],
  ],
  [
    'a service shipping a CycloneDX SBOM',
    cycloneDxRepository,
    [
      { slug: 'express', version: '4.18.2', sources: ['bom.json'] },
      { slug: 'mongoose', version: '8.0.3' },
      // a transitive component counts when it is a tool (ioredis: Redis), never as a package
      { slug: 'redis', sources: ['bom.json'] },
      { slug: 'npm-helmet', version: '7.1.0', isPackage: true },
    ],
    ['npm-debug'],
  ],
]

const SLUGS = [
  ...new Set([...CASES.flatMap(([, , expected]) => expected.map((tool) => tool.slug)), 'git', 'javascript']),
]

let ctx: TestContext
let client: TestClient
const repositories: FixtureRepository[] = []
let gitServer: FixtureSite

beforeAll(async () => {
  ctx = await createTestApp()
  const catalog = buildCatalog()
  await seedCatalog(ctx.app.db, { ...catalog, tools: catalog.tools.filter((tool) => SLUGS.includes(tool.slug)) })
  client = (await buildUser(ctx.app)).client
}, 120_000)

afterAll(async () => {
  await gitServer?.close()
  await fixtureServer?.close()
  await ctx?.close()
  for (const repository of repositories) repository.remove()
})

/** The git server the fixtures are served from: the API scans no file:// URL (decision 077). */
let fixtureServer: FixtureSite | undefined
const served: Record<string, string> = {}
async function servedOverHttp(repository: FixtureRepository): Promise<string> {
  fixtureServer ??= await serveGitOverHttp(served)
  const repositoryPath = `/fixtures/repository-${Object.keys(served).length}.git`
  served[repositoryPath] = repository.dir
  return `${fixtureServer.origin}${repositoryPath}`
}

async function scanUntilDone(url: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await client.get(`/api/v1/analyze?url=${encodeURIComponent(url)}`)
    if (response.status !== 200 || response.body.state !== 'scanning') return response
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`scan of ${url} did not finish`)
}

describe('GET /api/v1/analyze on fixture repositories', () => {
  it.each(CASES)('finds the stack of %s', async (_label, files, expected, absent) => {
    const repository = createGitRepository(files)
    repositories.push(repository)
    const response = await scanUntilDone(await servedOverHttp(repository))
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ state: 'done', kind: 'repository', error: null })
    const bySlug = new Map(response.body.tools.map((tool: { slug: string }) => [tool.slug, tool]))
    for (const tool of expected) {
      const found = bySlug.get(tool.slug) as
        | { version: string | null; sources: string[]; is_package: boolean; confidence: number }
        | undefined
      expect(found, `${tool.slug} among ${[...bySlug.keys()].join(', ')}`).toBeDefined()
      if (tool.version !== undefined) expect(found!.version, `${tool.slug} version`).toBe(tool.version)
      if (tool.sources) expect(found!.sources, `${tool.slug} sources`).toEqual(expect.arrayContaining(tool.sources))
      expect(found!.is_package, `${tool.slug} is_package`).toBe(tool.isPackage ?? false)
      expect(found!.confidence).toBe(100)
    }
    for (const slug of absent) expect(bySlug.has(slug), `${slug} is not reported`).toBe(false)
    expect(bySlug.has('git')).toBe(true)
  })

  it('clones a repository behind an http URL of a host it does not know, when that host speaks git', async () => {
    const repository = createGitRepository(poetryService)
    repositories.push(repository)
    gitServer = await serveGitOverHttp(
      { '/acme/billing.git': repository.dir },
      { '/acme/billing/': '/acme/billing.git/' },
    )
    const response = await scanUntilDone(`${gitServer.origin}/acme/billing`)
    expect(response.body).toMatchObject({ state: 'done', kind: 'repository' })
    expect(response.body.tools.map((tool: { slug: string }) => tool.slug)).toEqual(
      expect.arrayContaining(['fastapi', 'poetry', 'python']),
    )
  })
})

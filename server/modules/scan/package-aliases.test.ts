// The reviewed alias table (server/db/seed/catalog/package-aliases.ts): stored forms, no alias claimed twice, and
// the mappings the issue names, through the catalog built from it.
import { beforeAll, describe, expect, it } from 'vitest'
import { toolAliases } from '../../db/seed/catalog/package-aliases.ts'
import { normalizeAlias } from './alias-normalize.ts'
import { loadCatalogLookup } from './catalog-lookup.ts'
import type { Signal } from './signals.ts'
import { mapSignals, type ToolLookup } from './tool-mapper.ts'

let lookup: ToolLookup
beforeAll(() => {
  lookup = loadCatalogLookup()
}, 60_000)

describe('the reviewed alias table', () => {
  it('writes every identifier in the form the scanner looks it up in', () => {
    const malformed: string[] = []
    for (const [tool, aliases] of Object.entries(toolAliases)) {
      for (const [kind, values] of Object.entries(aliases)) {
        if (kind === 'name') continue
        for (const value of values ?? []) {
          if (normalizeAlias(kind as never, value) !== value) malformed.push(`${tool} ${kind}:${value}`)
        }
      }
    }
    expect(malformed).toEqual([])
  })

  it('gives each identifier to one tool', () => {
    const owners = new Map<string, string>()
    const twice: string[] = []
    for (const [tool, aliases] of Object.entries(toolAliases)) {
      for (const [kind, values] of Object.entries(aliases)) {
        for (const value of values ?? []) {
          const key = `${kind}:${kind === 'name' ? normalizeAlias('name', value) : value}`
          if (owners.has(key) && owners.get(key) !== tool) twice.push(`${key} (${owners.get(key)}, ${tool})`)
          owners.set(key, tool)
        }
      }
    }
    expect(twice).toEqual([])
  })

  it('covers hundreds of packages, images and actions across ecosystems', () => {
    const counts = new Map<string, number>()
    for (const aliases of Object.values(toolAliases)) {
      for (const [kind, values] of Object.entries(aliases))
        counts.set(kind, (counts.get(kind) ?? 0) + (values?.length ?? 0))
    }
    expect(Object.keys(toolAliases).length).toBeGreaterThan(400)
    expect(counts.get('npm')).toBeGreaterThan(300)
    expect(counts.get('pypi')).toBeGreaterThan(80)
    expect(counts.get('docker')).toBeGreaterThan(100)
    for (const kind of [
      'rubygems',
      'go',
      'cargo',
      'packagist',
      'maven',
      'nuget',
      'pub',
      'hex',
      'swift',
      'github-action',
      'terraform',
    ]) {
      expect(counts.get(kind), kind).toBeGreaterThan(5)
    }
  })
})

describe('mapping through the catalog', () => {
  const signal = (kind: Signal['kind'], name: string): Signal => ({ kind, name, source: 'fixture' })

  it.each([
    ['npm', 'pg', 'PostgreSQL'],
    ['docker', 'redis', 'Redis'],
    ['docker', 'bitnami/redis', 'Redis'],
    ['npm', '@sentry/node', 'Sentry'],
    ['packagist', 'laravel/framework', 'Laravel'],
    ['pypi', 'Django', 'Django'],
    ['pypi', 'psycopg2_binary', 'PostgreSQL'],
    ['rubygems', 'rails', 'Ruby on Rails'],
    ['go', 'github.com/jackc/pgx/v5', 'PostgreSQL'],
    ['maven', 'org.springframework.boot:spring-boot-starter-web', 'Spring Boot'],
    ['nuget', 'Npgsql.EntityFrameworkCore.PostgreSQL', 'PostgreSQL'],
    ['github-action', 'actions/setup-node', 'Node.js'],
    ['terraform', 'aws_s3_bucket', 'Amazon S3'],
    ['name', 'GitHub Workflows', 'GitHub Actions'],
    ['name', 'Golang', 'Go'],
    ['wappalyzer', 'Nginx', 'NGINX'],
    ['linguist', 'TypeScript', 'TypeScript'],
    ['npm', 'classnames', 'Classnames'],
  ] as const)('maps %s %s to %s', async (kind, name, tool) => {
    const [detected] = await mapSignals([signal(kind, name)], lookup)
    expect(detected).toMatchObject({ name: tool, is_package: false })
  })

  it('maps the npm ecosystem itself to npm', async () => {
    const [detected] = await mapSignals([signal('name', 'npm')], lookup)
    expect(detected?.slug).toBe('npm')
  })

  it('keeps an unmapped dependency as a package tool of its ecosystem, and drops unmapped images and names', async () => {
    const detected = await mapSignals(
      [signal('npm', '@acme/left-pad'), signal('docker', 'acme/internal-api'), signal('name', 'Nothing We Know')],
      lookup,
    )
    expect(detected).toEqual([
      expect.objectContaining({ name: '@acme/left-pad', slug: 'npm-acme-left-pad', is_package: true, category: null }),
    ])
  })

  it('does not take a package for an unrelated tool of the same name', async () => {
    const [detected] = await mapSignals([signal('rubygems', 'rake')], lookup)
    expect(detected).toMatchObject({ slug: 'rubygems-rake', is_package: true })
  })
})

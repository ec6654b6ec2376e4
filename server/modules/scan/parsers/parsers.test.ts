// The manifest formats one by one, through the analyzer with an in-memory file source: what each file yields.
import { describe, expect, it } from 'vitest'
import { normalizeAlias } from '../alias-normalize.ts'
import { analyzeFileSource, type FileSource } from '../repository-analyzer.ts'
import { cleanVersion, type Signal } from '../signals.ts'
import { parseImage } from './containers.ts'
import { parsePurl } from './declared.ts'
import { compareVersions } from './go.ts'
import { parseRequirement } from './python.ts'

function source(files: Record<string, string>): FileSource {
  return {
    files: Object.entries(files).map(([path, text]) => ({ path, size: text.length })),
    read: async (paths) => new Map(paths.map((path) => [path, files[path]!])),
  }
}

async function signalsOf(files: Record<string, string>): Promise<Signal[]> {
  return (await analyzeFileSource(source(files))).signals.filter((signal) => signal.kind !== 'linguist')
}

/** 'kind:name@version' for compact assertions. */
const compact = (signals: Signal[]) =>
  signals.map((signal) => `${signal.kind}:${signal.name}${signal.version ? `@${signal.version}` : ''}`)

describe('version and name helpers', () => {
  it.each([
    ['^1.2.3', '1.2.3'],
    ['~> 7.1', '7.1'],
    ['>=2.0,<3', '2.0'],
    ['v1.22.0', '1.22.0'],
    ['==4.2.7', '4.2.7'],
    ['1.x', '1'],
    ['*', null],
    ['latest', null],
    ['workspace:*', null],
    ['github:user/repo', null],
    ['file:../local', null],
    [undefined, null],
  ])('cleanVersion(%s) is %s', (spec, expected) => {
    expect(cleanVersion(spec)).toBe(expected)
  })

  it('reads docker image references', () => {
    expect(parseImage('node:20-alpine')).toEqual({ name: 'node', version: '20' })
    expect(parseImage('docker.io/library/postgres:16.1@sha256:abc')).toEqual({ name: 'postgres', version: '16.1' })
    expect(parseImage('ghcr.io/acme/api:v2.3.1')).toEqual({ name: 'ghcr.io/acme/api', version: '2.3.1' })
    expect(parseImage('localhost:5000/app')).toEqual({ name: 'localhost:5000/app', version: null })
    expect(parseImage('scratch')).toBeNull()
    expect(parseImage('$BASE')).toBeNull()
  })

  it('reads package URLs', () => {
    expect(parsePurl('pkg:npm/%40sentry/node@7.1.0')).toEqual({ kind: 'npm', name: '@sentry/node', version: '7.1.0' })
    expect(parsePurl('pkg:maven/org.postgresql/postgresql@42.7.1')).toEqual({
      kind: 'maven',
      name: 'org.postgresql:postgresql',
      version: '42.7.1',
    })
    expect(parsePurl('pkg:gem/rails@7.1.2')).toEqual({ kind: 'rubygems', name: 'rails', version: '7.1.2' })
    expect(parsePurl('pkg:deb/debian/curl@7.88')).toBeNull()
  })

  it('reads PEP 508 requirements', () => {
    expect(parseRequirement('Django[argon2] (>=4.2,<5) ; python_version >= "3.8"')).toEqual({
      name: 'Django',
      version: '4.2',
    })
    expect(parseRequirement('requests @ https://example.com/requests.whl')).toEqual({ name: 'requests', version: null })
  })

  it('normalizes aliases per kind', () => {
    expect(normalizeAlias('pypi', 'Django_REST.framework')).toBe('django-rest-framework')
    expect(normalizeAlias('docker', 'docker.io/library/Redis')).toBe('redis')
    expect(normalizeAlias('github-action', 'github/codeql-action/init@v3')).toBe('github/codeql-action')
    expect(normalizeAlias('name', 'Node.js')).toBe('nodejs')
  })
})

describe("resolved versions (issue 19: a lockfile's version, else the declared range)", () => {
  it.each<[string, Record<string, string>, string]>([
    [
      'package-lock.json (v3)',
      {
        'package.json': JSON.stringify({ dependencies: { react: '^18.0.0' } }),
        'package-lock.json': JSON.stringify({ packages: { 'node_modules/react': { version: '18.2.0' } } }),
      },
      'npm:react@18.2.0',
    ],
    [
      'package-lock.json (v1)',
      {
        'package.json': JSON.stringify({ dependencies: { react: '^16.0.0' } }),
        'package-lock.json': JSON.stringify({ lockfileVersion: 1, dependencies: { react: { version: '16.14.0' } } }),
      },
      'npm:react@16.14.0',
    ],
    [
      'poetry.lock',
      {
        'pyproject.toml': '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "^2.28"\n',
        'poetry.lock': '[[package]]\nname = "requests"\nversion = "2.31.0"\ndescription = "HTTP"\n',
      },
      'pypi:requests@2.31.0',
    ],
    [
      'Gemfile.lock',
      {
        Gemfile: "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n",
        'Gemfile.lock':
          'GEM\n  remote: https://rubygems.org/\n  specs:\n    rails (7.1.2)\n      actionpack (= 7.1.2)\n',
      },
      'rubygems:rails@7.1.2',
    ],
    [
      'composer.lock',
      {
        'composer.json': JSON.stringify({ require: { 'laravel/framework': '^10.10' } }),
        'composer.lock': JSON.stringify({ packages: [{ name: 'laravel/framework', version: 'v10.39.0' }] }),
      },
      'packagist:laravel/framework@10.39.0',
    ],
    [
      'Cargo.lock',
      {
        'Cargo.toml': '[package]\nname = "app"\n\n[dependencies]\nserde = "1"\n',
        'Cargo.lock': '[[package]]\nname = "serde"\nversion = "1.0.195"\n',
      },
      'cargo:serde@1.0.195',
    ],
    [
      'go.sum',
      {
        'go.mod': 'module example.com/app\n\ngo 1.22\n\nrequire github.com/google/uuid v1.3.0\n',
        'go.sum': [
          'github.com/google/uuid v1.3.0 h1:t6JiXgmwXMjEs8VusXIJk2BXHsn+wx8BZdTaoZ5fu7I=',
          'github.com/google/uuid v1.3.0/go.mod h1:TIyPZe4MgqvfeYDBFedMoGGpEw/LqOeaOT+nhxU+yHo=',
          'github.com/google/uuid v1.6.0 h1:NIvaJDMOsjHA8n1jAhLSgzrAzy1Hgr+hNrb57e+94F0=',
          'github.com/google/uuid v1.10.0/go.mod h1:TIyPZe4MgqvfeYDBFedMoGGpEw/LqOeaOT+nhxU+yHo=',
          '',
        ].join('\n'),
      },
      'go:github.com/google/uuid@1.6.0',
    ],
  ])('takes the version %s resolved', async (_name, files, expected) => {
    expect(compact(await signalsOf(files))).toContain(expected)
  })

  it("reads Rye's and uv's requirements.lock, pinned like a requirements file", async () => {
    const signals = await signalsOf({
      'requirements.lock': '# generated by rye\n-e file:.\nanyio==4.2.0\n    # via httpx\nhttpx==0.26.0\n',
      'requirements-dev.lock': '-e file:.\npytest==8.0.0\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining(['pypi:anyio@4.2.0', 'pypi:httpx@0.26.0', 'pypi:pytest@8.0.0', 'name:PyPI']),
    )
  })

  it('compares Go module versions as semantic versions', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBeGreaterThan(0)
    expect(compareVersions('1.2.0', '1.2.0-rc.1')).toBeGreaterThan(0)
    expect(compareVersions('0.0.0-20231201-abc', '0.0.0-20240101-def')).toBeLessThan(0)
    expect(compareVersions('2.0.0+incompatible', '2.0.0')).toBe(0)
  })
})

describe('JavaScript', () => {
  it('takes resolved versions from yarn.lock (v1 and berry) and pnpm-lock.yaml', async () => {
    const yarnV1 = await signalsOf({
      'package.json': JSON.stringify({ dependencies: { react: '^18.0.0', '@babel/core': '^7.0.0' } }),
      'yarn.lock':
        '# yarn lockfile v1\n\n"@babel/core@^7.0.0", "@babel/core@^7.1.0":\n  version "7.23.6"\n\nreact@^18.0.0:\n  version "18.2.0"\n',
    })
    expect(compact(yarnV1)).toEqual(expect.arrayContaining(['npm:react@18.2.0', 'npm:@babel/core@7.23.6', 'name:Yarn']))
    const berry = await signalsOf({
      'package.json': JSON.stringify({ dependencies: { vue: '^3.3.0' } }),
      'yarn.lock':
        '__metadata:\n  version: 6\n\n"vue@npm:^3.3.0":\n  version: 3.3.13\n  resolution: "vue@npm:3.3.13"\n',
    })
    expect(compact(berry)).toContain('npm:vue@3.3.13')
    const pnpm = await signalsOf({
      'package.json': JSON.stringify({ dependencies: { svelte: '^4.0.0' }, packageManager: 'pnpm@8.12.1' }),
      'pnpm-lock.yaml':
        "lockfileVersion: '6.0'\n\npackages:\n\n  /svelte@4.2.8:\n    resolution: {integrity: sha512-x}\n",
    })
    expect(compact(pnpm)).toEqual(expect.arrayContaining(['npm:svelte@4.2.8', 'name:pnpm@8.12.1']))
  })

  it('reports npm when a package.json has no lockfile of another manager', async () => {
    expect(compact(await signalsOf({ 'package.json': '{"dependencies":{"lodash":"^4.17.21"}}' }))).toContain('name:npm')
  })
})

describe('Python', () => {
  it('reads Pipfile, pyproject.toml (PEP 621, PEP 735, Poetry, tool sections), setup.py and setup.cfg', async () => {
    const signals = await signalsOf({
      Pipfile:
        '[packages]\nflask = "==3.0.0"\nrequests = "*"\n\n[dev-packages]\npytest = {version = ">=7.4"}\n\n[requires]\npython_version = "3.12"\n',
      'service/pyproject.toml': [
        '[project]',
        'name = "service"',
        'requires-python = ">=3.11"',
        'dependencies = ["fastapi>=0.104", "sqlalchemy[asyncio]==2.0.23"]',
        '[project.optional-dependencies]',
        'dev = ["mypy"]',
        '[dependency-groups]',
        'test = ["pytest-cov"]',
        '[tool.ruff]',
        'line-length = 100',
        '',
      ].join('\n'),
      'worker/pyproject.toml':
        '[tool.poetry]\nname = "worker"\n[tool.poetry.dependencies]\npython = "^3.10"\ncelery = "^5.3"\n[tool.poetry.group.dev.dependencies]\nblack = "^23.0"\n',
      'legacy/setup.py':
        'setup(name="legacy", install_requires=["numpy>=1.20", "pandas"], extras_require={"plot": ["matplotlib"]})\n',
      'legacy/setup.cfg': '[metadata]\nname = legacy\n\n[options]\ninstall_requires =\n    scipy>=1.7\n    click\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining([
        'pypi:flask@3.0.0',
        'pypi:requests',
        'pypi:pytest@7.4',
        'name:Python@3.12',
        'name:Pipenv',
        'pypi:fastapi@0.104',
        'pypi:sqlalchemy@2.0.23',
        'pypi:mypy',
        'pypi:pytest-cov',
        'pypi:ruff',
        'name:Python@3.11',
        'name:Poetry',
        'pypi:celery@5.3',
        'pypi:black@23.0',
        'name:Python@3.10',
        'pypi:numpy@1.20',
        'pypi:pandas',
        'pypi:matplotlib',
        'pypi:scipy@1.7',
        'pypi:click',
      ]),
    )
    expect(compact(signals)).not.toContain('pypi:python')
  })
})

describe('Ruby, JVM, .NET, Apple, Elixir', () => {
  it('reads a gemspec', async () => {
    const signals = await signalsOf({
      'acme.gemspec':
        'Gem::Specification.new do |s|\n  s.name = "acme"\n  s.add_dependency "rack", "~> 3.0"\n  s.add_development_dependency "minitest"\nend\n',
    })
    expect(compact(signals)).toEqual(expect.arrayContaining(['rubygems:rack@3.0', 'rubygems:minitest']))
  })

  it("reads an R package's DESCRIPTION (CRAN packages, never R's base packages) and renv.lock's versions", async () => {
    const signals = await signalsOf({
      'pkg/DESCRIPTION': [
        'Package: fairness',
        'Version: 0.1.0',
        'Description: Helps detect',
        '    bias in models.',
        'Depends: R (>= 3.5.0), methods',
        'Imports:',
        '    reticulate (>= 1.20),',
        '    rstudioapi',
        'Suggests:',
        '    testthat, fairness',
      ].join('\n'),
      'pkg/renv.lock': JSON.stringify({
        R: { Version: '4.3.1' },
        Packages: { reticulate: { Package: 'reticulate', Version: '1.34.0' } },
      }),
      'docs/DESCRIPTION': 'A plain text file that names no package.\n',
    })
    expect(compact(signals)).toEqual([
      'name:R@3.5.0',
      'cran:reticulate@1.34.0',
      'cran:rstudioapi',
      'cran:testthat',
      'name:R@4.3.1',
      'name:CRAN',
    ])
  })

  it("reads a Rails app's importmap: npm packages pinned from a CDN, never the app's own modules", async () => {
    const signals = await signalsOf({
      'config/importmap.rb': [
        '# Pin npm packages by running ./bin/importmap',
        'pin "application", preload: true',
        'pin "@hotwired/turbo-rails", to: "turbo.min.js", preload: true',
        'pin_all_from "app/javascript/controllers", under: "controllers"',
        'pin "jquery", preload: true # @3.7.1',
        'pin "lightgallery/plugins/zoom", to: "lightgallery--plugins--zoom.js" # @2.7.2',
        'pin "@googlemaps/js-api-loader", to: "https://ga.jspm.io/npm:@googlemaps/js-api-loader@1.16.2/dist/index.esm.js"',
        'pin "lodash", to: "https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.js"',
      ].join('\n'),
    })
    expect(compact(signals)).toEqual([
      'npm:jquery@3.7.1',
      'npm:lightgallery@2.7.2',
      'npm:@googlemaps/js-api-loader@1.16.2',
      'npm:lodash@4.17.21',
      'name:npm',
    ])
  })

  it('reads Gradle builds (Groovy and Kotlin DSL) and version catalogs', async () => {
    const signals = await signalsOf({
      'app/build.gradle.kts': [
        'plugins {',
        '  id("org.springframework.boot") version "3.2.0"',
        '  kotlin("jvm") version "1.9.21"',
        '}',
        'dependencies {',
        '  implementation("org.springframework.boot:spring-boot-starter-web")',
        '  implementation(platform("com.google.cloud:libraries-bom:26.29.0"))',
        '  testImplementation("org.junit.jupiter:junit-jupiter:5.10.1")',
        '  implementation(libs.okhttp)',
        '}',
      ].join('\n'),
      'lib/build.gradle':
        "apply plugin: 'com.android.library'\ndependencies {\n  implementation 'com.squareup.retrofit2:retrofit:2.9.0'\n  api group: 'com.google.guava', name: 'guava', version: '32.1.3-jre'\n}\n",
      'gradle/libs.versions.toml':
        '[versions]\nokhttp = "4.12.0"\n[libraries]\nokhttp = { module = "com.squareup.okhttp3:okhttp", version.ref = "okhttp" }\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining([
        'maven:org.springframework.boot@3.2.0',
        'name:Kotlin@1.9.21',
        'maven:org.springframework.boot:spring-boot-starter-web',
        'maven:com.google.cloud:libraries-bom@26.29.0',
        'maven:org.junit.jupiter:junit-jupiter@5.10.1',
        'maven:com.android.library',
        'maven:com.squareup.retrofit2:retrofit@2.9.0',
        'maven:com.google.guava:guava@32.1.3-jre',
        'maven:com.squareup.okhttp3:okhttp@4.12.0',
        'name:Gradle',
      ]),
    )
    // plugin ids only count when they name a tool; they never become packages
    expect(signals.find((signal) => signal.name === 'com.android.library')?.indirect).toBe(true)
  })

  it('reads packages.config', async () => {
    const signals = await signalsOf({
      'Web/packages.config':
        '<?xml version="1.0"?>\n<packages>\n  <package id="Newtonsoft.Json" version="13.0.3" targetFramework="net472" />\n</packages>\n',
    })
    expect(compact(signals)).toEqual(expect.arrayContaining(['nuget:Newtonsoft.Json@13.0.3', 'name:NuGet']))
  })

  it('reads Package.swift with Package.resolved, a Podfile and a Cartfile', async () => {
    const signals = await signalsOf({
      'Package.swift': [
        '// swift-tools-version:5.9',
        'let package = Package(name: "Api", dependencies: [',
        '  .package(url: "https://github.com/vapor/vapor.git", from: "4.89.0"),',
        '  .package(url: "https://github.com/apple/swift-nio.git", .upToNextMajor(from: "2.62.0")),',
        '  .package(path: "../Shared"),',
        '])',
      ].join('\n'),
      'Package.resolved': JSON.stringify({
        pins: [{ identity: 'vapor', location: 'https://github.com/vapor/vapor.git', state: { version: '4.89.3' } }],
        version: 2,
      }),
      'ios/Podfile':
        "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Alamofire', '~> 5.8'\n  pod 'Firebase/Analytics'\nend\n",
      'ios/Cartfile': 'github "ReactiveX/RxSwift" ~> 6.0\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining([
        'swift:vapor@4.89.3',
        'swift:swift-nio@2.62.0',
        'name:Swift@5.9',
        'swift:alamofire@5.8',
        'swift:firebase',
        'name:CocoaPods',
        'swift:rxswift@6.0',
        'name:Carthage',
      ]),
    )
  })

  it('reads mix.exs with mix.lock versions', async () => {
    const signals = await signalsOf({
      'mix.exs':
        'defmodule Acme.MixProject do\n  def project, do: [app: :acme, elixir: "~> 1.15", deps: deps()]\n  defp deps do\n    [\n      {:phoenix, "~> 1.7.10"},\n      {:ecto_sql, "~> 3.10"},\n      {:credo, "~> 1.7", only: [:dev, :test], runtime: false},\n      {:shared, in_umbrella: true}\n    ]\n  end\nend\n',
      'mix.lock': '%{\n  "phoenix": {:hex, :phoenix, "1.7.10", "abc", [:mix], [], "hexpm", "def"},\n}\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining(['hex:phoenix@1.7.10', 'hex:ecto_sql@3.10', 'hex:credo@1.7', 'name:Elixir@1.15']),
    )
    expect(compact(signals).some((entry) => entry.startsWith('hex:shared'))).toBe(false)
  })
})

describe('CI, hosting and declared stacks', () => {
  it('reads GitLab CI, CircleCI and Travis CI files', async () => {
    const signals = await signalsOf({
      '.gitlab-ci.yml':
        'image: ruby:3.2\nservices:\n  - postgres:15\n  - name: redis:7\ntest:\n  script: bundle exec rspec\n',
      '.circleci/config.yml':
        'version: 2.1\njobs:\n  build:\n    docker:\n      - image: cimg/node:20.10\n      - image: cimg/postgres:16.1\n',
      '.travis.yml': 'language: python\npython:\n  - "3.11"\nservices:\n  - mysql\n  - redis-server\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining([
        'name:GitLab CI',
        'docker:ruby@3.2',
        'docker:postgres@15',
        'docker:redis@7',
        'name:CircleCI',
        'docker:cimg/node@20.10',
        'docker:cimg/postgres@16.1',
        'name:Travis CI',
        'name:Python@3.11',
        'name:MySQL',
        'name:Redis',
      ]),
    )
  })

  it('reads hosting files: netlify.toml, vercel.json, fly.toml, Procfile, app.yaml', async () => {
    const signals = await signalsOf({
      'netlify.toml': '[build]\ncommand = "npm run build"\n',
      'vercel.json': '{}',
      'fly.toml': 'app = "acme"\n',
      Procfile: 'web: bundle exec puma\n',
      'app.yaml': 'runtime: python312\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining([
        'name:Netlify',
        'name:Vercel',
        'name:Fly.io',
        'name:Heroku',
        'name:Google App Engine',
        'name:Python',
      ]),
    )
  })

  it('reads variable names and URL schemes of .env.example, never values', async () => {
    const signals = await signalsOf({
      '.env.example':
        'export MONGODB_URI=mongodb+srv://user:pass@cluster0.example.net/db\nNEXT_PUBLIC_SUPABASE_URL=\nSENTRY_DSN="https://key@sentry.io/1"\nAWS_REGION=eu-west-1\n',
    })
    expect(compact(signals)).toEqual(
      expect.arrayContaining(['name:MongoDB', 'name:Supabase', 'name:Sentry', 'name:Amazon Web Services']),
    )
    expect(JSON.stringify(signals)).not.toContain('pass@')
  })

  it("reads StackShare's Stack File (techstack.yml)", async () => {
    const signals = await signalsOf({
      'techstack.yml': [
        'repo_name: acme/app',
        'tools:',
        '- name: PostgreSQL',
        '  category: Data Stores',
        '  version: "16"',
        '- name: lodash',
        '  package_url: https://www.npmjs.com/lodash',
        '  version: 4.17.21',
        '',
      ].join('\n'),
    })
    expect(compact(signals)).toEqual(expect.arrayContaining(['name:PostgreSQL@16', 'npm:lodash@4.17.21']))
  })

  it('reads CycloneDX and SPDX SBOMs, direct dependencies apart from transitive ones', async () => {
    const signals = await signalsOf({
      'bom.json': JSON.stringify({
        bomFormat: 'CycloneDX',
        metadata: { component: { 'bom-ref': 'root' } },
        components: [
          { 'bom-ref': 'a', purl: 'pkg:npm/express@4.18.2' },
          { 'bom-ref': 'b', purl: 'pkg:npm/debug@2.6.9' },
        ],
        dependencies: [{ ref: 'root', dependsOn: ['a'] }],
      }),
      'sbom.spdx.json': JSON.stringify({
        spdxVersion: 'SPDX-2.3',
        packages: [{ externalRefs: [{ referenceType: 'purl', referenceLocator: 'pkg:pypi/django@4.2.7' }] }],
      }),
    })
    const byName = new Map(signals.map((signal) => [signal.name, signal]))
    expect(byName.get('express')).toMatchObject({ kind: 'npm', version: '4.18.2' })
    expect(byName.get('express')?.indirect).toBeUndefined()
    expect(byName.get('debug')?.indirect).toBe(true)
    expect(byName.get('django')).toMatchObject({ kind: 'pypi', version: '4.2.7', indirect: true })
  })

  it('reports presence-only markers by folder once, not once per file', async () => {
    const signals = await signalsOf({ '.storybook/main.js': '', '.storybook/preview.js': '', 'tsconfig.json': '{}' })
    expect(signals.filter((signal) => signal.name === 'Storybook').map((signal) => signal.source)).toEqual(
      expect.arrayContaining(['.storybook']),
    )
    expect(compact(signals)).toContain('name:TypeScript')
  })
})

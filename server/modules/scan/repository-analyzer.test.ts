// Fixture repositories, one per ecosystem and shaped like real projects, committed as local git repositories and
// scanned through the same shallow clone a GitHub URL gets; each asserts the tools found with their provenance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGitRepository, type FixtureRepository } from '../../test/scan-servers.ts'
import { loadCatalogLookup } from './catalog-lookup.ts'
import { cloneRepository } from './git-repository.ts'
import { analyzeFileSource, analyzeFolder, repositorySignals } from './repository-analyzer.ts'
import { type DetectedTool, mapSignals, type ToolLookup } from './tool-mapper.ts'

let lookup: ToolLookup
const repositories: FixtureRepository[] = []

beforeAll(() => {
  lookup = loadCatalogLookup()
}, 60_000)

afterAll(() => {
  for (const repository of repositories) repository.remove()
})

/** Commits the files, clones the repository shallowly over file://, analyzes and maps it. */
async function scanRepository(files: Record<string, string>): Promise<Map<string, DetectedTool>> {
  const repository = createGitRepository(files)
  repositories.push(repository)
  const clone = await cloneRepository({ cloneUrl: repository.url }, { allowPrivateNetworks: true })
  try {
    const analysis = await analyzeFileSource(clone.source)
    const tools = await mapSignals(analysis.signals, lookup)
    // a catalog tool is also listed as its package (issue 19): by name, the tool wins
    return new Map(tools.toReversed().map((tool) => [tool.name, tool]))
  } finally {
    await clone.remove()
  }
}

function expectTool(
  tools: Map<string, DetectedTool>,
  name: string,
  expected: { version?: string | null; sources?: (string | RegExp)[]; isPackage?: boolean } = {},
) {
  const tool = tools.get(name)
  expect(tool, `${name} among ${[...tools.keys()].join(', ')}`).toBeDefined()
  if (expected.version !== undefined) expect(tool!.version, `${name} version`).toBe(expected.version)
  for (const source of expected.sources ?? []) {
    const found = tool!.sources.some((actual) => (typeof source === 'string' ? actual === source : source.test(actual)))
    expect(found, `${name} sources ${JSON.stringify(tool!.sources)} include ${source}`).toBe(true)
  }
  if (expected.isPackage !== undefined) expect(tool!.is_package).toBe(expected.isPackage)
  return tool!
}

const nodeMonorepo = {
  'package.json': JSON.stringify({
    name: 'acme',
    private: true,
    workspaces: ['apps/*', 'packages/*'],
    devDependencies: { typescript: '^5.3.3', eslint: '^8.56.0', prettier: '^3.1.1', turbo: '^1.11.2', jest: '^29.7.0' },
  }),
  'package-lock.json': JSON.stringify({
    name: 'acme',
    lockfileVersion: 3,
    packages: {
      '': { name: 'acme' },
      'node_modules/express': { version: '4.18.2' },
      'node_modules/pg': { version: '8.11.3' },
      'node_modules/typescript': { version: '5.3.3' },
      'node_modules/next': { version: '14.0.4' },
      'node_modules/left-pad': { version: '1.3.0' },
      'node_modules/express/node_modules/debug': { version: '2.6.9' },
    },
  }),
  '.nvmrc': '20.11.1\n',
  'apps/api/package.json': JSON.stringify({
    name: '@acme/api',
    dependencies: {
      express: '^4.18.2',
      pg: '^8.11.3',
      ioredis: '^5.3.2',
      '@sentry/node': '^7.91.0',
      'left-pad': '^1.3.0',
      '@acme/shared': '*',
    },
  }),
  'apps/api/src/index.ts': 'import express from "express"\nconst app = express()\napp.listen(3000)\n'.repeat(20),
  'apps/web/package.json': JSON.stringify({
    name: '@acme/web',
    dependencies: { next: '14.0.4', react: '^18.2.0', 'react-dom': '^18.2.0', '@acme/shared': 'workspace:*' },
    devDependencies: { tailwindcss: '^3.4.0' },
  }),
  'apps/web/app/page.tsx': 'export default function Page() { return <main>Hello</main> }\n'.repeat(20),
  'apps/web/next.config.js': 'module.exports = {}\n',
  'packages/shared/package.json': JSON.stringify({ name: '@acme/shared', dependencies: { zod: '^3.22.4' } }),
  'packages/shared/index.ts': 'export const shared = true\n'.repeat(10),
  'docker-compose.yml':
    'services:\n  db:\n    image: postgres:16-alpine\n  cache:\n    image: redis:7.2\n  api:\n    build: ./apps/api\n',
  'apps/api/Dockerfile':
    'ARG NODE_VERSION=20\nFROM node:$NODE_VERSION-alpine AS build\nRUN npm ci\nFROM build AS runtime\nCMD ["node", "dist/index.js"]\n',
  '.github/workflows/ci.yml': [
    'name: CI',
    'on: [push]',
    'jobs:',
    '  test:',
    '    runs-on: ubuntu-latest',
    '    services:',
    '      postgres:',
    '        image: postgres:16',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 20',
    '      - run: npm ci && npm test',
    '',
  ].join('\n'),
  '.env.example': 'DATABASE_URL=postgres://localhost/acme\nREDIS_URL=redis://localhost:6379\nSTRIPE_SECRET_KEY=\n',
  'README.md': '# Acme\n',
}

describe('repository analysis of fixture repositories', () => {
  it('finds a Node monorepo with workspaces: packages, Docker, compose services, CI and env keys', async () => {
    const tools = await scanRepository(nodeMonorepo)
    expectTool(tools, 'Node.js', { version: '20.11.1', sources: ['.nvmrc', 'package.json'] })
    expectTool(tools, 'npm', { sources: ['package-lock.json'] })
    expectTool(tools, 'TypeScript', { version: '5.3.3', sources: ['package.json'] })
    expectTool(tools, 'Express', { version: '4.18.2', sources: ['apps/api/package.json'] })
    expectTool(tools, 'PostgreSQL', {
      version: '16',
      sources: ['apps/api/package.json', 'docker-compose.yml', '.github/workflows/ci.yml', '.env.example'],
    })
    expectTool(tools, 'Redis', {
      version: '7.2',
      sources: ['apps/api/package.json', 'docker-compose.yml', '.env.example'],
    })
    expectTool(tools, 'Sentry', { sources: ['apps/api/package.json'] })
    expectTool(tools, 'Next.js', { version: '14.0.4', sources: ['apps/web/package.json', 'apps/web/next.config.js'] })
    expectTool(tools, 'React', { sources: ['apps/web/package.json'] })
    expectTool(tools, 'Tailwind CSS', { sources: ['apps/web/package.json'] })
    expectTool(tools, 'Zod', { sources: ['packages/shared/package.json'] })
    for (const name of ['ESLint', 'Prettier', 'Turborepo', 'Jest'])
      expectTool(tools, name, { sources: ['package.json'] })
    expectTool(tools, 'Docker', { sources: ['apps/api/Dockerfile', 'docker-compose.yml'] })
    expectTool(tools, 'GitHub Actions', { sources: ['.github/workflows/ci.yml'] })
    expectTool(tools, 'Stripe', { sources: ['.env.example'] })
    const leftPad = expectTool(tools, 'left-pad', {
      isPackage: true,
      version: '1.3.0',
      sources: ['apps/api/package.json'],
    })
    expect(leftPad.slug).toBe('npm-left-pad')
    // workspace members are the repository's own code, and transitive lockfile entries are not the stack
    expect(tools.has('@acme/shared')).toBe(false)
    expect(tools.has('debug')).toBe(false)
  })

  it('finds a Django app from requirements files, a requirements/ folder, runtime.txt and a Procfile', async () => {
    const tools = await scanRepository({
      'requirements.txt': [
        'Django==4.2.7',
        'djangorestframework==3.14.0  # API',
        'psycopg2-binary==2.9.9',
        'celery[redis]==5.3.4',
        'gunicorn>=21.2',
        'sentry-sdk==1.38.0',
        'django-environ==0.11.2',
        '-r requirements/base.txt',
        '',
      ].join('\n'),
      'requirements/dev.txt': 'pytest-django==4.7.0\nblack==23.12.0\n',
      'runtime.txt': 'python-3.11.6\n',
      Procfile: 'web: gunicorn myproject.wsgi\nworker: celery -A myproject worker\n',
      'manage.py':
        '#!/usr/bin/env python\nimport os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "myproject.settings")\n',
      'myproject/settings.py': 'INSTALLED_APPS = ["rest_framework"]\n'.repeat(30),
      'myproject/urls.py': 'urlpatterns = []\n',
    })
    expectTool(tools, 'Python', { version: '3.11.6', sources: ['runtime.txt'] })
    expectTool(tools, 'Django', { version: '4.2.7', sources: ['requirements.txt', 'manage.py'] })
    expectTool(tools, 'Django REST framework', { sources: ['requirements.txt'] })
    expectTool(tools, 'PostgreSQL', { sources: ['requirements.txt'] })
    expectTool(tools, 'Celery', { version: '5.3.4', sources: ['requirements.txt'] })
    expectTool(tools, 'Gunicorn', { version: '21.2' })
    expectTool(tools, 'Sentry', { sources: ['requirements.txt'] })
    expectTool(tools, 'Pytest', { sources: ['requirements/dev.txt'] })
    expectTool(tools, 'Black', { sources: ['requirements/dev.txt'] })
    expectTool(tools, 'Heroku', { sources: ['Procfile'] })
    expect(expectTool(tools, 'django-environ', { isPackage: true }).slug).toBe('pypi-django-environ')
  })

  it('finds a Rails app from its Gemfile with versions from Gemfile.lock', async () => {
    const tools = await scanRepository({
      Gemfile: [
        "source 'https://rubygems.org'",
        "ruby '3.2.2'",
        "gem 'rails', '~> 7.1.0'",
        "gem 'pg', '~> 1.5'",
        "gem 'puma', '>= 5.0'",
        "gem 'sidekiq'",
        "gem 'redis', '>= 4.0.1'",
        "gem 'devise'",
        'group :development, :test do',
        "  gem 'rspec-rails'",
        "  gem 'rubocop', require: false",
        'end',
        '',
      ].join('\n'),
      'Gemfile.lock': [
        'GEM',
        '  remote: https://rubygems.org/',
        '  specs:',
        '    actionpack (7.1.2)',
        '      rack (>= 2.2.4)',
        '    devise (4.9.3)',
        '    pg (1.5.4)',
        '    puma (6.4.0)',
        '    rails (7.1.2)',
        '      actionpack (= 7.1.2)',
        '',
        'RUBY VERSION',
        '   ruby 3.2.2p53',
        '',
      ].join('\n'),
      'config/application.rb': 'module Acme\n  class Application < Rails::Application\n  end\nend\n'.repeat(10),
      'app/models/user.rb': 'class User < ApplicationRecord\nend\n',
    })
    expectTool(tools, 'Ruby', { version: '3.2.2', sources: ['Gemfile'] })
    expectTool(tools, 'Ruby on Rails', { version: '7.1.2', sources: ['Gemfile'] })
    expectTool(tools, 'PostgreSQL', { sources: ['Gemfile'] })
    expectTool(tools, 'Puma', { version: '6.4.0' })
    expectTool(tools, 'Sidekiq')
    expectTool(tools, 'Redis')
    expectTool(tools, 'RSpec')
    expectTool(tools, 'RuboCop')
    expect(expectTool(tools, 'devise', { isPackage: true, version: '4.9.3' }).slug).toBe('rubygems-devise')
  })

  it('finds a Go service: requirements (indirect ones less confident), major-version module paths, Dockerfile stages', async () => {
    const tools = await scanRepository({
      'go.mod': [
        'module github.com/acme/api',
        '',
        'go 1.22',
        '',
        'require (',
        '\tgithub.com/gin-gonic/gin v1.9.1',
        '\tgithub.com/jackc/pgx/v5 v5.5.0',
        '\tgithub.com/redis/go-redis/v9 v9.3.0',
        '\tgithub.com/stretchr/testify v1.8.4',
        '\tgolang.org/x/sys v0.15.0 // indirect',
        ')',
        '',
      ].join('\n'),
      'main.go': 'package main\n\nfunc main() {}\n'.repeat(20),
      Dockerfile: 'FROM golang:1.22 AS build\nRUN go build ./...\nFROM gcr.io/distroless/static AS run\n',
    })
    expectTool(tools, 'Go', { version: '1.22', sources: ['go.mod'] })
    expectTool(tools, 'Gin', { version: '1.9.1', sources: ['go.mod'] })
    expectTool(tools, 'PostgreSQL', { sources: ['go.mod'] })
    expectTool(tools, 'Redis', { sources: ['go.mod'] })
    expectTool(tools, 'Docker', { sources: ['Dockerfile'] })
    expectTool(tools, 'github.com/stretchr/testify', { isPackage: true, version: '1.8.4' })
    // indirect requirements are listed, with a lower confidence (StackShare lists them)
    expect(tools.get('golang.org/x/sys')?.confidence).toBe(50)
  })

  it('finds a Rust crate from Cargo.toml tables', async () => {
    const tools = await scanRepository({
      'Cargo.toml': [
        '[package]',
        'name = "acme-api"',
        'version = "0.1.0"',
        'rust-version = "1.74"',
        '',
        '[dependencies]',
        'tokio = { version = "1.35", features = ["full"] }',
        'serde = "1.0"',
        'sqlx = { version = "0.7", features = ["postgres"] }',
        'acme-core = { path = "../core" }',
        '',
        '[dev-dependencies]',
        'criterion = "0.5"',
        '',
      ].join('\n'),
      'Cargo.lock':
        '[[package]]\nname = "tokio"\nversion = "1.35.1"\n\n[[package]]\nname = "serde"\nversion = "1.0.193"\n',
      'src/main.rs': 'fn main() {}\n'.repeat(30),
    })
    expectTool(tools, 'Rust', { version: '1.74', sources: ['Cargo.toml'] })
    expectTool(tools, 'Cargo', { sources: ['Cargo.toml'] })
    expectTool(tools, 'Tokio', { version: '1.35.1' })
    expectTool(tools, 'serde', { isPackage: true, version: '1.0.193' })
    expectTool(tools, 'criterion', { isPackage: true })
    expect(tools.has('acme-core')).toBe(false)
  })

  it('finds a Laravel app from composer.json and composer.lock', async () => {
    const tools = await scanRepository({
      'composer.json': JSON.stringify({
        name: 'acme/shop',
        require: { php: '^8.1', 'laravel/framework': '^10.10', 'laravel/sanctum': '^3.3', 'ext-json': '*' },
        'require-dev': { 'phpunit/phpunit': '^10.1' },
      }),
      'composer.lock': JSON.stringify({
        packages: [
          { name: 'laravel/framework', version: 'v10.35.0' },
          { name: 'laravel/sanctum', version: 'v3.3.2' },
        ],
      }),
      artisan: '#!/usr/bin/env php\n<?php\n',
      'app/Http/Controllers/Controller.php': '<?php\nnamespace App\\Http\\Controllers;\nclass Controller {}\n'.repeat(
        10,
      ),
    })
    expectTool(tools, 'PHP', { version: '8.1', sources: ['composer.json'] })
    expectTool(tools, 'Laravel', { version: '10.35.0', sources: ['composer.json', 'artisan'] })
    expectTool(tools, 'Composer', { sources: ['composer.json'] })
    expect(expectTool(tools, 'laravel/sanctum', { isPackage: true, version: '3.3.2' }).slug).toBe(
      'packagist-laravel-sanctum',
    )
    expect(tools.has('ext-json')).toBe(false)
  })

  it('finds a Spring Boot service from a Maven pom with properties', async () => {
    const tools = await scanRepository({
      'pom.xml': `<?xml version="1.0" encoding="UTF-8"?>
<project>
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>3.2.0</version>
  </parent>
  <groupId>com.acme</groupId>
  <artifactId>orders</artifactId>
  <properties>
    <java.version>17</java.version>
    <lombok.version>1.18.30</lombok.version>
  </properties>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>
    <dependency><groupId>org.postgresql</groupId><artifactId>postgresql</artifactId><scope>runtime</scope></dependency>
    <dependency><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId><version>\${lombok.version}</version></dependency>
  </dependencies>
  <build><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build>
</project>`,
      'src/main/java/com/acme/orders/Application.java':
        'package com.acme.orders;\npublic class Application {}\n'.repeat(10),
    })
    expectTool(tools, 'Java', { version: '17', sources: ['pom.xml'] })
    expectTool(tools, 'Apache Maven', { sources: ['pom.xml'] })
    expectTool(tools, 'Spring Boot', { version: '3.2.0', sources: ['pom.xml'] })
    expectTool(tools, 'PostgreSQL', { sources: ['pom.xml'] })
    expectTool(tools, 'org.projectlombok:lombok', { isPackage: true, version: '1.18.30' })
  })

  it('finds an ASP.NET Core project from its csproj', async () => {
    const tools = await scanRepository({
      'src/Api/Api.csproj': `<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="8.0.0" />
    <PackageReference Include="Swashbuckle.AspNetCore" Version="6.5.0" />
    <PackageReference Include="Serilog.AspNetCore">
      <Version>8.0.0</Version>
    </PackageReference>
  </ItemGroup>
</Project>`,
      'src/Api/Program.cs': 'var builder = WebApplication.CreateBuilder(args);\n'.repeat(20),
    })
    expectTool(tools, '.NET', { version: '8.0', sources: ['src/Api/Api.csproj'] })
    expectTool(tools, 'ASP.NET', { sources: ['src/Api/Api.csproj'] })
    expectTool(tools, 'C#', { sources: [/^languages: /] })
    expectTool(tools, 'PostgreSQL', { sources: ['src/Api/Api.csproj'] })
    expectTool(tools, 'Swagger', { sources: ['src/Api/Api.csproj'] })
    expectTool(tools, 'Serilog.AspNetCore', { isPackage: true, version: '8.0.0' })
  })

  it('finds a Flutter app from pubspec.yaml', async () => {
    const tools = await scanRepository({
      'pubspec.yaml': [
        'name: acme_app',
        'environment:',
        "  sdk: '>=3.2.0 <4.0.0'",
        'dependencies:',
        '  flutter:',
        '    sdk: flutter',
        '  firebase_core: ^2.24.0',
        '  provider: ^6.1.1',
        'dev_dependencies:',
        '  flutter_test:',
        '    sdk: flutter',
        '  flutter_lints: ^3.0.0',
        '',
      ].join('\n'),
      'pubspec.lock': 'packages:\n  provider:\n    dependency: "direct main"\n    version: "6.1.1"\n',
      'lib/main.dart': 'void main() {}\n'.repeat(30),
    })
    expectTool(tools, 'Dart', { version: '3.2.0', sources: ['pubspec.yaml'] })
    expectTool(tools, 'Flutter', { sources: ['pubspec.yaml'] })
    expectTool(tools, 'Firebase', { sources: ['pubspec.yaml'] })
    expectTool(tools, 'provider', { isPackage: true, version: '6.1.1' })
  })

  it('finds Terraform with the AWS provider and the services its resources use', async () => {
    const tools = await scanRepository({
      'infra/main.tf': [
        'terraform {',
        '  required_version = ">= 1.5.0"',
        '  required_providers {',
        '    aws = {',
        '      source  = "hashicorp/aws"',
        '      version = "~> 5.0"',
        '    }',
        '  }',
        '}',
        '',
        'provider "aws" {',
        '  region = "eu-west-1"',
        '}',
        '',
        'resource "aws_s3_bucket" "assets" {',
        '  bucket = "acme-assets"',
        '}',
        '',
        'resource "aws_cloudfront_distribution" "cdn" {}',
        '',
      ].join('\n'),
    })
    expectTool(tools, 'Terraform', { version: '1.5.0', sources: ['infra/main.tf'] })
    expectTool(tools, 'Amazon Web Services', { sources: ['infra/main.tf'] })
    expectTool(tools, 'Amazon S3', { sources: ['infra/main.tf'] })
    expectTool(tools, 'Amazon CloudFront', { sources: ['infra/main.tf'] })
  })

  it('counts code, not the files describing a build or a container, as languages', async () => {
    const tools = await scanRepository({
      'go.mod': 'module example.com/tool\n\ngo 1.22\n',
      'main.go': 'package main\n\nfunc main() {}\n',
      // far larger than the code: were they counted, Docker and Make would be "95% of code"
      Dockerfile: `FROM golang:1.22\n${'RUN echo step\n'.repeat(400)}`,
      Makefile: `build:\n${'\tgo build ./...\n'.repeat(400)}`,
      'CMakeLists.txt': `project(tool)\n${'add_definitions(-DX)\n'.repeat(200)}`,
    })
    expectTool(tools, 'Go', { sources: ['languages: 100% of code'] })
    const docker = expectTool(tools, 'Docker', { sources: ['Dockerfile'] })
    expect(docker.sources.some((source) => source.startsWith('languages:'))).toBe(false)
    for (const tool of tools.values()) {
      if (tool.name !== 'Go') expect(tool.sources.filter((source) => source.startsWith('languages:'))).toEqual([])
    }
  })

  it('reads a local folder the same way, never following a symbolic link out of it', async () => {
    const repository = createGitRepository(nodeMonorepo)
    repositories.push(repository)
    const fs = await import('node:fs')
    fs.mkdirSync(`${repository.dir}/linked`)
    fs.symlinkSync('/etc', `${repository.dir}/linked/etc`)
    fs.symlinkSync('/etc/hostname', `${repository.dir}/linked/package.json`)
    const analysis = await analyzeFolder(repository.dir)
    expect(analysis.signals.some((signal) => signal.source.startsWith('linked/'))).toBe(false)
    const tools = new Map((await mapSignals(analysis.signals, lookup)).map((tool) => [tool.name, tool]))
    expectTool(tools, 'Express', { sources: ['apps/api/package.json'] })
    expectTool(tools, 'TypeScript', { sources: [/^languages: /] })
    expectTool(tools, 'Git', { sources: ['.git'] })
  })

  it('names Git and the code host of a cloned repository', async () => {
    const tools = new Map(
      (await mapSignals(repositorySignals('https://github.com/acme/shop.git'), lookup)).map((tool) => [
        tool.name,
        tool,
      ]),
    )
    expectTool(tools, 'Git', { sources: ['repository'] })
    expectTool(tools, 'GitHub', { sources: ['github.com'] })
  })
})

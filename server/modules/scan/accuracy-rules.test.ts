// The general rules issue 19 added for accuracy against StackShare's lists, one test each.
import { describe, expect, it } from 'vitest'
import { looseName } from './alias-normalize.ts'
import { loadCatalogLookup, otherNames } from './catalog-lookup.ts'
import {
  dataLanguageSignals,
  headerLanguage,
  isExcludedFromLanguages,
  languageSignals,
  loadLanguageIndex,
  scriptLanguage,
  scriptPaths,
} from './languages.ts'
import { pubspecLockParser, pubspecParser } from './parsers/dart.ts'
import { packageJsonParser, UNDECLARED_RUNTIME_CONFIDENCE } from './parsers/javascript.ts'
import { markerParser } from './parsers/markers.ts'
import { analyzeFileSource, type FileSource, impliedSignals, registrySignals } from './repository-analyzer.ts'
import type { Signal, SignalKind } from './signals.ts'
import { createMemoryLookup, mapSignals, packageShortNames } from './tool-mapper.ts'

/** An in-memory repository: paths and texts. */
function memorySource(files: Record<string, string>): FileSource {
  return {
    files: Object.entries(files).map(([path, text]) => ({ path, size: text.length })),
    read: async (paths) => new Map(paths.filter((path) => path in files).map((path) => [path, files[path]!])),
  }
}

const markers = (path: string) =>
  markerParser.parse({ path, base: path.split('/').pop()!, text: '' }, {} as never).map((signal) => signal.name)

describe('accuracy rules', () => {
  it('lists the registry of each ecosystem the repository installs from, at its shallowest manifest', () => {
    const signals = registrySignals(
      [
        { kind: 'pypi', name: 'django', source: 'api/requirements.txt' },
        { kind: 'pypi', name: 'flask', source: 'requirements.txt' },
        { kind: 'rubygems', name: 'rails', source: 'Gemfile' },
        { kind: 'nuget', name: 'Serilog', source: 'sbom.json', indirect: true },
      ],
      [{ path: 'web/package.json', size: 10 }],
    )
    expect(signals).toEqual([
      { kind: 'name', name: 'PyPI', source: 'requirements.txt' },
      { kind: 'name', name: 'RubyGems', source: 'Gemfile' },
      { kind: 'name', name: 'npm', source: 'web/package.json' },
    ])
  })

  it('knows Git from the files a Git repository keeps, and Visual Studio from a solution file', () => {
    expect(markers('.gitignore')).toEqual(['Git'])
    expect(markers('sub/.gitattributes')).toEqual(['Git'])
    expect(markers('src/Shop.sln')).toEqual(['Visual Studio'])
  })

  it('gives tools a stack rarely names (an editor, a bot, GitHub from .github alone) a suggestion confidence', () => {
    const confidence = (path: string) =>
      markerParser.parse({ path, base: path.split('/').pop()!, text: '' }, {} as never)[0]?.confidence ?? 100
    expect(confidence('.editorconfig')).toBe(50)
    expect(confidence('.github/dependabot.yml')).toBe(50)
    expect(confidence('.github/ISSUE_TEMPLATE/bug.md')).toBe(50)
    expect(confidence('netlify.toml')).toBe(100)
  })

  it('lists languages under 1% of the code as suggestions', () => {
    const signals = languageSignals([
      { name: 'Go', bytes: 9900, share: 0.99 },
      { name: 'Shell', bytes: 100, share: 0.001 },
    ])
    expect(signals.map((signal) => [signal.name, signal.confidence ?? 100])).toEqual([
      ['Go', 100],
      ['Shell', 50],
    ])
  })

  it('reports a dependency that is a catalog tool as the tool and as the package', async () => {
    const lookup = createMemoryLookup([
      {
        name: 'React',
        slug: 'react',
        category: 'Javascript UI Libraries',
        aliases: [{ kind: 'npm', alias: 'react-dom' }],
      },
    ])
    const tools = await mapSignals(
      [{ kind: 'npm', name: 'react-dom', version: '18.2.0', source: 'package.json' }],
      lookup,
    )
    expect(tools.map((tool) => [tool.name, tool.is_package, tool.slug, tool.version])).toEqual([
      ['React', false, 'react', '18.2.0'],
      ['react-dom', true, 'npm-react-dom', '18.2.0'],
    ])
  })

  it("knows StackShare's names of catalog tools (Rails, Apollo, Twilio SendGrid, Android SDK, C lang, Golang)", async () => {
    const found = await loadCatalogLookup().findByAliases(
      ['Rails', 'Apollo', 'Twilio SendGrid', 'Android SDK', 'Android OS', 'C lang', 'Golang'].map((name) => ({
        kind: 'name' as const,
        alias: looseName(name),
      })),
    )
    expect([...found.values()].map((tool) => tool.name)).toEqual([
      'Ruby on Rails',
      'Apollo GraphQL',
      'Sendgrid',
      'Android',
      'Android',
      'C',
      'Go',
    ])
  }, 30_000)

  it("gives a catalog tool's other names as the reviewed table spells them", () => {
    const names = otherNames(
      'Ruby on Rails',
      [
        { kind: 'name', alias: 'rubyonrails' },
        { kind: 'name', alias: 'rails' },
        { kind: 'npm', alias: 'rails' },
      ],
      new Map([['rails', 'Rails']]),
    )
    expect(names).toEqual(['Rails'])
  })

  it("gives Go and Maven packages their short names: the module path's last segment, the artifactId", async () => {
    expect(packageShortNames('go', 'github.com/stretchr/testify')).toEqual(['testify'])
    expect(packageShortNames('go', 'github.com/spf13/cobra/v2')).toEqual(['cobra'])
    expect(packageShortNames('go', 'gopkg.in/yaml.v3')).toEqual(['yaml'])
    expect(packageShortNames('go', 'rsc.io/quote')).toEqual(['quote'])
    // a repository named for Go holds the package Go imports by the name without 'go'
    expect(packageShortNames('go', 'github.com/redis/go-redis/v9')).toEqual(['go-redis', 'redis'])
    expect(packageShortNames('go', 'github.com/nats-io/nats.go')).toEqual(['nats.go', 'nats'])
    expect(packageShortNames('go', 'github.com/stripe/stripe-go/v76')).toEqual(['stripe-go', 'stripe'])
    expect(packageShortNames('go', 'github.com/google/go')).toEqual(['go'])
    expect(packageShortNames('go', 'github.com/google/gopacket')).toEqual(['gopacket'])
    expect(packageShortNames('maven', 'org.hsqldb:hsqldb')).toEqual(['hsqldb'])
    expect(packageShortNames('maven', 'org.slf4j:slf4j-api')).toEqual(['slf4j-api', 'slf4j'])
    expect(packageShortNames('maven', 'org.mockito:mockito-core')).toEqual(['mockito-core', 'mockito'])
    expect(packageShortNames('maven', 'com.google.protobuf:protobuf-java')).toEqual(['protobuf-java', 'protobuf'])
    expect(packageShortNames('maven', 'com.example:core')).toEqual(['core'])
    expect(packageShortNames('pypi', 'django')).toEqual([])
    const [tool] = await mapSignals(
      [{ kind: 'go', name: 'github.com/stretchr/testify', version: '1.9.0', source: 'go.mod' }],
      createMemoryLookup([]),
    )
    expect(tool).toMatchObject({ name: 'github.com/stretchr/testify', is_package: true, aliases: ['testify'] })
  })

  it("names a Maven artifact's project from its groupId, the project's reversed domain", () => {
    // the modules of a project share its name as their prefix, up to the group's last segment
    expect(packageShortNames('maven', 'org.springframework.data:spring-data-commons')).toEqual([
      'spring-data-commons',
      'spring-data',
    ])
    expect(packageShortNames('maven', 'org.springframework.boot:spring-boot-starter-web')).toEqual([
      'spring-boot-starter-web',
      'spring-boot',
    ])
    expect(packageShortNames('maven', 'org.slf4j:slf4j-simple')).toEqual(['slf4j-simple', 'slf4j'])
    // the Apache Software Foundation's projects, as it names them
    expect(packageShortNames('maven', 'org.apache.nifi:nifi-utils')).toEqual(['nifi-utils', 'nifi', 'apache-nifi'])
    expect(packageShortNames('maven', 'org.apache.commons:commons-lang3')).toEqual([
      'commons-lang3',
      'commons',
      'apache-commons',
    ])
    // a forge gives the projects it hosts a group under its domain
    expect(packageShortNames('maven', 'com.google.code.findbugs:jsr305')).toEqual(['jsr305', 'findbugs'])
    expect(packageShortNames('maven', 'net.sourceforge.pmd:pmd-java')).toEqual(['pmd-java', 'pmd'])
    // a project's own domain, where its name holds the artifact's
    expect(packageShortNames('maven', 'io.projectreactor:reactor-test')).toEqual(['reactor-test', 'projectreactor'])
    expect(packageShortNames('maven', 'org.projectlombok:lombok')).toEqual(['lombok', 'projectlombok'])
    expect(packageShortNames('maven', 'com.h2database:h2')).toEqual(['h2', 'h2database'])
    // not an organization's domain that names no project of the artifact's
    expect(packageShortNames('maven', 'org.xerial:sqlite-jdbc')).toEqual(['sqlite-jdbc'])
    expect(packageShortNames('maven', 'com.fasterxml.jackson.core:jackson-databind')).toEqual(['jackson-databind'])
    expect(looseName('projectreactor')).toBe(looseName('Project Reactor'))
    expect(looseName('apache-nifi')).toBe(looseName('Apache NiFi'))
  })

  it('names a scoped npm package by its scope and a Composer package by its vendor, the project publishing it', () => {
    expect(packageShortNames('npm', '@octokit/rest')).toEqual(['octokit'])
    expect(packageShortNames('npm', '@babel/core')).toEqual(['babel'])
    expect(packageShortNames('npm', '@types/node')).toEqual([])
    expect(packageShortNames('npm', 'left-pad')).toEqual([])
    expect(packageShortNames('packagist', 'laravel/framework')).toEqual(['laravel'])
    expect(packageShortNames('packagist', 'stripe/stripe-php')).toEqual(['stripe'])
    expect(packageShortNames('pypi', 'zope/interface')).toEqual([])
  })

  it("names a service's client library by the service", () => {
    expect(packageShortNames('pypi', 'pinecone-client')).toEqual(['pinecone'])
    expect(packageShortNames('pypi', 'prometheus_client')).toEqual(['prometheus'])
    expect(packageShortNames('npm', 'socket.io-client')).toEqual(['socket.io'])
    expect(packageShortNames('npm', 'apollo-client')).toEqual(['apollo'])
    expect(packageShortNames('pypi', 'sentry-sdk')).toEqual(['sentry'])
    expect(packageShortNames('npm', '@pinecone-database/pinecone-client')).toEqual(['pinecone-database', 'pinecone'])
    expect(packageShortNames('pypi', 'clientlib')).toEqual([])
    expect(packageShortNames('pypi', 'client')).toEqual([])
  })

  it('tells C, C++ and Objective-C headers apart by their text, as Linguist does', () => {
    expect(headerLanguage('#import "GeneratedPluginRegistrant.h"\n')).toBe('Objective-C')
    expect(headerLanguage('@interface AppDelegate : FlutterAppDelegate\n@end\n')).toBe('Objective-C')
    expect(headerLanguage('#include <string>\nclass Window {\n public:\n};\n')).toBe('C++')
    expect(headerLanguage('#include <flutter_linux/flutter_linux.h>\nG_DECLARE_FINAL_TYPE(MyApplication)\n')).toBe('C')
  })

  it('knows a script without an extension by its shebang, as Linguist does', async () => {
    const index = await loadLanguageIndex()
    expect(scriptLanguage(index, '#!/usr/bin/env bash\nset -e\n')).toBe('Shell')
    expect(scriptLanguage(index, '#!/bin/sh\n')).toBe('Shell')
    expect(scriptLanguage(index, '#! /usr/bin/perl -w\n')).toBe('Perl')
    expect(scriptLanguage(index, '#!/usr/bin/env -S python3.12 -u\n')).toBe('Python')
    expect(scriptLanguage(index, '#!/usr/bin/env ruby\n')).toBe('Ruby')
    expect(scriptLanguage(index, 'just text\n')).toBeUndefined()
    expect(
      scriptPaths(index, [
        { path: 'bin/setup', size: 300 },
        { path: 'bin/setup.rb', size: 300 },
        { path: 'vendor/bin/tool', size: 300 },
        { path: 'data/blob', size: 10_000_000 },
      ]),
    ).toEqual(['bin/setup'])
  })

  it('reads the shebang of a file whose extension no Linguist language claims, as Linguist reads it first', async () => {
    const index = await loadLanguageIndex()
    const paths = [
      'templates/hooks/pre-commit.tgo',
      'README.md',
      'main.go',
      'assets/logo.png',
      '.gitignore',
      'script/deploy',
    ]
    expect(
      scriptPaths(
        index,
        paths.map((path) => ({ path, size: 400 })),
      ),
    ).toEqual(['script/deploy', 'templates/hooks/pre-commit.tgo'])
    const analysis = await analyzeFileSource(
      memorySource({
        'main.go': 'package main\n\nfunc main() {}\n',
        'templates/hooks/pre-commit.tgo': '#!/usr/bin/env bash\nset -e\ngo test ./...\n',
        'templates/readme.tgo': '# {{ .Name }}\n',
      }),
    )
    expect(analysis.languages.map((language) => language.name)).toEqual(['Shell', 'Go'])
  })

  it('reports SQL, Protocol Buffer and GraphQL files, which Linguist counts as data, by their presence', () => {
    const signals = dataLanguageSignals([
      { path: 'db/schema.sql' },
      { path: 'db/seed.SQL' },
      { path: 'api/user.proto' },
      { path: 'vendor/lib/other.proto' },
      { path: 'public/graphql/schema.graphql' },
    ])
    expect(signals).toEqual([
      { kind: 'linguist', name: 'SQL', source: '2 SQL files' },
      { kind: 'linguist', name: 'Protocol Buffer', source: '1 Protocol Buffer file' },
      { kind: 'linguist', name: 'GraphQL', source: '1 GraphQL file' },
    ])
  })

  it("leaves Gradle's and Maven's wrapper scripts out of the languages, as Linguist's vendor list does", () => {
    expect(isExcludedFromLanguages('gradlew.bat')).toBe(true)
    expect(isExcludedFromLanguages('android/gradlew')).toBe(true)
    expect(isExcludedFromLanguages('mvnw.cmd')).toBe(true)
    expect(isExcludedFromLanguages('.mvn/wrapper/MavenWrapperDownloader.java')).toBe(true)
    expect(isExcludedFromLanguages('scripts/build.bat')).toBe(false)
  })

  it('knows JavaScript from a package.json, and Node.js as a suggestion unless engines names it', () => {
    const parse = (manifest: object) =>
      packageJsonParser
        .parse(
          { path: 'package.json', base: 'package.json', text: JSON.stringify(manifest) },
          { addLocalPackage() {}, addLockVersions() {} },
        )
        .filter((signal) => signal.kind === 'name')
        .map((signal) => [signal.name, signal.confidence ?? 100])
    expect(parse({ dependencies: { vite: '^5' } })).toEqual([
      ['JavaScript', 100],
      ['Node.js', UNDECLARED_RUNTIME_CONFIDENCE],
    ])
    expect(parse({ engines: { node: '>=20' } })).toEqual([
      ['JavaScript', 100],
      ['Node.js', 100],
    ])
  })

  it("lists a Flutter app's dependency on the SDK's flutter package, without the SDK's placeholder version", () => {
    const versions = new Map<string, string>()
    const context = {
      addLocalPackage() {},
      addLockVersions: (_: string, __: string, found: Map<string, string>) => {
        for (const [name, version] of found) versions.set(name, version)
      },
    }
    const pubspec = [
      'name: app',
      'dependencies:',
      '  flutter:',
      '    sdk: flutter',
      '  flutter_localizations:',
      '    sdk: flutter',
      '  provider: ^6.0.0',
      'dev_dependencies:',
      '  flutter_test:',
      '    sdk: flutter',
    ].join('\n')
    const signals = pubspecParser.parse({ path: 'pubspec.yaml', base: 'pubspec.yaml', text: pubspec }, context)
    expect(signals.filter((signal) => signal.kind === 'pub').map((signal) => signal.name)).toEqual([
      'flutter',
      'provider',
    ])
    pubspecLockParser.parse(
      {
        path: 'pubspec.lock',
        base: 'pubspec.lock',
        text: 'packages:\n  flutter:\n    source: sdk\n    version: "0.0.0"\n  provider:\n    source: hosted\n    version: "6.1.1"\n',
      },
      context,
    )
    expect([...versions]).toEqual([['provider', '6.1.1']])
  })

  it('knows the Spring Framework under a Spring Boot project', () => {
    const signals: Signal[] = [
      { kind: 'maven', name: 'org.springframework.boot:spring-boot-starter-web', source: 'pom.xml' },
      { kind: 'maven', name: 'org.springframework.boot:spring-boot-starter-test', source: 'pom.xml' },
      { kind: 'maven', name: 'org.springframework.boot:spring-boot', source: 'x/sbom.json', indirect: true },
      { kind: 'maven', name: 'org.example:springframework-boot-like', source: 'pom.xml' },
    ]
    expect(impliedSignals(signals)).toEqual([{ kind: 'name', name: 'Spring Framework', source: 'pom.xml' }])
    expect(impliedSignals(signals.slice(2))).toEqual([])
  })

  it.each<[SignalKind, string, string]>([
    ['pypi', 'Jinja2', 'Jinja'],
    ['pypi', 'qdrant-client', 'Qdrant'],
    ['maven', 'com.h2database:h2', 'H2 Database'],
    ['maven', 'org.freemarker:freemarker', 'FreeMarker'],
    ['nuget', 'Microsoft.EntityFrameworkCore', 'ef core'],
    ['go', 'google.golang.org/protobuf', 'Protocol Buffer'],
    ['maven', 'com.google.protobuf:protobuf-java', 'Protocol Buffer'],
    ['linguist', 'SQL', 'SQL'],
    ['linguist', 'GraphQL', 'GraphQL'],
  ])(
    'maps %s %s to the catalog tool %s',
    async (kind, name, tool) => {
      const [detected] = await mapSignals([{ kind, name, source: 'manifest' }], loadCatalogLookup(), {
        includePackages: false,
      })
      expect(detected?.name).toBe(tool)
    },
    30_000,
  )

  it.each([
    ['R Language', 'R'],
    ['Drone.io', 'Drone'],
    ['Gin Gonic', 'Gin'],
    ['Apache FreeMarker', 'FreeMarker'],
    ['Entity Framework Core', 'ef core'],
    ['Protobuf', 'Protocol Buffer'],
  ])(
    "knows StackShare's name %s for the catalog tool %s",
    async (name, tool) => {
      const found = await loadCatalogLookup().findByAliases([{ kind: 'name', alias: looseName(name) }])
      expect(found.get(`name:${looseName(name)}`)?.name).toBe(tool)
    },
    30_000,
  )
})

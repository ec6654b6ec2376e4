// The general rules issue 19 added for accuracy against StackShare's lists, one test each.
import { describe, expect, it } from 'vitest'
import { looseName } from './alias-normalize.ts'
import { loadCatalogLookup, otherNames } from './catalog-lookup.ts'
import { languageSignals } from './languages.ts'
import { markerParser } from './parsers/markers.ts'
import { registrySignals } from './repository-analyzer.ts'
import { createMemoryLookup, mapSignals } from './tool-mapper.ts'

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
})

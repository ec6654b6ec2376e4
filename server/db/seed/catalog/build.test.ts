import { beforeAll, describe, expect, it } from 'vitest'
import {
  buildCatalogFrom,
  type Catalog,
  type CatalogTool,
  NPM_PACKAGE_TOOLS,
  TITLE_MAX_LENGTH,
  titleFromDescription,
} from './build.ts'
import { CATEGORIES, LAYERS, REVIEWED_CATEGORIES, WAPPALYZER_CATEGORY_MAP } from './category-map.ts'
import { nameKey, normalizeAlias } from './names.ts'
import { toolAliases as packageAliases } from './package-aliases.ts'
import { DEVICON_DISPLAY_NAMES, HOMONYMS } from './reviewed-names.ts'
import { readSources, readWappalyzerCategoryIds } from './sources.ts'

let catalog: Catalog
const data = readSources()

beforeAll(() => {
  catalog = buildCatalogFrom(data)
})

function toolNamed(name: string): CatalogTool {
  const tool = catalog.tools.find((candidate) => nameKey(candidate.name) === nameKey(name))
  if (!tool) throw new Error(`no tool named ${name}`)
  return tool
}

function layerOf(tool: CatalogTool): string {
  return CATEGORIES.find((category) => category.slug === tool.categorySlug)!.layerSlug
}

function hasAlias(tool: CatalogTool, kind: string, alias: string): boolean {
  return tool.aliases.some((entry) => entry.kind === kind && entry.alias === alias)
}

describe('the taxonomy', () => {
  it('has exactly the four layers', () => {
    expect(LAYERS.map((layer) => [layer.slug, layer.name])).toEqual([
      ['application-and-data', 'Application & Data'],
      ['utilities', 'Utilities'],
      ['devops', 'DevOps'],
      ['business-tools', 'Business Tools'],
    ])
  })

  it('maps every Wappalyzer category to a category of a layer', () => {
    const categorySlugs = new Set(CATEGORIES.map((category) => category.slug))
    for (const id of readWappalyzerCategoryIds()) {
      const mapping = WAPPALYZER_CATEGORY_MAP[id]
      expect(mapping, `Wappalyzer category ${id}`).toBeDefined()
      expect(categorySlugs.has(mapping!.category)).toBe(true)
      if (mapping!.saasCategory) expect(categorySlugs.has(mapping!.saasCategory)).toBe(true)
    }
  })

  it('puts every category in one of the layers, under a unique slug', () => {
    const layerSlugs = new Set(LAYERS.map((layer) => layer.slug))
    expect(CATEGORIES.every((category) => layerSlugs.has(category.layerSlug))).toBe(true)
    expect(new Set(CATEGORIES.map((category) => category.slug)).size).toBe(CATEGORIES.length)
  })
})

describe('the built catalog', () => {
  it('holds well over 5,000 tools', () => {
    expect(catalog.tools.length).toBeGreaterThan(5_000)
  })

  it('gives every tool a unique, lower-case, url-safe slug', () => {
    const slugs = catalog.tools.map((tool) => tool.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('puts every tool in a category of one of the four layers', () => {
    const categorySlugs = new Set(catalog.categories.map((category) => category.slug))
    expect(catalog.tools.filter((tool) => !categorySlugs.has(tool.categorySlug))).toEqual([])
    const layers = new Set(catalog.tools.map(layerOf))
    expect([...layers].sort()).toEqual(['application-and-data', 'business-tools', 'devops', 'utilities'])
  })

  it('gives one-line titles of at most 120 characters, well-formed colours and whole <svg> logos', () => {
    for (const tool of catalog.tools) {
      if (tool.title !== null) {
        expect(tool.title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH)
        expect(tool.title).not.toMatch(/\n/)
      }
      if (tool.brandColor !== null) expect(tool.brandColor).toMatch(/^#[0-9A-F]{6}$/)
      if (tool.logoSvg !== null) {
        expect(tool.logoSvg.startsWith('<svg')).toBe(true)
        expect(tool.logoSvg.trimEnd().endsWith('</svg>')).toBe(true)
        // Logos are served as images from our own origin: no scripts or event handlers may ride along.
        expect(tool.logoSvg).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i)
      }
      expect(tool.isPackage).toBe(false)
    }
  })

  it('gives each (kind, alias) to one tool, stored normalized', () => {
    const seen = new Set<string>()
    for (const tool of catalog.tools) {
      for (const { kind, alias } of tool.aliases) {
        const id = `${kind}:${alias}`
        expect(seen.has(id), id).toBe(false)
        seen.add(id)
        expect(alias).toBe(normalizeAlias(kind, alias))
      }
    }
  })

  it('is the same, byte for byte, when built twice', () => {
    const again = buildCatalogFrom(readSources())
    expect(again.version).toBe(catalog.version)
    expect(JSON.stringify(again.tools)).toBe(JSON.stringify(catalog.tools))
  })

  it('changes its version when a tool changes', () => {
    const changed = buildCatalogFrom({
      ...data,
      wappalyzer: data.wappalyzer.map((technology) =>
        technology.name === 'React' ? { ...technology, description: 'Changed.' } : technology,
      ),
    })
    expect(changed.version).not.toBe(catalog.version)
  })

  it('merges one product listed by several packages into one tool', () => {
    expect(catalog.tools.filter((tool) => nameKey(tool.name) === 'nodejs')).toHaveLength(1)
    expect(toolNamed('Node.js').sources).toEqual(['wappalyzer', 'simple-icons', 'devicon'])
    const jira = catalog.tools.find((tool) => hasAlias(tool, 'simple-icons', 'jira'))!
    expect(jira.sources).toContain('wappalyzer') // "Atlassian Jira" meets "Jira" through its CPE product
  })

  it('keeps brands that only simple-icons lists out of the catalog', () => {
    for (const brand of ['Adidas', 'Air France', 'Abbott', 'Acura']) {
      expect(catalog.tools.some((tool) => tool.name === brand)).toBe(false)
    }
  })
})

describe('known tools', () => {
  it('files React under JavaScript UI Libraries with its logo and brand colour', () => {
    const react = toolNamed('React')
    expect(react.categorySlug).toBe('javascript-ui-libraries')
    expect(layerOf(react)).toBe('application-and-data')
    expect(react.logoSvg).toContain('fill="#61DAFB"')
    expect(react.brandColor).toBe('#61DAFB')
    expect(react.websiteUrl).toMatch(/^https:\/\//)
  })

  it('files PostgreSQL under Databases, known as npm pg and as postgres', () => {
    const postgres = toolNamed('PostgreSQL')
    expect(postgres.categorySlug).toBe('databases')
    expect(hasAlias(postgres, 'npm', 'pg')).toBe(true)
    expect(hasAlias(postgres, 'name', 'postgres')).toBe(true)
    expect(hasAlias(postgres, 'wappalyzer', 'postgresql')).toBe(true)
  })

  it('knows Go as golang and Express as expressjs', () => {
    expect(hasAlias(toolNamed('Go'), 'name', 'golang')).toBe(true)
    expect(hasAlias(toolNamed('Go'), 'linguist', 'golang')).toBe(true)
    expect(hasAlias(toolNamed('Express'), 'name', 'expressjs')).toBe(true)
  })

  it('files Python and TypeScript under Languages', () => {
    expect(toolNamed('Python').categorySlug).toBe('languages')
    expect(toolNamed('TypeScript').categorySlug).toBe('languages')
    expect(hasAlias(toolNamed('TypeScript'), 'linguist', 'ts')).toBe(true)
  })

  it('files languages under Languages, and libraries and frameworks of a language where they belong', () => {
    // Issue 31 minor 13: Linguist's "NumPy" grammar and devicon's 'programming' tag had put NumPy, gRPC and IFTTT
    // under Languages, titled "Programming language"; Gin, known only to simple-icons, fell to Developer Tools.
    for (const name of ['Python', 'Go', 'Rust', 'Nim', 'TypeScript']) {
      expect(toolNamed(name).categorySlug, name).toBe('languages')
    }
    expect(toolNamed('NumPy')).toMatchObject({ categorySlug: 'data-science', title: null })
    expect(toolNamed('pandas').categorySlug).toBe('data-science')
    expect(toolNamed('Gin').categorySlug).toBe('frameworks-full-stack')
    expect(toolNamed('Google Remote Procedure Call').categorySlug).toBe('libraries')
    for (const name of ['IFTTT', 'Node-RED', 'Jamstack'])
      expect(toolNamed(name).categorySlug, name).not.toBe('languages')
    expect(toolNamed('Django').categorySlug).toBe('frameworks-full-stack')
  })

  it('titles only what it files under Languages "… language"', () => {
    for (const tool of catalog.tools.filter((candidate) => /^[A-Z][a-z]+ language$/.test(candidate.title ?? ''))) {
      expect(tool.categorySlug, tool.name).toBe('languages')
    }
  })

  it('files GitHub Actions under DevOps, Continuous Integration', () => {
    const actions = toolNamed('GitHub Actions')
    expect(actions.categorySlug).toBe('continuous-integration')
    expect(layerOf(actions)).toBe('devops')
  })

  it('files Docker under DevOps, Container Tools, though Linguist calls Dockerfile a language', () => {
    const docker = toolNamed('Docker')
    expect(docker.categorySlug).toBe('container-tools')
    expect(layerOf(docker)).toBe('devops')
  })

  it('files nginx under Web Servers and Redis under In-Memory Databases', () => {
    expect(toolNamed('nginx').categorySlug).toBe('web-servers')
    expect(toolNamed('Redis').categorySlug).toBe('in-memory-databases')
  })

  it('ranks well-known tools near the top of the seed prior and obscure ones low', () => {
    const rank = (name: string) => catalog.tools.indexOf(toolNamed(name))
    for (const name of ['React', 'Node.js', 'Python', 'JavaScript', 'TypeScript', 'Go', 'MySQL', 'PostgreSQL']) {
      expect(rank(name), name).toBeLessThan(40)
    }
    for (const name of ['nginx', 'Redis', 'Docker', 'Amazon Web Services', 'GitHub']) {
      expect(rank(name), name).toBeLessThan(100)
    }
    const singleSource = catalog.tools.filter((tool) => tool.sources.length === 1)
    const median = singleSource[Math.floor(singleSource.length / 2)]!
    expect(median.seedPopularity).toBeLessThan(toolNamed('Docker').seedPopularity / 4)
  })
})

describe('the reviewed tables', () => {
  it('resolves every key of package-aliases.ts to a catalog tool, and gives no alias to two tools', () => {
    expect(catalog.unresolvedPackageAliasKeys).toEqual([])
    expect(catalog.conflictingPackageAliases).toEqual([])
    for (const [toolName, aliasesByKind] of Object.entries(packageAliases)) {
      const tool = catalog.tools.find((candidate) => hasAlias(candidate, 'name', nameKey(toolName)))!
      for (const [kind, values] of Object.entries(aliasesByKind)) {
        for (const value of values ?? []) expect(hasAlias(tool, kind, normalizeAlias(kind, value))).toBe(true)
      }
    }
  })

  it('gives reviewed categories only to catalog tools, in categories of the taxonomy', () => {
    const categorySlugs = new Set(CATEGORIES.map((category) => category.slug))
    for (const [name, category] of Object.entries(REVIEWED_CATEGORIES)) {
      expect(toolNamed(name).categorySlug, name).toBe(category)
      expect(categorySlugs.has(category), category).toBe(true)
    }
  })

  it('names devicon entries that exist and that the catalog uses', () => {
    const used = new Set(catalog.tools.flatMap((tool) => tool.aliases.filter((a) => a.kind === 'devicon')))
    const usedIds = new Set([...used].map((alias) => alias.alias))
    for (const id of Object.keys(DEVICON_DISPLAY_NAMES)) expect(usedIds.has(id), id).toBe(true)
    const deviconIds = new Set(data.devicon.map((entry) => entry.id))
    for (const id of HOMONYMS.devicon) expect(deviconIds.has(id), id).toBe(true)
    const simpleIconSlugs = new Set(data.simpleIcons.map((icon) => icon.slug))
    for (const slug of HOMONYMS['simple-icons']) expect(simpleIconSlugs.has(slug), slug).toBe(true)
  })
})

describe('titleFromDescription', () => {
  it('keeps the first sentence', () => {
    expect(titleFromDescription('Node.js is a runtime. It runs JavaScript.')).toBe('Node.js is a runtime.')
  })

  it('cuts a long sentence at a word and marks the cut', () => {
    const title = titleFromDescription(`A ${'very '.repeat(40)}long sentence`)
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH)
    expect(title.endsWith('very…')).toBe(true)
  })
})

describe('package tools', () => {
  it("lists npm's most depended-on packages that are no catalog tool, in their order", () => {
    expect(catalog.packages).toHaveLength(NPM_PACKAGE_TOOLS)
    const names = catalog.packages.map((tool) => tool.name)
    const expected = (data.npmTopDependents ?? []).filter((name) => names.includes(name))
    expect(names).toEqual(expected.slice(0, NPM_PACKAGE_TOOLS))
    expect(names).toContain('chalk')
    expect(names).toContain('lodash.merge')
  })

  it('leaves out packages that are a catalog tool by npm alias or by name', () => {
    const names = new Set(catalog.packages.map((tool) => tool.name))
    // npm 'react' and 'typescript' are aliases of React and TypeScript; 'eslint' is ESLint by name
    for (const name of ['react', 'typescript', 'eslint', 'webpack']) expect(names.has(name)).toBe(false)
    expect(hasAlias(toolNamed('React'), 'npm', 'react')).toBe(true)
  })

  it("gives each package the scanner's slug, title, website and npm alias, on slugs no tool has", () => {
    const toolSlugs = new Set(catalog.tools.map((tool) => tool.slug))
    const packageSlugs = catalog.packages.map((tool) => tool.slug)
    expect(new Set(packageSlugs).size).toBe(packageSlugs.length)
    for (const tool of catalog.packages) {
      expect(toolSlugs.has(tool.slug)).toBe(false)
      expect(tool.slug).toMatch(/^npm-[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(tool.alias).toEqual({ kind: 'npm', alias: normalizeAlias('npm', tool.name) })
    }
    const chalk = catalog.packages.find((tool) => tool.name === 'chalk')
    expect(chalk).toEqual({
      slug: 'npm-chalk',
      name: 'chalk',
      title: 'chalk package on npm',
      websiteUrl: 'https://www.npmjs.com/package/chalk',
      ecosystem: 'npm',
      alias: { kind: 'npm', alias: 'chalk' },
    })
  })

  it('makes no package tools without the npm-high-impact list', () => {
    expect(buildCatalogFrom({ ...data, npmTopDependents: undefined }).packages).toEqual([])
  })
})

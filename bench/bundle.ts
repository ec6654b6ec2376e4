// The first-load JavaScript budget (issue 2: home and tool pages under 150 kB gzipped, code-split by route): builds
// the browser's bundle with a manifest into a folder of its own (dist/web, what the bench server serves, stays as
// `npm run build` made it), then adds up, gzipped, the entry chunk, the app it imports once the page is painted
// (web/src/main.tsx), the page's route chunk, and every chunk they import statically. Lazy chunks (dialogs, menus,
// other pages) are not part of a first load.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))
const routesFile = path.join(root, 'web/src/app/routes.tsx')
export const BUDGET_BYTES = 150 * 1024

/** The pages measured, by their path in web/src/app/routes.tsx. */
const PAGES = [
  { name: 'home', route: '/' },
  { name: 'tool page', route: '/tools/:slug' },
]

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface PageBundle {
  name: string
  route: string
  /** The page module measured (web/src/...), null when the router has no lazy page for the route yet. */
  module: string | null
  /** Null when the router has no lazy page for the route yet. */
  gzipBytes: number | null
  rawBytes: number | null
  files: string[]
  withinBudget: boolean | null
  note?: string
}

export async function measureBundles(): Promise<{ budgetBytes: number; pages: PageBundle[] }> {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-bundle-'))
  try {
    const nodeEnv = process.env.NODE_ENV
    const { build } = await import('vite')
    // what users load is the production build, whatever NODE_ENV this process runs with (Vitest sets 'test')
    process.env.NODE_ENV = 'production'
    await build({
      root: path.join(root, 'web'),
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { manifest: true, outDir: distDir, emptyOutDir: true },
    })
    // put back what was there
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    return measureBuild(distDir)
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true })
  }
}

function measureBuild(distDir: string): { budgetBytes: number; pages: PageBundle[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk')
  const routeModules = lazyRouteModules()
  // the entry and what it imports on every page load: the app (main.tsx imports nothing else)
  const firstLoad = [entryKey, ...(manifest[entryKey]!.dynamicImports ?? [])]

  const pages = PAGES.map(({ name, route }): PageBundle => {
    const module = routeModules.get(route)
    const routeKey = module && Object.keys(manifest).find((key) => key === module || manifest[key]!.src === module)
    const keys = staticClosure(manifest, routeKey ? [...firstLoad, routeKey] : firstLoad)
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
    const bytes = files.map((file) => fs.readFileSync(path.join(distDir, file)))
    const gzipBytes = bytes.reduce((sum, content) => sum + zlib.gzipSync(content, { level: 9 }).length, 0)
    const rawBytes = bytes.reduce((sum, content) => sum + content.length, 0)
    if (!routeKey) {
      return {
        name,
        route,
        module: null,
        gzipBytes: null,
        rawBytes: null,
        files,
        withinBudget: null,
        note: `no lazy page for ${route} in web/src/app/routes.tsx yet (entry alone: ${kB(gzipBytes)} gzipped)`,
      }
    }
    return { name, route, module: module ?? null, gzipBytes, rawBytes, files, withinBudget: gzipBytes <= BUDGET_BYTES }
  })
  return { budgetBytes: BUDGET_BYTES, pages }
}

/** Route path -> manifest key of its lazily imported page module ('src/app/pages/home-page.tsx'). */
function lazyRouteModules(): Map<string, string> {
  const source = fs.readFileSync(routesFile, 'utf8')
  const modules = new Map<string, string>()
  // { path: '/tools/:slug', lazy: () => import('./pages/tool-page.tsx') ... } or index routes ({ index: true, ... })
  const routePattern = /\{\s*(?:path:\s*'([^']*)'|index:\s*true)[^{}]*?import\(\s*'([^']+)'\s*\)/g
  for (const match of source.matchAll(routePattern)) {
    const route = match[1] ?? '/'
    const absolute = path.resolve(path.dirname(routesFile), match[2]!)
    // the first index route is the top-level one (the home page); nested index routes come later in the file
    if (!modules.has(route))
      modules.set(route, path.relative(path.join(root, 'web'), absolute).split(path.sep).join('/'))
  }
  return modules
}

function staticClosure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const imported of manifest[key]!.imports ?? []) visit(imported)
  }
  for (const key of start) visit(key)
  return seen
}

export function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`
}

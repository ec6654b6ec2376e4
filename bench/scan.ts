// Scan figures for `npm run bench` (budgets: a 5,000-file folder in under 2 s, a fetched page in under 300 ms),
// measured on the scanner's own engine (server/modules/scan, loaded by loadScanEngine): a generated monorepo-shaped
// folder analysed and mapped, and a page served on 127.0.0.1 fetched, fingerprinted and mapped. docs/scanner.md "Speed"
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

export interface ScanEngine {
  /** Detects the stack of a folder on disk (all manifests, languages), as a repository scan does after cloning. */
  scanFolder(folder: string): Promise<unknown>
  /** Fetches a page and detects its stack, as a website scan does (the URL is on 127.0.0.1: allow private networks). */
  scanPage(url: string): Promise<unknown>
}

export interface ScanFigure {
  name: string
  /** Median of the timed runs, after one warm-up run. */
  milliseconds: number
  budgetMilliseconds: number
  withinBudget: boolean
}

export const FOLDER_FILES = 5000
const RUNS = 5

/**
 * The scanner's engine (server/modules/scan): analysis plus mapping through the catalog built in memory. Null when
 * it cannot be loaded (the bench then reports the scan figures as not measured and goes on).
 */
async function loadScanEngine(): Promise<ScanEngine | null> {
  const modules = await Promise.all([
    import('../server/modules/scan/repository-analyzer.ts'),
    import('../server/modules/scan/website-analyzer.ts'),
    import('../server/modules/scan/tool-mapper.ts'),
    import('../server/modules/scan/catalog-lookup.ts'),
  ]).catch((error: unknown) => {
    console.error('scan engine not loaded:', error)
    return null
  })
  if (!modules) return null
  const [{ analyzeFolder }, { analyzeWebsite }, { mapSignals }, { loadCatalogLookup }] = modules
  const lookup = loadCatalogLookup() // built once here, as the server's catalog is seeded once
  return {
    scanFolder: async (folder) => mapSignals((await analyzeFolder(folder)).signals, lookup),
    scanPage: async (url) => mapSignals((await analyzeWebsite(url, { allowPrivateNetworks: true })).signals, lookup),
  }
}

export async function measureScans(): Promise<ScanFigure[] | null> {
  const engine = await loadScanEngine()
  if (!engine) return null
  const folder = makeRepositoryFixture(FOLDER_FILES)
  const page = await servePageFixture()
  try {
    return [
      await time('scan a 5,000-file folder', 2000, () => engine.scanFolder(folder)),
      await time('scan a fetched page', 300, () => engine.scanPage(page.url)),
    ]
  } finally {
    page.close()
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

async function time(name: string, budgetMilliseconds: number, work: () => Promise<unknown>): Promise<ScanFigure> {
  await work()
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await work()
    runs.push(performance.now() - started)
  }
  const milliseconds = Math.round(runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!)
  return { name, milliseconds, budgetMilliseconds, withinBudget: milliseconds < budgetMilliseconds }
}

/** A monorepo-shaped folder: packages with manifests of several ecosystems, sources, and noise to skip. */
export function makeRepositoryFixture(files: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-scan-bench-'))
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true })
    fs.writeFileSync(path.join(folder, relative), content)
  }
  write('package.json', JSON.stringify({ name: 'bench', dependencies: { react: '^19.0.0', fastify: '^5.0.0' } }))
  write('Dockerfile', 'FROM node:24-slim\nRUN npm ci\n')
  write('.github/workflows/ci.yml', 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n')
  write('requirements.txt', 'django==5.1\ncelery==5.4\nredis==5.0\n')
  write('go.mod', 'module example.com/bench\n\ngo 1.23\n\nrequire github.com/gin-gonic/gin v1.10.0\n')
  const kinds = ['ts', 'tsx', 'py', 'go', 'rb', 'css', 'md']
  for (let i = 0; i < files - 5; i++) {
    const extension = kinds[i % kinds.length]
    write(`packages/p${i % 50}/src/dir${i % 20}/file${i}.${extension}`, `// file ${i}\n${'x'.repeat(200)}\n`)
  }
  return folder
}

/** A page on 127.0.0.1 with the headers, scripts and meta tags a website scan reads. */
async function servePageFixture(): Promise<{ url: string; close(): void }> {
  const html = `<!doctype html><html><head><meta name="generator" content="WordPress 6.5">
    <script src="/wp-includes/js/jquery/jquery.min.js"></script>
    <script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script></head>
    <body><div id="root" data-reactroot></div>${'<p>content</p>'.repeat(500)}</body></html>`
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', server: 'nginx/1.25.0', 'x-powered-by': 'PHP/8.3' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() }
}

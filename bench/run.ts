// `npm run bench`: throughput and latency of tool search, the tool page API, the popular list and the HTML of tool
// and stack pages beside a bare baseline measured in the same run, on PostgreSQL and on PGlite, plus Lighthouse on
// four pages (bench/lighthouse.ts), the first-load JavaScript budget and the scanner's times (bench/scan.ts). Builds
// the web app first (the server sends its pages). Writes bench/results/latest.json. Options:
//   --db=both|postgres|pglite   databases to measure (default both; PostgreSQL is skipped when unreachable)
//   --duration=10 --connections=50 --tools=10000   load per endpoint, connections, scale of the catalog
//   --no-bundle                 skip the bundle budget
//   --no-lighthouse             skip Lighthouse (on the first database measured, in Debian's Chromium)
//   --lighthouse-runs=3         Lighthouse runs per page, of which the median run is kept
//   --no-match                  skip Stack Match (100,000 jobs and 20,000 companies seeded on PostgreSQL, its two
//                               endpoints at 20 connections; plans into docs/match-query-plans.md)
//   --match=1000000:100000      Stack Match's scale, jobs:companies (default 100000:20000)
//   --only=match                only the Stack Match scenarios (and the baselines their ratios read): no bundle, Lighthouse,
//                               scans or other explains; writes bench/results/latest-only-match.json and the plans of
//                               docs/match-query-plans.md, and leaves latest.json and explain-postgres.txt as they were
//   --only=imports              only the baseline and the tool page past its answer cache at IMPORT_CONNECTIONS
//                               connections, alone and while 2,000-package stack imports run back to back (F-4);
//                               writes bench/results/latest-only-imports.json
//   --instances=1               N > 1: the app's routes through haproxy to N real instances (`node server/main.ts`)
//                               on the seeded PostgreSQL database (PGlite is skipped: one process's database); the
//                               /bench/ routes (baseline, past the answer caches) stay one process behind the same
//                               balancer. Writes bench/results/latest-instances-N.json (decision 058)
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres names the
// server; the bench creates (and afterwards drops) its own fresh database stackatlas_bench_<pid> there.
import { type ChildProcess, fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import pg from 'pg'
import { buildWeb } from '../scripts/build-web.ts'
import { BENCH_ADMIN_URL, loadAverageBefore } from './bench-env.ts'
import { kB, measureBundles, type PageBundle } from './bundle.ts'
import { chromiumPath, LIGHTHOUSE_AIM, type LighthouseRun, measureLighthouse } from './lighthouse.ts'
import {
  MATCH_AIM_P99_MILLISECONDS,
  MATCH_CONNECTIONS,
  MATCH_SCALE,
  matchPaths,
  parseMatchScale,
  writeMatchPlans,
} from './match-scenarios.ts'
import { measureScans, type ScanFigure } from './scan.ts'
import type { ScaleSummary } from './seed-scale.ts'
import type { ParentMessage, Samples, ServerMessage } from './server.ts'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    tools: { type: 'string', default: '10000' },
    'no-bundle': { type: 'boolean', default: false },
    'no-match': { type: 'boolean', default: false },
    match: { type: 'string', default: MATCH_SCALE },
    'no-lighthouse': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    instances: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
})
if (args.only !== undefined && args.only !== 'match' && args.only !== 'imports')
  throw new Error(`--only takes match or imports, not ${args.only}`)
/** --only=match: the Stack Match scenarios alone (a run at 1M jobs seeds for 9 minutes; the rest adds nothing). */
const isMatchOnly = args.only === 'match'
/** --only=imports: the tool page while stack imports run (F-4), and what it is beside. */
const isImportsOnly = args.only === 'imports'
/** Neither bundle, Lighthouse, scans nor the other explains: a run of one family of scenarios. */
const isOnly = isMatchOnly || isImportsOnly
const instances = Number(args.instances)
if (!Number.isInteger(instances) || instances < 1)
  throw new Error(`--instances must be 1 or more, not ${args.instances}`)
/** A run through the balancer keeps its figures apart from the single process's. */
const resultsFile = isOnly
  ? `latest-only-${args.only}.json`
  : instances > 1
    ? `latest-instances-${instances}.json`
    : 'latest.json'
const duration = Number(args.duration)
const matchScale = parseMatchScale(args.match)
/**
 * How long the server may take to seed: 15 minutes, and 2 more per 100,000 Stack Match jobs (a 1M seed takes about
 * 9 minutes on an idle machine, and overran 15 on a loaded one).
 */
const seedTimeoutMs = (15 + 2 * (args['no-match'] ? 0 : Number(matchScale.split(':')[0]) / 100_000)) * 60_000
const connections = Number(args.connections)
const adminUrl = BENCH_ADMIN_URL
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))

// Aim on PostgreSQL (issue 2): search at least half the baseline's throughput, p99 under 30 ms at 50 connections.
const AIM = { ratio: 0.5, p99Milliseconds: 30 }
/** The suffix of the scenarios that read past an answer cache. */
const NO_ANSWER_CACHE = ', no answer cache'
/**
 * The suffix of the page scenarios run while the bench server announces content changes (as writes do): every kept
 * page is found drawn before a change, its data loaded afresh and its drawing kept when that data is the same
 * (decision 073), which is what visitors' pages cost on a site being written to.
 */
const WHILE_CONTENT_CHANGES = ', content changing 10 times a second'
/** Issue 16: rendered tool and stack pages at 50 connections, computed afresh and with an answer kept per instance. */
const PAGE_AIM = { pastCacheRatio: 0.5, pastCacheP99Milliseconds: 50, ratio: 0.8 }
const PAGE_SCENARIOS = ['tool page HTML', 'stack page HTML']

/** Search plans differ by the query's shape (docs/decisions/006-tool-search.md): prefixes of 1 to 3 characters read
 * the prefix table, longer words and several words the search index; page 2 of each. */
const SEARCH_EXPLAINS = ['re&page=1', 'h&page=2', 'post&page=1', 'react&page=1', 'react%20native&page=1', 'post&page=2']

interface Scenario {
  name: string
  paths: (samples: Samples) => string[]
  /** Sent with every request of the scenario. */
  headers?: Record<string, string>
  /** Ask every path once before the warm-up: the scenario measures answers kept per instance, all of them kept. */
  primeEachPath?: boolean
  /** Connections for this scenario when not the run's (Stack Match: 20, issue 7). */
  connections?: number
  /** Content changes the bench server announces each second while the scenario runs (WHILE_CONTENT_CHANGES). */
  contentChangesPerSecond?: number
  /** Stack imports of 2,000 new packages run back to back in the server while the scenario runs (F-4). */
  whileImporting?: boolean
}

/**
 * Issue 31 (F-4): a tool page read past its answer cache, by a few visitors at once, while one account's stack imports
 * of 2,000 new packages run back to back: on PGlite's single connection every request waits for the import's
 * transactions, which must stay short. Aim: p99 under 100 ms.
 */
const IMPORT_CONNECTIONS = 5
const IMPORT_AIM_P99_MILLISECONDS = 100
const WHILE_IMPORTING = ', while a 2,000-package import runs'
const TOOL_PAGE_PAST_CACHE = `tool page API${NO_ANSWER_CACHE}, ${IMPORT_CONNECTIONS} connections`
const toolPagePastCache = (s: Samples) => s.slugs.map((slug) => `/bench/tool-page?slug=${encodeURIComponent(slug)}`)

const SCENARIOS: Scenario[] = [
  { name: 'baseline (1 SELECT by id)', paths: (s) => s.ids.map((id) => `/bench/baseline?id=${id}`) },
  {
    name: 'search',
    paths: (s) => searchPrefixes(s.names).map((q) => `/api/v1/services/search?q=${encodeURIComponent(q)}&page=1`),
  },
  // The same queries past the answer cache (bench/server.ts): what the database path of search costs
  {
    name: 'search, no answer cache',
    paths: (s) => searchPrefixes(s.names).map((q) => `/bench/search?q=${encodeURIComponent(q)}&page=1`),
  },
  { name: 'tool page API', paths: (s) => s.slugs.map((slug) => `/api/v1/tools/${slug}`) },
  // The same pages past the answer cache (bench/server.ts): what a tool page costs after a write (issue 21)
  {
    name: `tool page API${NO_ANSWER_CACHE}`,
    paths: (s) => s.slugs.map((slug) => `/bench/tool-page?slug=${encodeURIComponent(slug)}`),
  },
  // The pages' HTML (issue 16), as a browser or a crawler asks for it: 500 tools, 500 public stacks
  { name: 'tool page HTML', primeEachPath: true, paths: (s) => s.slugs.map((slug) => `/tools/${slug}`) },
  { name: `tool page HTML${NO_ANSWER_CACHE}`, ...pastPageCache((s) => s.slugs.map((slug) => `/tools/${slug}`)) },
  {
    name: `tool page HTML${WHILE_CONTENT_CHANGES}`,
    contentChangesPerSecond: 10,
    primeEachPath: true,
    paths: (s) => s.slugs.map((slug) => `/tools/${slug}`),
  },
  { name: 'stack page HTML', primeEachPath: true, paths: (s) => s.stackPaths },
  { name: `stack page HTML${NO_ANSWER_CACHE}`, ...pastPageCache((s) => s.stackPaths) },
  {
    name: `stack page HTML${WHILE_CONTENT_CHANGES}`,
    contentChangesPerSecond: 10,
    primeEachPath: true,
    paths: (s) => s.stackPaths,
  },
  { name: 'popular services', paths: () => ['/api/v1/services/popular_services'] },
  { name: TOOL_PAGE_PAST_CACHE, connections: IMPORT_CONNECTIONS, paths: toolPagePastCache },
  {
    name: `${TOOL_PAGE_PAST_CACHE}${WHILE_IMPORTING}`,
    connections: IMPORT_CONNECTIONS,
    whileImporting: true,
    paths: toolPagePastCache,
  },
  // Stack Match (issue 7), measured when its data was seeded (PostgreSQL without --no-match)
  {
    name: `baseline, ${MATCH_CONNECTIONS} connections`,
    connections: MATCH_CONNECTIONS,
    paths: (s) => (s.matchTools ? s.ids.map((id) => `/bench/baseline?id=${id}`) : []),
  },
  { name: 'match jobs AND', connections: MATCH_CONNECTIONS, paths: (s) => matchPaths(s, 'jobs', 'AND') },
  { name: 'match jobs OR', connections: MATCH_CONNECTIONS, paths: (s) => matchPaths(s, 'jobs', 'OR') },
  { name: 'match companies AND', connections: MATCH_CONNECTIONS, paths: (s) => matchPaths(s, 'companies', 'AND') },
  { name: 'match companies OR', connections: MATCH_CONNECTIONS, paths: (s) => matchPaths(s, 'companies', 'OR') },
  // The same searches past the answer cache (bench/server.ts): what a search costs the first time
  ...(['jobs', 'companies'] as const).flatMap((index) =>
    (['AND', 'OR'] as const).map((operator) => ({
      name: `match ${index} ${operator}${NO_ANSWER_CACHE}`,
      connections: MATCH_CONNECTIONS,
      paths: (s: Samples) => matchPaths(s, index, operator, true),
    })),
  ),
]

/**
 * The one place that chooses how a page scenario reads past the rendered pages kept per instance, so that every
 * request is rendered afresh (issue 16): `Cache-Control: no-cache`, which the page cache honours (server/http/
 * page-cache.ts), as a browser's reload sends it. The render's own API calls do not carry it, so the tool page API's
 * answer kept per instance still serves the page's data: past that cache too needs the API to honour it, or a route
 * of the bench server (as /bench/search is for search); change the headers or the paths here.
 */
function pastPageCache(paths: Scenario['paths']): Pick<Scenario, 'paths' | 'headers'> {
  return { paths, headers: { 'cache-control': 'no-cache' } }
}

interface ScenarioResult {
  name: string
  example: string
  available: boolean
  note?: string
  /** WHILE_IMPORTING: the imports that ran meanwhile, each one's milliseconds. */
  imports?: { count: number; medianMilliseconds: number | null; maxMilliseconds: number | null; failures: string[] }
  requestsPerSecond?: number
  p50Milliseconds?: number
  p99Milliseconds?: number
  ratioToBaseline?: number
  non2xx?: number
  errors?: number
}

interface TargetResult {
  kind: 'postgres' | 'pglite'
  /** Server processes measured: 1, or instances behind haproxy. */
  instances?: number
  serverVersion?: string
  skipped?: string
  seed?: ScaleSummary
  scenarios: ScenarioResult[]
  aim?: { met: boolean; detail: string }
  matchAim?: { met: boolean; detail: string }
  /** The same aim for the searches past the answer cache. */
  matchPastCacheAim?: { met: boolean; detail: string }
  pageAim?: { met: boolean; detail: string }
  importAim?: { met: boolean; detail: string }
  explainFile?: string
}

const loadAverage = loadAverageBefore()

// The server renders pages from the built bundles, loaded once when it starts: build before any server starts
console.log('\n== Web app (npm run build)')
await buildWeb()

/** Lighthouse runs once, on the first database measured (while pending); else why it did not. */
let lighthouse: (LighthouseRun & { database: string }) | { skipped: string } = {
  skipped: args['no-lighthouse']
    ? '--no-lighthouse'
    : isOnly
      ? `--only=${args.only}`
      : chromiumPath()
        ? 'no database was measured'
        : 'no Chromium at CHROME_PATH or /usr/bin/chromium (apt-get install chromium)',
}
let isLighthousePending = !args['no-lighthouse'] && !isOnly && chromiumPath() !== null

const targets = args.db === 'both' ? (['postgres', 'pglite'] as const) : ([args.db] as const)
const results: TargetResult[] = []
for (const kind of targets) {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`--db must be both, postgres or pglite, not ${kind}`)
  if (kind === 'pglite' && instances > 1) {
    const skipped = "PGlite is one process's database: --instances needs PostgreSQL"
    console.log(`\n== PGlite: skipped (${skipped})`)
    results.push({ kind, skipped, scenarios: [] })
    continue
  }
  if (kind === 'postgres' && !(await isReachable(adminUrl))) {
    const skipped = `PostgreSQL not reachable at ${redact(adminUrl)}`
    console.log(`\n== PostgreSQL: skipped (${skipped})`)
    results.push({ kind, skipped, scenarios: [] })
    continue
  }
  results.push(await benchTarget(kind))
}

let bundle: { budgetBytes: number; pages: PageBundle[] } | null = null
if (!args['no-bundle'] && !isOnly) {
  console.log('\n== First-load JavaScript (vite build with a manifest)')
  bundle = await measureBundles()
}
const scan = isOnly ? null : await measureScans()

printReport(results, lighthouse, bundle, scan)
fs.mkdirSync(resultsDir, { recursive: true })
fs.writeFileSync(
  `${resultsDir}${resultsFile}`,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverageBefore: loadAverage,
      },
      node: process.version,
      options: { duration, connections, tools: Number(args.tools), instances },
      aim: AIM,
      targets: results,
      lighthouse: {
        preset: "mobile: Lighthouse's default config, simulated throttling",
        aim: LIGHTHOUSE_AIM,
        ...lighthouse,
      },
      bundle,
      scan:
        scan ??
        (isOnly
          ? `not measured: --only=${args.only}`
          : 'not measured: the scan engine (bench/scan.ts loadScanEngine) could not be loaded'),
    },
    null,
    2,
  )}\n`,
)
console.log(`\nResults written to bench/results/${resultsFile}`)
process.exit(0)

// --- one database ---------------------------------------------------------------------------------------------------

async function benchTarget(kind: 'postgres' | 'pglite'): Promise<TargetResult> {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
  const through = instances > 1 ? `, ${instances} instances behind haproxy` : ''
  console.log(`\n== ${label}${through}: fresh database, seeding ${args.tools} tools...`)
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    env: {
      ...process.env,
      BENCH_KIND: kind,
      BENCH_ADMIN_URL: adminUrl,
      BENCH_TOOLS: args.tools,
      BENCH_MATCH: kind === 'postgres' && !args['no-match'] ? matchScale : '',
      BENCH_INSTANCES: String(instances),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  try {
    const ready = await nextMessage(child, (m) => m.type === 'ready' || m.type === 'failed', seedTimeoutMs)
    if (ready.type === 'failed') return { kind, skipped: ready.message, scenarios: [] }
    if (ready.type !== 'ready') throw new Error('unexpected message')
    const seed = ready.seed as ScaleSummary
    console.log(
      `   ${ready.serverVersion}: ${seed.tools} tools (${seed.catalogTools} from the catalog), ${seed.aliases} aliases, ` +
        `${seed.stacks} stacks, seeded in ${seed.seconds} s${seed.notes.length ? `\n   note: ${seed.notes.join('; ')}` : ''}`,
    )
    const base = `http://127.0.0.1:${ready.port}`
    const scenarios: ScenarioResult[] = []
    const measured = isMatchOnly
      ? SCENARIOS.filter((scenario) => scenario.name.startsWith('baseline') || scenario.name.startsWith('match '))
      : isImportsOnly
        ? SCENARIOS.filter((scenario) => scenario === SCENARIOS[0] || scenario.name.startsWith(TOOL_PAGE_PAST_CACHE))
        : SCENARIOS
    for (const scenario of measured) {
      const paths = scenario.paths(ready.samples)
      const example = paths[0] ?? ''
      if (paths.length === 0) {
        scenarios.push({ name: scenario.name, example, available: false, note: 'not seeded (PGlite or --no-match)' })
        continue
      }
      const scenarioConnections = scenario.connections ?? connections
      const probe = await fetch(base + example, { headers: scenario.headers })
      await probe.arrayBuffer()
      if (probe.status !== 200) {
        scenarios.push({ name: scenario.name, example, available: false, note: `answers ${probe.status}` })
        console.log(`   ${scenario.name}: skipped, ${example} answers ${probe.status}`)
        continue
      }
      process.stdout.write(
        `   ${scenario.name}: ${scenario.primeEachPath ? `each of ${paths.length} paths once, ` : ''}warming up, ` +
          `then ${duration} s at ${scenarioConnections} connections... `,
      )
      if (scenario.primeEachPath)
        await load(base, paths, { amount: paths.length }, scenarioConnections, scenario.headers)
      const perSecond = scenario.contentChangesPerSecond ?? 0
      if (perSecond) child.send({ type: 'content changes', perSecond } satisfies ParentMessage)
      if (scenario.whileImporting) child.send({ type: 'imports', running: true } satisfies ParentMessage)
      let result: Result
      let imports: ScenarioResult['imports']
      try {
        await load(base, paths, { duration: Math.min(3, duration) }, scenarioConnections, scenario.headers)
        result = await load(base, paths, { duration }, scenarioConnections, scenario.headers)
      } finally {
        if (perSecond) child.send({ type: 'content changes', perSecond: 0 } satisfies ParentMessage)
        if (scenario.whileImporting) {
          child.send({ type: 'imports', running: false } satisfies ParentMessage)
          const done = await nextMessage(child, (m) => m.type === 'imports done', 120_000)
          if (done.type === 'imports done') imports = importFigures(done.milliseconds, done.failures)
        }
      }
      const baseline = scenarios[0]?.requestsPerSecond
      const requestsPerSecond = Math.round(result.requests.average)
      scenarios.push({
        name: scenario.name,
        example,
        available: true,
        requestsPerSecond,
        p50Milliseconds: result.latency.p50,
        p99Milliseconds: result.latency.p99,
        ratioToBaseline: baseline ? Math.round((requestsPerSecond / baseline) * 100) / 100 : 1,
        non2xx: result.non2xx,
        errors: result.errors,
        ...(imports ? { imports } : {}),
      })
      console.log(
        `${requestsPerSecond} req/s${imports ? `, ${imports.count} imports (median ${imports.medianMilliseconds} ms)` : ''}`,
      )
    }
    const target: TargetResult = {
      kind,
      instances: ready.instances,
      serverVersion: ready.serverVersion,
      seed,
      scenarios,
    }
    if (isLighthousePending) {
      isLighthousePending = false
      console.log(`   Lighthouse, mobile preset, on ${ready.samples.lighthousePages.length} pages:`)
      await new Promise((resolve) => setTimeout(resolve, 2000)) // let the last load's queued requests drain
      const runs = Math.max(1, Number(args['lighthouse-runs']))
      try {
        lighthouse = { database: label, ...(await measureLighthouse(base, ready.samples.lighthousePages, runs)) }
      } catch (error) {
        lighthouse = { skipped: `Lighthouse failed: ${(error as Error).message}` }
        console.log(lighthouse.skipped)
      }
    }
    target.importAim = judgeImportAim(scenarios)
    if (kind === 'postgres') {
      if (!isOnly) {
        target.aim = judgeAim(scenarios)
        target.pageAim = judgePageAim(scenarios)
      }
      target.matchAim = judgeMatchAim(scenarios.filter((s) => !s.name.endsWith(NO_ANSWER_CACHE)))
      target.matchPastCacheAim = judgeMatchAim(scenarios.filter((s) => s.name.endsWith(NO_ANSWER_CACHE)))
      // the plans do not depend on how many instances ask: kept from the single process's run
      if (instances === 1 && !isImportsOnly) target.explainFile = await writeExplains(child, scenarios)
    }
    return target
  } finally {
    if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage)
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(null)
      child.once('exit', resolve)
      setTimeout(() => resolve(child.kill('SIGKILL')), 30_000).unref()
    })
  }
}

async function load(
  base: string,
  paths: string[],
  length: { duration: number } | { amount: number },
  connectionCount: number,
  headers?: Record<string, string>,
): Promise<Result> {
  let next = 0
  return autocannon({
    url: base,
    connections: connectionCount,
    ...length,
    timeout: 10,
    ...(headers ? { headers } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ],
  })
}

/** Issue 2's search aim, and issue 16's: the same aim for search past its answer cache (typed-ahead queries). */
function judgeAim(scenarios: ScenarioResult[]): { met: boolean; detail: string } {
  const judged = ['search', `search${NO_ANSWER_CACHE}`].map((name) => {
    const search = scenarios.find((scenario) => scenario.name === name)
    if (!search?.available) return { met: false, detail: `${name}: not available` }
    const ratioMet = (search.ratioToBaseline ?? 0) >= AIM.ratio
    const p99Met = (search.p99Milliseconds ?? Infinity) < AIM.p99Milliseconds
    const errorsMet = (search.non2xx ?? 0) === 0 && (search.errors ?? 0) === 0
    return {
      met: ratioMet && p99Met && errorsMet,
      detail:
        `${name} at ${Math.round((search.ratioToBaseline ?? 0) * 100)}% of the baseline (aim >= ${AIM.ratio * 100}%), ` +
        `p99 ${search.p99Milliseconds} ms (aim < ${AIM.p99Milliseconds} ms)` +
        (errorsMet ? '' : `, ${search.non2xx} non-2xx and ${search.errors} errors`),
    }
  })
  return { met: judged.every((aim) => aim.met), detail: judged.map((aim) => aim.detail).join('; ') }
}

/** Issue 16: each rendered page with an answer kept and computed afresh, against the baseline, without errors. */
function judgePageAim(scenarios: ScenarioResult[]): { met: boolean; detail: string } {
  const percent = (ratio: number | undefined) => `${Math.round((ratio ?? 0) * 100)}%`
  const pages = PAGE_SCENARIOS.map((name) => {
    const kept = scenarios.find((s) => s.name === name)
    const afresh = scenarios.find((s) => s.name === `${name}${NO_ANSWER_CACHE}`)
    if (!kept?.available || !afresh?.available) return { met: false, detail: `${name} not measured` }
    const errors = [kept, afresh].reduce((sum, s) => sum + (s.non2xx ?? 0) + (s.errors ?? 0), 0)
    const met =
      (kept.ratioToBaseline ?? 0) >= PAGE_AIM.ratio &&
      (afresh.ratioToBaseline ?? 0) >= PAGE_AIM.pastCacheRatio &&
      (afresh.p99Milliseconds ?? Infinity) < PAGE_AIM.pastCacheP99Milliseconds &&
      errors === 0
    return {
      met,
      detail:
        `${name} at ${percent(kept.ratioToBaseline)} of the baseline (aim >= ${percent(PAGE_AIM.ratio)}), ` +
        `computed afresh ${percent(afresh.ratioToBaseline)} (aim >= ${percent(PAGE_AIM.pastCacheRatio)}) ` +
        `with p99 ${afresh.p99Milliseconds} ms (aim < ${PAGE_AIM.pastCacheP99Milliseconds} ms)` +
        (errors ? `, ${errors} non-2xx or errors` : ''),
    }
  })
  return { met: pages.every((page) => page.met), detail: pages.map((page) => page.detail).join('; ') }
}

/** The imports a WHILE_IMPORTING scenario ran: how many, their median and longest. */
function importFigures(milliseconds: number[], failures: string[]): NonNullable<ScenarioResult['imports']> {
  const sorted = [...milliseconds].sort((a, b) => a - b)
  return {
    count: sorted.length,
    medianMilliseconds: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null,
    maxMilliseconds: sorted.at(-1) ?? null,
    failures,
  }
}

/** Issue 31 (F-4): the tool page's p99 under 100 ms while imports run, at least one import done, no errors. */
function judgeImportAim(scenarios: ScenarioResult[]): { met: boolean; detail: string } | undefined {
  const alone = scenarios.find((s) => s.name === TOOL_PAGE_PAST_CACHE)
  const during = scenarios.find((s) => s.name === `${TOOL_PAGE_PAST_CACHE}${WHILE_IMPORTING}`)
  if (!during?.available) return undefined
  const imports = during.imports
  const errors = (during.non2xx ?? 0) + (during.errors ?? 0)
  const met =
    (during.requestsPerSecond ?? 0) > 0 &&
    (during.p99Milliseconds ?? Infinity) < IMPORT_AIM_P99_MILLISECONDS &&
    errors === 0 &&
    (imports?.count ?? 0) > 0 &&
    (imports?.failures.length ?? 0) === 0
  return {
    met,
    detail:
      `tool page p99 ${during.p99Milliseconds} ms while ${imports?.count ?? 0} imports ran ` +
      `(median ${imports?.medianMilliseconds ?? '?'} ms, longest ${imports?.maxMilliseconds ?? '?'} ms), ` +
      `${alone?.available ? `${alone.p99Milliseconds} ms without them` : 'not measured without them'} ` +
      `(aim < ${IMPORT_AIM_P99_MILLISECONDS} ms at ${IMPORT_CONNECTIONS} connections)` +
      (errors ? `, ${errors} non-2xx or errors` : '') +
      (imports?.failures.length ? `, imports failed: ${imports.failures[0]}` : ''),
  }
}

/** Issue 7: every Stack Match scenario's p99 under 50 ms at 20 connections, without errors. */
function judgeMatchAim(scenarios: ScenarioResult[]): { met: boolean; detail: string } | undefined {
  const match = scenarios.filter((scenario) => scenario.name.startsWith('match ') && scenario.available)
  if (match.length === 0) return undefined
  const met = match.every((s) => (s.p99Milliseconds ?? Infinity) < MATCH_AIM_P99_MILLISECONDS && !s.non2xx && !s.errors)
  return {
    met,
    detail: `p99 ${match.map((s) => `${s.name.slice(6)} ${s.p99Milliseconds} ms`).join(', ')} (aim < ${MATCH_AIM_P99_MILLISECONDS} ms at ${MATCH_CONNECTIONS} connections)`,
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the queries behind one request of each endpoint, for the record. */
async function writeExplains(child: ChildProcess, scenarios: ScenarioResult[]): Promise<string> {
  const sections: string[] = []
  await new Promise((resolve) => setTimeout(resolve, 2000)) // let the last load's queued requests drain
  const explained = [
    // the app's own routes; a page scenario past the page cache asks the same path as its cached twin
    ...scenarios
      .filter(
        (s) =>
          s.available &&
          !s.example.startsWith('/bench/') &&
          !s.name.endsWith(NO_ANSWER_CACHE) &&
          !s.name.endsWith(WHILE_CONTENT_CHANGES),
      )
      .map((s) => [s.name, s.example]),
    ...(isMatchOnly ? [] : SEARCH_EXPLAINS.map((query) => ['search', `/api/v1/services/search?q=${query}`])),
  ]
  for (const [name, path] of explained) {
    child.send({ type: 'explain', path: path! } satisfies ParentMessage)
    const reply = await nextMessage(child, (m) => m.type === 'explained', 60_000)
    if (reply.type !== 'explained') continue
    sections.push(`### ${name}: GET ${path}\n\n${reply.plans.join('\n\n')}`)
  }
  const match = sections.filter((section) => section.startsWith('### match '))
  if (match.length > 0) {
    const figures = scenarios
      .filter((s) => s.available && (s.name.startsWith('match ') || s.name.startsWith('baseline')))
      .map(
        (s) =>
          `- ${s.name}: ${s.requestsPerSecond} req/s, p50 ${s.p50Milliseconds} ms, p99 ${s.p99Milliseconds} ms, ` +
          `${Math.round((s.ratioToBaseline ?? 0) * 100)}% of the baseline's throughput`,
      )
    writeMatchPlans(figures, match)
  }
  const file = 'bench/results/explain-postgres.txt'
  if (isMatchOnly) return 'docs/match-query-plans.md'
  fs.writeFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), `${sections.join('\n\n')}\n`)
  return file
}

// --- helpers -------------------------------------------------------------------------------------------------------

/** What people type into a search box: the first 1 to 6 letters of a word of real tool names, and whole words. */
function searchPrefixes(names: string[]): string[] {
  const prefixes: string[] = []
  names.forEach((name, i) => {
    const word = name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .find(Boolean)
    if (!word) return
    prefixes.push(i % 4 === 3 ? word : word.slice(0, 1 + (i % 6)))
  })
  return prefixes
}

function nextMessage(
  child: ChildProcess,
  accept: (message: ServerMessage) => boolean,
  timeoutMs: number,
): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('the bench server did not answer in time')), timeoutMs)
    const onMessage = (message: ServerMessage) => accept(message) && done(null, message)
    const onExit = (code: number | null) => done(new Error(`the bench server exited (${code})`))
    function done(error: Error | null, message?: ServerMessage) {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (error) reject(error)
      else resolve(message!)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

function redact(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

function printReport(
  measured: TargetResult[],
  lighthouseRun: typeof lighthouse,
  bundle: { budgetBytes: number; pages: PageBundle[] } | null,
  scan: ScanFigure[] | null,
) {
  const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width))
  console.log(
    `\n${'='.repeat(88)}\nResults: ${connections} connections, ${duration} s per endpoint, ${os.cpus().length} CPUs`,
  )
  for (const target of measured) {
    const label = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
    console.log(`\n${label}${target.serverVersion ? ` (${target.serverVersion})` : ''}`)
    if (target.skipped) {
      console.log(`  skipped: ${target.skipped}`)
      continue
    }
    console.log(
      `  ${pad('endpoint', 40)}${pad('req/s', 9, true)}${pad('p50 ms', 9, true)}${pad('p99 ms', 9, true)}` +
        `${pad('vs baseline', 13, true)}${pad('non-2xx', 9, true)}`,
    )
    for (const s of target.scenarios) {
      if (!s.available) {
        console.log(`  ${pad(s.name, 40)}  not measured: ${s.example} ${s.note}`)
        continue
      }
      console.log(
        `  ${pad(s.name, 40)}${pad(String(s.requestsPerSecond), 9, true)}${pad(String(s.p50Milliseconds), 9, true)}` +
          `${pad(String(s.p99Milliseconds), 9, true)}${pad(`${Math.round((s.ratioToBaseline ?? 0) * 100)}%`, 13, true)}` +
          `${pad(String((s.non2xx ?? 0) + (s.errors ?? 0)), 9, true)}`,
      )
    }
    if (target.aim) console.log(`  aim ${target.aim.met ? 'MET' : 'MISSED'}: ${target.aim.detail}`)
    if (target.matchAim)
      console.log(`  Stack Match aim ${target.matchAim.met ? 'MET' : 'MISSED'}: ${target.matchAim.detail}`)
    if (target.matchPastCacheAim)
      console.log(
        `  Stack Match aim past the answer cache ${target.matchPastCacheAim.met ? 'MET' : 'MISSED'}: ` +
          target.matchPastCacheAim.detail,
      )
    if (target.pageAim)
      console.log(`  Rendered pages aim ${target.pageAim.met ? 'MET' : 'MISSED'}: ${target.pageAim.detail}`)
    if (target.importAim)
      console.log(
        `  Tool page during imports aim ${target.importAim.met ? 'MET' : 'MISSED'}: ${target.importAim.detail}`,
      )
    if (target.explainFile) console.log(`  EXPLAIN ANALYZE of each endpoint's queries: ${target.explainFile}`)
  }
  if ('skipped' in lighthouseRun) console.log(`\nLighthouse: not measured (${lighthouseRun.skipped})`)
  else {
    console.log(
      `\nLighthouse, mobile preset (simulated throttling), ${lighthouseRun.chromium}, on the ${lighthouseRun.database} ` +
        `server; median of ${lighthouseRun.runsPerPage} runs per page; benchmark index ` +
        `${lighthouseRun.benchmarkIndex ?? '?'}`,
    )
    console.log(
      `  ${pad('page', 36)}${pad('Perf', 6, true)}${pad('SEO', 6, true)}${pad('A11y', 6, true)}${pad('BP', 6, true)}` +
        `${pad('LCP ms', 9, true)}${pad('CLS', 8, true)}${pad('TBT ms', 9, true)}`,
    )
    for (const page of lighthouseRun.pages) {
      const label = pad(`${page.name} ${page.path}`, 36)
      if (!page.scores) {
        console.log(`  ${label}not measured: ${page.note}`)
        continue
      }
      const { performance, seo, accessibility, bestPractices } = page.scores
      console.log(
        `  ${label}${[performance, seo, accessibility, bestPractices].map((score) => pad(String(score), 6, true)).join('')}` +
          `${pad(String(page.lcpMilliseconds), 9, true)}${pad(String(page.cls), 8, true)}` +
          `${pad(String(page.tbtMilliseconds), 9, true)}`,
      )
    }
    for (const page of lighthouseRun.pages) {
      console.log(`  ${page.name} aim ${page.aim.met ? 'MET' : 'MISSED'}: ${page.aim.detail}`)
      if (page.failedAudits?.length) console.log(`    audits not passed: ${page.failedAudits.join(', ')}`)
      if (page.scores && page.note) console.log(`    ${page.note}`)
    }
  }
  if (bundle) {
    console.log(`\nFirst-load JavaScript, gzipped (budget ${kB(bundle.budgetBytes)})`)
    for (const page of bundle.pages) {
      if (page.gzipBytes === null) console.log(`  ${pad(page.name, 12)} not measured: ${page.note}`)
      else
        console.log(
          `  ${pad(page.name, 12)}${pad(kB(page.gzipBytes), 10, true)}  ${page.withinBudget ? 'within budget' : 'OVER BUDGET'}` +
            `  (${page.module} and ${page.files.length - 1} more files, ${kB(page.rawBytes ?? 0)} raw)`,
        )
    }
  }
  if (scan) {
    console.log('\nScans')
    for (const figure of scan)
      console.log(
        `  ${pad(figure.name, 28)}${pad(`${figure.milliseconds} ms`, 10, true)}  budget ${figure.budgetMilliseconds} ms: ` +
          `${figure.withinBudget ? 'within' : 'OVER'}`,
      )
  } else if (!isOnly) console.log('\nScans: not measured (the scan engine in bench/scan.ts could not be loaded)')
}

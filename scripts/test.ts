// `npm test`: type-check, lint, unit and API tests on a fresh PGlite, then the browser tests in Chromium.
// Browser tests need CHROME_PATH or /usr/bin/chromium: mandatory when CI=true, otherwise skipped loudly.
// Ends with one plain line "N passed, N failed" that CI can read.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
const reportDir = path.join(root, '.tmp/reports')
fs.mkdirSync(reportDir, { recursive: true })

let passed = 0
let failed = 0

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function step(label: string, command: string, args: string[]) {
  if (run(label, command, args)) passed++
  else failed++
}

step('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])
step('lint', bin('biome'), ['check', '.'])

const vitestReport = path.join(reportDir, 'vitest.json')
const vitestOk = run('unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--project',
  'server',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
const vitest = readJson(vitestReport)
if (vitest) {
  passed += vitest.numPassedTests ?? 0
  failed += vitest.numFailedTests ?? 0
}
// a run that failed without failing tests (a crash, a failed setup) still counts as one failure
if (!vitestOk && !((vitest?.numFailedTests ?? 0) > 0)) failed++

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const isCi = process.env.CI === 'true'
if (fs.existsSync(chromium)) {
  const e2eReport = path.join(reportDir, 'playwright.json')
  const ok = run('browser tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  })
  const e2e = readJson(e2eReport)
  if (e2e?.stats) {
    // a test that passed on its retry (flaky) counts as passed, as Playwright's own exit code does
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0)
    failed += e2e.stats.unexpected ?? 0
  }
  if (!ok && !((e2e?.stats?.unexpected ?? 0) > 0)) failed++
} else if (isCi) {
  console.error(`\n!!! CI=true but no Chromium at ${chromium}: browser tests are mandatory in CI.`)
  failed++
} else {
  console.warn(`\n${'!'.repeat(100)}`)
  console.warn(`!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`)
  console.warn('!!! Enable them with `sudo apt-get install chromium` or set CHROME_PATH=/path/to/chromium.')
  console.warn('!'.repeat(100))
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

/** What the JSON reporters write that we count: Vitest's totals, Playwright's stats. */
interface TestReport {
  numPassedTests?: number
  numFailedTests?: number
  stats?: { expected?: number; unexpected?: number; flaky?: number }
}

function readJson(file: string): TestReport | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  } finally {
    fs.rmSync(file, { force: true })
  }
}

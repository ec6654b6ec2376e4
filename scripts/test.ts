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
/** Which tests failed, printed again at the end: CI keeps only the tail of a long log. */
const failedNames: string[] = []

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function step(label: string, command: string, args: string[]) {
  if (run(label, command, args)) passed++
  else {
    failed++
    failedNames.push(label)
  }
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
  failedNames.push(...failedVitestTests(vitest))
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
    failedNames.push(...failedPlaywrightTests(e2e.suites ?? []))
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

if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

/** What the JSON reporters write that we read: Vitest's totals and results, Playwright's stats and suites. */
interface TestReport {
  numPassedTests?: number
  numFailedTests?: number
  testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[]
  stats?: { expected?: number; unexpected?: number; flaky?: number }
  suites?: PlaywrightSuite[]
}

interface PlaywrightSuite {
  title: string
  file?: string
  specs?: { title: string; file?: string; tests: { projectName?: string; status: string }[] }[]
  suites?: PlaywrightSuite[]
}

function failedVitestTests(report: TestReport): string[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${path.relative(root, file.name)} > ${test.fullName}`),
  )
}

function failedPlaywrightTests(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => `${spec.file ?? suite.file ?? ''} > [${test.projectName ?? ''}] ${spec.title}`),
    ),
    ...failedPlaywrightTests(suite.suites ?? []),
  ])
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

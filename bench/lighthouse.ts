// Lighthouse in `npm run bench` (issue 16): its default config, the mobile preset (a phone-sized screen, simulated
// slow 4G and a 4x slower CPU applied to what the page did unthrottled), on the home, tool, stack and stackup pages
// of the bench server, in Debian's Chromium. Nothing leaves the machine: Chromium reaches no address but 127.0.0.1
// (the bench server's), its own background services are off, and Lighthouse's Node API reports no errors anywhere
// (only its CLI can). The full-page screenshot is skipped: slow, and nobody reads it here.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts'

/** Issue 16's aims for every page measured. */
export const LIGHTHOUSE_AIM = {
  performance: 95,
  seo: 100,
  accessibility: 100,
  bestPractices: 100,
  lcpMilliseconds: 1500,
  cls: 0.05,
}

const CATEGORIES = [
  { id: 'performance', key: 'performance', label: 'Performance' },
  { id: 'seo', key: 'seo', label: 'SEO' },
  { id: 'accessibility', key: 'accessibility', label: 'Accessibility' },
  { id: 'best-practices', key: 'bestPractices', label: 'Best Practices' },
] as const

type CategoryKey = (typeof CATEGORIES)[number]['key']

const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  // every host but the bench server's address fails to resolve (IP addresses too): a page, or Chromium itself,
  // reaching past the loopback server fails here, visibly, rather than leaving the machine
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

/** Lighthouse's default config (mobile) as it is, but for the full-page screenshot. */
const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: CATEGORIES.map((category) => category.id),
  disableFullPageScreenshot: true,
}

export interface LighthousePage {
  name: string
  path: string
}

export interface LighthouseFigure {
  name: string
  path: string
  /** 0-100 per category; absent when Lighthouse could not measure the page (see note). */
  scores?: Record<CategoryKey, number>
  /** Performance in each run; the other figures are the median run's (Lighthouse's computeMedianRun). */
  performanceOfEachRun?: number[]
  lcpMilliseconds?: number
  cls?: number
  /** Total blocking time: with the 4x CPU slowdown, what a busy machine adds to a page's script work. */
  tbtMilliseconds?: number
  /** Audits that count towards SEO, Accessibility or Best Practices and did not pass: what keeps a score under 100. */
  failedAudits?: string[]
  warnings?: string[]
  aim: { met: boolean; detail: string }
  /** Runs that failed, and why (made again, the median is of the others); all of them when scores are absent. */
  note?: string
}

export interface LighthouseRun {
  chromium: string
  runsPerPage: number
  /** Lighthouse's measure of this machine's speed (its docs call under 1000 a slow machine for the mobile preset). */
  benchmarkIndex?: number
  pages: LighthouseFigure[]
}

export function chromiumPath(): string | null {
  const candidate = CHROMIUM_PATH
  return fs.existsSync(candidate) ? candidate : null
}

/**
 * Runs Lighthouse on each page of the server at base, `runs` times one after the other, in one Chromium with a fresh
 * profile, and keeps the median run of each page: one run's Performance moves by several points on a busy machine.
 */
export async function measureLighthouse(base: string, pages: LighthousePage[], runs: number): Promise<LighthouseRun> {
  const chromePath = chromiumPath()
  if (!chromePath) throw new Error('no Chromium at CHROME_PATH or /usr/bin/chromium (apt-get install chromium)')
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-lighthouse-'))
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' })
  try {
    const result: LighthouseRun = { chromium: await chromiumVersion(chrome.port), runsPerPage: runs, pages: [] }
    for (const page of pages) {
      process.stdout.write(`   Lighthouse ${page.name} (${page.path}), ${runs} runs... `)
      const reports: Result[] = []
      const failedRuns: string[] = []
      // a busy machine now and then loses a run's trace (NO_NAVSTART): such a run is made again, up to `runs` times
      for (let attempt = 0; reports.length < runs && attempt < 2 * runs; attempt++) {
        const lhr = (await lighthouse(`${base}${page.path}`, { port: chrome.port, ...FLAGS }))?.lhr
        if (lhr && !lhr.runtimeError) reports.push(lhr)
        else failedRuns.push(lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result')
      }
      const note = failedRuns.length
        ? `${failedRuns.length} of ${reports.length + failedRuns.length} runs failed: ${failedRuns.join('; ')}`
        : undefined
      const figure =
        reports.length > 0
          ? { ...figureOf(page, computeMedianRun(reports), reports), ...(note ? { note } : {}) }
          : { ...page, aim: { met: false, detail: note! }, note }
      console.log(figure.scores ? summary(figure) : `not measured: ${figure.note}`)
      if (figure.scores && figure.note) console.log(`      ${figure.note}`)
      result.benchmarkIndex ??= reports[0]?.environment.benchmarkIndex
      result.pages.push(figure)
    }
    return result
  } finally {
    chrome.kill()
    fs.rmSync(userDataDir, { recursive: true, force: true })
  }
}

function figureOf(page: LighthousePage, lhr: Result, runs: Result[]): LighthouseFigure {
  const scores = Object.fromEntries(
    CATEGORIES.map(({ id, key }) => [key, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<CategoryKey, number>
  const failedAudits = CATEGORIES.filter(({ id }) => id !== 'performance').flatMap(({ id }) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => `${id}: ${audit!.id}${auditDetail(audit!)}`),
  )
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const figure = {
    ...page,
    scores,
    performanceOfEachRun: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
    lcpMilliseconds: Math.round(numeric('largest-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    tbtMilliseconds: Math.round(numeric('total-blocking-time')),
    failedAudits,
    ...(lhr.runWarnings.length ? { warnings: lhr.runWarnings } : {}),
  }
  return { ...figure, aim: judgeLighthouseAim(figure) }
}

/** What an audit that did not pass found: its display value ("1 link found"), or the kinds of issue it lists. */
function auditDetail(audit: Result['audits'][string]): string {
  if (audit.displayValue) return ` (${audit.displayValue})`
  const items = audit.details && 'items' in audit.details ? (audit.details.items as { issueType?: unknown }[]) : []
  const kinds = [...new Set(items.map((item) => item.issueType).filter((kind) => typeof kind === 'string'))]
  return kinds.length ? ` (${kinds.join(', ')})` : ''
}

function judgeLighthouseAim(figure: Pick<LighthouseFigure, 'scores' | 'lcpMilliseconds' | 'cls'>) {
  const scores = figure.scores!
  const lcp = figure.lcpMilliseconds ?? Number.NaN
  const cls = figure.cls ?? Number.NaN
  const checks = [
    ...CATEGORIES.map(({ key, label }) => {
      const aim = LIGHTHOUSE_AIM[key]
      return { met: scores[key] >= aim, text: `${label} ${scores[key]} (aim ${aim === 100 ? '100' : `>= ${aim}`})` }
    }),
    { met: lcp < LIGHTHOUSE_AIM.lcpMilliseconds, text: `LCP ${lcp} ms (aim < ${LIGHTHOUSE_AIM.lcpMilliseconds} ms)` },
    { met: cls < LIGHTHOUSE_AIM.cls, text: `CLS ${cls} (aim < ${LIGHTHOUSE_AIM.cls})` },
  ]
  return { met: checks.every((check) => check.met), detail: checks.map((check) => check.text).join(', ') }
}

function summary(figure: LighthouseFigure): string {
  const s = figure.scores!
  return (
    `Performance ${s.performance}, SEO ${s.seo}, Accessibility ${s.accessibility}, ` +
    `Best Practices ${s.bestPractices}, LCP ${figure.lcpMilliseconds} ms, CLS ${figure.cls} ` +
    `(Performance of each run: ${figure.performanceOfEachRun?.join(', ')})`
  )
}

/** "Chromium 156.0.8078.108" from the browser it drives (the wrapper script's --version prints shell noise). */
async function chromiumVersion(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`)
    const { Browser } = (await response.json()) as { Browser?: string }
    return Browser?.replace(/^(Headless)?Chrome\//, 'Chromium ') ?? 'Chromium'
  } catch {
    return 'Chromium'
  }
}

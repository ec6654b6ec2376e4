// The engine behind every scan (the site's, the CLI's): a website, a repository clone or a local folder, to signals.
// It walks the four stages the wizard shows as its progress notes (spec §4: queued, then fetching, analyzing,
// mapping) and hands over what it found so far when the mapping stage begins, so the wizard can show tools as they
// are found. Waits on the network and on git are cut to fit the scan's deadline. docs/scanner.md
import { CLONE_LIMITS, cloneRepository, type GitTarget } from './git-repository.ts'
import { FETCH_LIMITS, type FetchedPage, fetchPage, fetchStylesheet, probeGitRepository } from './page-fetcher.ts'
import {
  analyzeFileSource,
  analyzeFolder,
  type RepositoryAnalysis,
  repositorySignals,
  type WorkspaceAnalysis,
} from './repository-analyzer.ts'
import { possibleRepositoryOf, SCHEME_MESSAGE, type ScanTarget } from './scan-target.ts'
import type { Signal } from './signals.ts'
import { type NetworkPolicy, ScanRefusedError } from './ssrf.ts'
import { analyzePage } from './website-analyzer.ts'

export type EngineStage = 'fetching' | 'analyzing' | 'mapping'

export interface EngineProgress {
  /** Signals found before the mapping stage (manifests before languages; the page before its stylesheets). */
  found?: Signal[]
  /** A website URL that turned out to be a git repository (smart HTTP probe). */
  kind?: 'repository'
}

export interface EngineHooks {
  /** A stage begins; 'mapping' comes with the signals found so far. Awaited, so the stages are recorded in order. */
  onStage?(stage: EngineStage, progress: EngineProgress): Promise<void>
  /** Epoch milliseconds by which the work should end (scan.service.ts SCAN_LIMITS.maxDurationMs). */
  deadline?: number
  /** A folder's or a repository's declared workspaces with their own signals (none for a website). */
  onWorkspaces?(workspaces: WorkspaceAnalysis[]): void
}

/** How long the smart HTTP probe of a website URL may take: a web server that is no git server answers at once. */
export const PROBE_TIMEOUT_MS = 5_000
/** Stylesheets read for the fingerprints' css patterns: the first few a page links, each cut at this size. */
export const STYLESHEET_LIMITS = { count: 4, maxBytes: 512 * 1024, timeoutMs: 8_000 }

export async function collectSignals(
  target: ScanTarget,
  network: NetworkPolicy,
  hooks: EngineHooks = {},
): Promise<Signal[]> {
  const stage = hooks.onStage ?? (async () => {})
  // each wait takes its own cap or what is left before the deadline, whichever is shorter (at least 1 s)
  const within = (cap: number) =>
    hooks.deadline === undefined ? cap : Math.max(1000, Math.min(cap, hooks.deadline - Date.now()))
  await stage('fetching', {})

  if (target.kind === 'folder') {
    if (!network.allowPrivateNetworks) throw new ScanRefusedError('scheme', SCHEME_MESSAGE)
    await stage('analyzing', {})
    const analysis = await analyzeFolder(target.folder, {
      onManifests: (found) => stage('mapping', { found }),
    })
    hooks.onWorkspaces?.(analysis.workspaces)
    return analysis.signals
  }
  if (target.kind === 'repository') return repositorySignalsOf(target.git, network, stage, within, hooks)

  // "any other git URL" (issue 3): a self-hosted forge's repository page is cloned, not fingerprinted
  const possible = possibleRepositoryOf(target.url)
  if (possible) {
    const cloneUrl = await probeGitRepository(possible.base, {
      ...network,
      limits: { timeoutMs: within(PROBE_TIMEOUT_MS), maxBytes: 64 * 1024 },
    })
    if (cloneUrl) {
      const git = { cloneUrl, ...(possible.branchPath ? { branchPath: possible.branchPath } : {}) }
      return repositorySignalsOf(
        git,
        network,
        (next, progress) => stage(next, { ...progress, kind: 'repository' }),
        within,
        hooks,
      )
    }
  }
  return websiteSignals(target, network, stage, within)
}

type StageHook = NonNullable<EngineHooks['onStage']>

async function repositorySignalsOf(
  git: GitTarget,
  network: NetworkPolicy,
  stage: StageHook,
  within: (cap: number) => number,
  hooks: EngineHooks,
): Promise<Signal[]> {
  const clone = await cloneRepository(git, network, {
    timeoutMs: within(CLONE_LIMITS.timeoutMs),
    readTimeoutMs: within(CLONE_LIMITS.readTimeoutMs),
  })
  let analysis: RepositoryAnalysis
  try {
    await stage('analyzing', {})
    analysis = await analyzeFileSource(clone.source, { onManifests: (found) => stage('mapping', { found }) })
  } finally {
    await clone.remove()
  }
  hooks.onWorkspaces?.(analysis.workspaces)
  return [...analysis.signals, ...repositorySignals(git.cloneUrl)]
}

async function websiteSignals(
  target: Extract<ScanTarget, { kind: 'website' }>,
  network: NetworkPolicy,
  stage: StageHook,
  within: (cap: number) => number,
): Promise<Signal[]> {
  const options = { ...network, limits: { timeoutMs: within(FETCH_LIMITS.timeoutMs) } }
  let page: FetchedPage
  try {
    page = await fetchPage(target.url, options)
  } catch (error) {
    // 'example.com' typed without a scheme: try plain http when https cannot be reached at all
    if (target.hasExplicitScheme || !(error instanceof ScanRefusedError) || error.reason !== 'fetch_failed') throw error
    page = await fetchPage(target.url.replace(/^https:/, 'http:'), options)
  }
  await stage('analyzing', {})
  const analysis = await analyzePage(page)
  await stage('mapping', { found: analysis.signals })
  // the page's stylesheets feed the css patterns (Tailwind CSS, MUI, Radix UI, ...), within the same safety rules
  const stylesheets = analysis.stylesheets.slice(0, STYLESHEET_LIMITS.count)
  if (stylesheets.length === 0) return analysis.signals
  const sheetOptions = {
    ...network,
    limits: { timeoutMs: within(STYLESHEET_LIMITS.timeoutMs), maxBytes: STYLESHEET_LIMITS.maxBytes },
  }
  const texts = await Promise.all(stylesheets.map((url) => fetchStylesheet(url, sheetOptions).catch(() => '')))
  const css = texts.filter(Boolean).join('\n')
  if (!css) return analysis.signals
  return (await analyzePage(page, { stylesheetCss: css })).signals
}

// Measures the repository scanner against StackShare's own (issue 19):
//   npm run scan:eval -- <folder of git snapshots> [--set tuning|held-out] [--engine stackatlas|specfy] [--verbose]
// Each corpus repository's tree at the commit that last wrote its techstack.yml is exported into a temporary folder
// (techstack.yml and techstack.md left out), scanned, and compared with that file: recall of tools and packages, the
// share of reported non-package tools the file lists, and the misses by kind. docs/scanner.md
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadCatalogLookup } from '../catalog-lookup.ts'
import { analyzeFolder } from '../repository-analyzer.ts'
import { mapSignals } from '../tool-mapper.ts'
import { type CorpusEntry, type CorpusSet, loadCorpus } from './corpus.ts'
import { type Engine, type Score, scoreScan } from './score.ts'
import { exportTree, findSnapshot } from './snapshots.ts'

const USAGE =
  'Usage: npm run scan:eval -- <folder of git snapshots> [--set tuning|held-out] [--engine stackatlas|specfy] [--repo owner/name] [--verbose]'

/** Our repository engine, as the CLI runs it: analyzeFolder, then the catalog built in memory. */
export const stackatlasEngine: Engine = async (folder) => {
  const { signals } = await analyzeFolder(folder)
  const tools = await mapSignals(signals, loadCatalogLookup())
  return tools.map((tool) => ({
    name: tool.name,
    aliases: tool.aliases,
    is_package: tool.is_package,
    ecosystem: tool.is_package ? (tool.newPackage?.ecosystem ?? tool.slug.split('-')[0]!) : null,
    confidence: tool.confidence,
  }))
}

async function loadEngine(name: string): Promise<Engine> {
  if (name === 'stackatlas') return stackatlasEngine
  if (name === 'specfy') return (await import('./specfy-engine.ts')).specfyEngine
  throw new Error(`Unknown engine ${name}: stackatlas or specfy`)
}

interface Totals extends Omit<Score, 'missedTools' | 'missedPackages' | 'extras'> {
  repositories: number
  missedToolKinds: Map<string, number>
  missedToolNames: Map<string, number>
  missedPackageKinds: Map<string, number>
  extras: Map<string, number>
}

const emptyTotals = (): Totals => ({
  repositories: 0,
  toolsExpected: 0,
  toolsFound: 0,
  packagesExpected: 0,
  packagesFound: 0,
  reported: 0,
  reportedInKey: 0,
  confident: 0,
  confidentInKey: 0,
  missedToolKinds: new Map(),
  missedToolNames: new Map(),
  missedPackageKinds: new Map(),
  extras: new Map(),
})

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)

function addScore(totals: Totals, score: Score) {
  totals.repositories++
  totals.toolsExpected += score.toolsExpected
  totals.toolsFound += score.toolsFound
  totals.packagesExpected += score.packagesExpected
  totals.packagesFound += score.packagesFound
  totals.reported += score.reported
  totals.reportedInKey += score.reportedInKey
  totals.confident += score.confident
  totals.confidentInKey += score.confidentInKey
  for (const tool of score.missedTools) {
    count(totals.missedToolKinds, tool.kind)
    count(totals.missedToolNames, tool.name)
  }
  for (const item of score.missedPackages) count(totals.missedPackageKinds, item.ecosystem)
  for (const name of score.extras) count(totals.extras, name)
}

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`)
const top = (map: Map<string, number>, limit: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name, times]) => `${name} ${times}`)
    .join(', ')

export function formatTotals(title: string, totals: Totals): string {
  return [
    `${title}: ${totals.repositories} repositories`,
    `  tools     ${percent(totals.toolsFound, totals.toolsExpected)} recall (${totals.toolsFound}/${totals.toolsExpected})`,
    `  packages  ${percent(totals.packagesFound, totals.packagesExpected)} recall (${totals.packagesFound}/${totals.packagesExpected})`,
    `  reported non-package tools in the key: ${percent(totals.reportedInKey, totals.reported)} (${totals.reportedInKey}/${totals.reported})`,
    `  confident ones (preselected) in the key: ${percent(totals.confidentInKey, totals.confident)} (${totals.confidentInKey}/${totals.confident})`,
    `  missed tools by kind: ${top(totals.missedToolKinds, 12)}`,
    `  missed tools: ${top(totals.missedToolNames, 25)}`,
    `  missed packages by ecosystem: ${top(totals.missedPackageKinds, 12)}`,
    `  reported, not in the key: ${top(totals.extras, 25)}`,
    '',
  ].join('\n')
}

async function scoreEntry(entry: CorpusEntry, snapshots: string, engine: Engine): Promise<Score> {
  const gitDir = findSnapshot(snapshots, entry.repo)
  if (!gitDir) throw new Error(`No snapshot of ${entry.repo} in ${snapshots}`)
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-eval-'))
  try {
    await exportTree(gitDir, entry.commit, folder)
    // every corpus tree is a Git repository's: scanned as a clone is (a repository URL's scan and a local clone both
    // report Git; an exported tree alone has no .git)
    fs.mkdirSync(path.join(folder, '.git'))
    return scoreScan(entry, await engine(folder))
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      set: { type: 'string' },
      engine: { type: 'string', default: 'stackatlas' },
      repo: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  })
  const snapshots = positionals[0]
  if (!snapshots || !fs.existsSync(snapshots) || !fs.statSync(snapshots).isDirectory()) {
    process.stderr.write(`${snapshots ? `No such folder: ${snapshots}\n` : ''}${USAGE}\n`)
    process.exitCode = snapshots ? 1 : 2
    return
  }
  const engine = await loadEngine(values.engine!)
  const corpus = loadCorpus().filter(
    (entry) => (!values.set || entry.set === values.set) && (!values.repo || entry.repo === values.repo),
  )
  const bySet = new Map<CorpusSet | 'all', Totals>([['all', emptyTotals()]])
  for (const entry of corpus) {
    let score: Score
    try {
      score = await scoreEntry(entry, snapshots, engine)
    } catch (error) {
      process.stderr.write(`${entry.repo}: ${(error as Error).message}\n`)
      process.exitCode = 1
      continue
    }
    if (!bySet.has(entry.set)) bySet.set(entry.set, emptyTotals())
    addScore(bySet.get(entry.set)!, score)
    addScore(bySet.get('all')!, score)
    if (values.verbose) {
      process.stdout.write(
        `${entry.repo} [${entry.set}] tools ${score.toolsFound}/${score.toolsExpected} packages ${score.packagesFound}/${score.packagesExpected} in key ${score.reportedInKey}/${score.reported}\n` +
          `  missed: ${[...score.missedTools.map((tool) => tool.name), ...score.missedPackages.map((item) => `${item.ecosystem}:${item.name}`)].join(', ')}\n` +
          `  extra: ${score.extras.join(', ')}\n`,
      )
    }
  }
  process.stdout.write(`Engine: ${values.engine}\n\n`)
  for (const set of ['tuning', 'held-out', 'all'] as const) {
    const totals = bySet.get(set)
    if (totals?.repositories) process.stdout.write(formatTotals(set, totals))
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

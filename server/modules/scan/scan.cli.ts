// Your stack without the site: npm run scan -- <folder|url> [--json] [--by-workspace] [--format=<stack file>]
// A local folder is read offline; a website or repository URL is fetched (private addresses allowed: the CLI runs
// on your own machine with your own network). Tools map through the catalog built in memory, no database needed.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { slugify } from '#contracts/owners.ts'
import { ScanCliTool, type ScanCliWorkspace } from '#contracts/scan.ts'
import { STACK_FILE_FORMATS, type StackFileFormat } from '#contracts/stack-files.ts'
import type { ExportedStack } from '../stack-files/exported-stack.ts'
import { stackFileFormats } from '../stack-files/formats.ts'
import { catalogToolDetails, loadCatalogLookup } from './catalog-lookup.ts'
import { analyzeFolder, type WorkspaceAnalysis } from './repository-analyzer.ts'
import { collectSignals } from './scan-engine.ts'
import { parseScanTarget, ScanUrlError } from './scan-target.ts'
import type { Signal } from './signals.ts'
import { isPackageEcosystem } from './signals.ts'
import { ScanRefusedError } from './ssrf.ts'
import { mapSignals } from './tool-mapper.ts'

const USAGE = `Usage: npm run scan -- <folder|url> [--json] [--by-workspace] [--format=<${STACK_FILE_FORMATS.join('|')}>]`
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

export class NoSuchFolderError extends Error {
  constructor(input: string) {
    super(`No such folder: ${input}`)
  }
}

function localFolder(input: string): string {
  // anything without a scheme is a path: a folder to read, never a URL to guess (issue 19)
  const folder = path.resolve(input)
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new NoSuchFolderError(input)
  return folder
}

export async function scanForCli(input: string): Promise<ScanCliTool[]> {
  return toCliTools((await analyzeInput(input)).signals)
}

/**
 * The tools of a folder, repository or website, and each workspace's that a folder or repository declares (a
 * monorepo's services and libraries; a website has none).
 */
export async function scanWorkspacesForCli(
  input: string,
): Promise<{ tools: ScanCliTool[]; workspaces: ScanCliWorkspace[] }> {
  const { signals, workspaces: declared } = await analyzeInput(input)
  const workspaces: ScanCliWorkspace[] = []
  for (const { path: folder, name, kind, signals: own } of declared)
    workspaces.push({ path: folder, name, kind, tools: await toCliTools(own) })
  return { tools: await toCliTools(signals), workspaces }
}

async function analyzeInput(input: string): Promise<{ signals: Signal[]; workspaces: WorkspaceAnalysis[] }> {
  if (!URL_SCHEME.test(input)) return analyzeFolder(localFolder(input))
  let workspaces: WorkspaceAnalysis[] = []
  const target = parseScanTarget(input, { allowPrivateNetworks: true, allowFolders: true })
  const onWorkspaces = (found: WorkspaceAnalysis[]) => {
    workspaces = found
  }
  const signals = await collectSignals(target, { allowPrivateNetworks: true }, { onWorkspaces })
  return { signals, workspaces }
}

async function toCliTools(signals: Signal[]): Promise<ScanCliTool[]> {
  const detected = await mapSignals(signals, loadCatalogLookup())
  // exactly the documented fields, in this order (issue 3: {"tools":[{"name","slug","category","is_package",...}]},
  // issue 19: aliases last); the schema drops the rest (confidence, a new package's details)
  return detected.map((tool) => ScanCliTool.parse(tool))
}

/**
 * What a scan found as a stack, for the stack file formats (decision 061): a folder is the local user's stack named
 * after it; a repository or website URL is '{owner}/{name}' from its path or host.
 */
export async function scanForStackFile(input: string, exportedAt = new Date()): Promise<ExportedStack> {
  const detected = await mapSignals((await analyzeInput(input)).signals, loadCatalogLookup())
  const details = catalogToolDetails()
  const parts = URL_SCHEME.test(input)
    ? (() => {
        const url = new URL(input)
        const segments = url.pathname.split('/').filter(Boolean)
        return segments.length >= 2 ? segments.slice(0, 2) : [url.hostname, segments[0] ?? url.hostname]
      })()
    : ['local', path.basename(path.resolve(input))]
  const [ownerSlug, name] = [slugify(parts[0]!) || 'local', parts[1]!.replace(/\.git$/, '')]
  const stack: ExportedStack = {
    owner: { type: 'User', slug: ownerSlug, name: ownerSlug },
    slug: slugify(name) || 'stack',
    name,
    description: null,
    websiteUrl: URL_SCHEME.test(input) ? input : null,
    isPrivate: false,
    url: null,
    exportedAt,
    tools: [],
    packages: [],
  }
  for (const tool of detected) {
    if (tool.is_package && tool.package_ecosystem && isPackageEcosystem(tool.package_ecosystem)) {
      stack.packages.push({
        slug: tool.slug,
        name: tool.name,
        ecosystem: tool.package_ecosystem,
        version: tool.version,
      })
    } else {
      const known = details.get(tool.slug)
      stack.tools.push({
        slug: tool.slug,
        name: tool.name,
        category: tool.category,
        layer: known?.layer ?? null,
        website: known?.website ?? null,
        version: tool.version,
      })
    }
  }
  return stack
}

export function formatTable(tools: ScanCliTool[]): string {
  if (tools.length === 0) return 'No tools found.\n'
  const rows = tools.map((tool) => [
    tool.name,
    tool.is_package ? 'package' : (tool.category ?? ''),
    tool.version ?? '',
    tool.sources.slice(0, 2).join(', ') + (tool.sources.length > 2 ? `, +${tool.sources.length - 2}` : ''),
  ])
  const header = ['Tool', 'Category', 'Version', 'Found in']
  const widths = header.map((title, column) =>
    Math.min(48, Math.max(title.length, ...rows.map((row) => row[column]!.length))),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (cell.length > widths[column]! ? `${cell.slice(0, widths[column]! - 1)}…` : cell))
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd()
  const packages = tools.filter((tool) => tool.is_package).length
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `${tools.length} tools (${tools.length - packages} from the catalog, ${packages} packages)`,
    '',
  ].join('\n')
}

export function formatWorkspaces({ tools, workspaces }: { tools: ScanCliTool[]; workspaces: ScanCliWorkspace[] }) {
  const sections = [`Whole repository\n\n${formatTable(tools)}`]
  if (workspaces.length === 0) sections.push('No workspaces declared.\n')
  for (const workspace of workspaces)
    sections.push(
      `Workspace ${workspace.name} (${workspace.path}, ${workspace.kind})\n\n${formatTable(workspace.tools)}`,
    )
  return sections.join('\n')
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'by-workspace': { type: 'boolean', default: false },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const input = positionals[0]
  if (values.help || !input) {
    process.stderr.write(`${USAGE}\n`)
    process.exitCode = values.help ? 0 : 2
    return
  }
  const format = values.format
  if (format !== undefined && !(STACK_FILE_FORMATS as readonly string[]).includes(format)) {
    process.stderr.write(`Unknown format: ${format}. ${USAGE}\n`)
    process.exitCode = 2
    return
  }
  try {
    if (format) {
      const stack = await scanForStackFile(input)
      process.stdout.write(await stackFileFormats[format as StackFileFormat].export(stack))
    } else if (values['by-workspace']) {
      const result = await scanWorkspacesForCli(input)
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : formatWorkspaces(result))
    } else {
      const tools = await scanForCli(input)
      process.stdout.write(values.json ? `${JSON.stringify({ tools })}\n` : formatTable(tools))
    }
  } catch (error) {
    const known =
      error instanceof ScanRefusedError || error instanceof ScanUrlError || error instanceof NoSuchFolderError
    process.stderr.write(`${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`)
    process.exitCode = 1
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

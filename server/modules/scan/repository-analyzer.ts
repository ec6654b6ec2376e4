// Analyzes a repository's files, wherever they come from (a local folder walk or a shallow git clone read through
// `git cat-file`): manifests and config files through the parsers, languages through Linguist's data.
import fs from 'node:fs/promises'
import path from 'node:path'
import { aliasFallbacks, normalizeAlias } from './alias-normalize.ts'
import {
  dataLanguageSignals,
  headerLanguage,
  headerPaths,
  type LanguageShare,
  languageOf,
  languageSignals,
  loadLanguageIndex,
  measureLanguages,
  scriptLanguage,
  scriptPaths,
} from './languages.ts'
import { ciParsers } from './parsers/ci.ts'
import { containerParsers } from './parsers/containers.ts'
import { dartParsers } from './parsers/dart.ts'
import { declaredParsers } from './parsers/declared.ts'
import { dotnetParsers } from './parsers/dotnet.ts'
import { elixirParsers } from './parsers/elixir.ts'
import { envParsers } from './parsers/env.ts'
import { goParsers } from './parsers/go.ts'
import { javascriptParsers } from './parsers/javascript.ts'
import { jvmParsers } from './parsers/jvm.ts'
import { markerParsers } from './parsers/markers.ts'
import type { ManifestParser, ParseContext } from './parsers/parser.ts'
import { phpParsers } from './parsers/php.ts'
import { pythonParsers } from './parsers/python.ts'
import { rParsers } from './parsers/r.ts'
import { rubyParsers } from './parsers/ruby.ts'
import { runtimeParsers } from './parsers/runtimes.ts'
import { rustParsers } from './parsers/rust.ts'
import { swiftParsers } from './parsers/swift.ts'
import { terraformParsers } from './parsers/terraform.ts'
import { isReadableName, readableText, shownName } from './readable-text.ts'
import { isPackageEcosystem, type PackageEcosystem, type Signal } from './signals.ts'
import { findWorkspaces, isWorkspaceFile, type Workspace } from './workspaces.ts'

export const manifestParsers: ManifestParser[] = [
  ...javascriptParsers,
  ...pythonParsers,
  ...rubyParsers,
  ...goParsers,
  ...rustParsers,
  ...phpParsers,
  ...jvmParsers,
  ...dotnetParsers,
  ...dartParsers,
  ...swiftParsers,
  ...elixirParsers,
  ...rParsers,
  ...containerParsers,
  ...ciParsers,
  ...terraformParsers,
  ...runtimeParsers,
  ...envParsers,
  ...declaredParsers,
  ...markerParsers,
]

export interface RepositoryFile {
  /** Posix path relative to the root. */
  path: string
  size: number
}

/** A repository's regular files (never symlinks) and a way to read some of them. */
export interface FileSource {
  files: RepositoryFile[]
  /** Texts of the given files; files that cannot be read are left out. */
  read(paths: string[]): Promise<Map<string, string>>
  /** True when the walk stopped at the file cap. */
  truncated?: boolean
}

/** A workspace of a monorepo with its own signals: its manifests', its registries, its languages. */
export interface WorkspaceAnalysis extends Workspace {
  signals: Signal[]
}

export interface RepositoryAnalysis {
  signals: Signal[]
  languages: LanguageShare[]
  /** The workspaces the repository declares (npm, pnpm, Cargo, go.work, Maven, Gradle, uv); none for one project. */
  workspaces: WorkspaceAnalysis[]
  fileCount: number
  manifestCount: number
  truncated: boolean
  /** What was skipped on the way, for people: a dependency whose name holds control characters (decision 076). */
  warnings: string[]
}

/** Manifests above this size are skipped (a lockfile this large is generated noise). */
export const MAX_MANIFEST_BYTES = 8 * 1024 * 1024
export const MAX_FILES = 200_000

/** Folders never walked: installed dependencies, build output, caches, other VCS data. */
const SKIPPED_FOLDERS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.gradle',
  'target',
  'dist',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  '.parcel-cache',
  'coverage',
  '.terraform',
  'Pods',
  'Carthage',
  'DerivedData',
  'site-packages',
  '.bundle',
  '_build',
  'deps',
  '.dart_tool',
  'elm-stuff',
  'obj',
])

/** Whether a repository path lies in a folder the analysis skips (node_modules/, vendor/, ...). */
export function isSkippedPath(filePath: string): boolean {
  const parts = filePath.split('/')
  for (let index = 0; index < parts.length - 1; index++) if (SKIPPED_FOLDERS.has(parts[index]!)) return true
  return false
}

export interface AnalysisHooks {
  /** The manifests' signals, before languages are measured: a scan stores their tools while it goes on. */
  onManifests?(signals: Signal[]): Promise<void>
}

export async function analyzeFileSource(source: FileSource, hooks: AnalysisHooks = {}): Promise<RepositoryAnalysis> {
  const languageIndex = loadLanguageIndex()
  const matched: { path: string; base: string; parsers: ManifestParser[] }[] = []
  for (const file of source.files) {
    const base = file.path.slice(file.path.lastIndexOf('/') + 1)
    const parsers = manifestParsers.filter((parser) => parser.matches(file.path, base))
    if (parsers.length > 0 && file.size <= MAX_MANIFEST_BYTES) matched.push({ path: file.path, base, parsers })
  }
  const toRead = matched
    .filter((entry) => entry.parsers.some((parser) => !parser.presenceOnly))
    .map((entry) => entry.path)
  const headers = headerPaths(source.files)
  const index = await languageIndex
  const scripts = scriptPaths(index, source.files)
  const readSet = new Set(toRead)
  const workspaceFiles = source.files
    .filter((file) => isWorkspaceFile(file.path.slice(file.path.lastIndexOf('/') + 1)) && !readSet.has(file.path))
    .map((file) => file.path)
  const texts = await source.read([...new Set([...toRead, ...headers, ...workspaceFiles, ...scripts])])
  // C, C++ and Objective-C share `.h`: the text decides, as Linguist's heuristics do (a Flutter app's iOS bridging
  // header is Objective-C)
  const knownLanguages = new Map<string, string>()
  for (const header of headers) {
    const text = texts.get(header)
    if (text !== undefined) knownLanguages.set(header, headerLanguage(text))
  }

  const lockVersions = new Map<string, Map<string, string>>() // `${ecosystem}\0${dir}` -> alias -> version
  const localPackages = new Set<string>() // `${ecosystem}\0${alias}`
  const context: ParseContext = {
    addLockVersions(ecosystem, dir, versions) {
      const key = `${ecosystem}\0${dir}`
      const map = lockVersions.get(key) ?? new Map<string, string>()
      for (const [name, version] of versions) map.set(normalizeAlias(ecosystem, name), version)
      lockVersions.set(key, map)
    },
    addLocalPackage(ecosystem, name) {
      localPackages.add(`${ecosystem}\0${normalizeAlias(ecosystem, name)}`)
    },
  }

  const signals: Signal[] = []
  for (const entry of matched) {
    const text = texts.get(entry.path)
    for (const parser of entry.parsers) {
      if (!parser.presenceOnly && text === undefined) continue
      try {
        signals.push(...parser.parse({ path: entry.path, base: entry.base, text: text ?? '' }, context))
      } catch {
        // a file we cannot make sense of is skipped; the rest of the scan goes on
      }
    }
  }

  const warnings: string[] = []
  const manifestSignals = readableSignals(resolvePackages(signals, lockVersions, localPackages), warnings)
  const resolved = [...manifestSignals, ...derivedSignals(manifestSignals, source.files)]
  await hooks.onManifests?.([...resolved])
  // a script whose name does not tell is known by its shebang (bin/setup is Shell), as Linguist knows it
  for (const script of scripts) {
    const text = texts.get(script)
    const language = text !== undefined && !languageOf(index, script) ? scriptLanguage(index, text) : undefined
    if (language) knownLanguages.set(script, language)
  }
  const languages = measureLanguages(index, source.files, knownLanguages)
  resolved.push(...languageSignals(languages), ...dataLanguageSignals(source.files))
  const workspaces = findWorkspaces(source.files, texts).map((workspace) => {
    const inside = (file: string) => file.startsWith(`${workspace.path}/`)
    const files = source.files.filter((file) => inside(file.path))
    const own = manifestSignals.filter((signal) => inside(signal.source))
    const shares = measureLanguages(index, files, knownLanguages)
    return {
      ...workspace,
      signals: [...own, ...derivedSignals(own, files), ...languageSignals(shares), ...dataLanguageSignals(files)],
    }
  })
  return {
    signals: resolved,
    languages,
    workspaces,
    fileCount: source.files.length,
    manifestCount: matched.length,
    truncated: Boolean(source.truncated),
    warnings,
  }
}

/**
 * The one place every manifest parser's signals pass through before anything looks them up (F-12): a dependency
 * whose name holds NUL, another control character or a lone surrogate is skipped with a warning, never sent to the
 * database (which would fail the whole scan); such a version is dropped.
 */
export function readableSignals(signals: Signal[], warnings: string[]): Signal[] {
  return signals.flatMap((signal) => {
    if (!isReadableName(signal.name)) {
      warnings.push(
        `${readableText(signal.source)}: skipped the dependency "${shownName(signal.name)}" (control characters in its name)`,
      )
      return []
    }
    const version = signal.version && !isReadableName(signal.version) ? null : signal.version
    return [{ ...signal, source: readableText(signal.source), ...(version !== signal.version ? { version } : {}) }]
  })
}

/** What the manifests' signals imply: the registries installed from, the tools a dependency is built on. */
function derivedSignals(signals: Signal[], files: RepositoryFile[]): Signal[] {
  return [...registrySignals(signals, files), ...impliedSignals(signals)]
}

function byDepth(a: { path: string }, b: { path: string }) {
  return a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path)
}

/** Drops a repository's own packages and fills in the versions its lockfiles resolved. */
function resolvePackages(
  signals: Signal[],
  lockVersions: Map<string, Map<string, string>>,
  localPackages: Set<string>,
): Signal[] {
  const result: Signal[] = []
  for (const signal of signals) {
    if (!isPackageEcosystem(signal.kind)) {
      result.push(signal)
      continue
    }
    const alias = normalizeAlias(signal.kind, signal.name)
    if (localPackages.has(`${signal.kind}\0${alias}`)) continue
    const locked = lockedVersion(lockVersions, signal.kind, dirOfSource(signal.source), alias)
    result.push(locked ? { ...signal, version: locked } : signal)
  }
  return result
}

function dirOfSource(source: string): string {
  const index = source.lastIndexOf('/')
  return index === -1 ? '' : source.slice(0, index)
}

/** The nearest lockfile at or above the manifest's folder wins (workspaces share the root lockfile). */
function lockedVersion(
  lockVersions: Map<string, Map<string, string>>,
  ecosystem: PackageEcosystem,
  dir: string,
  alias: string,
): string | undefined {
  const names = [alias, ...aliasFallbacks(ecosystem, alias)]
  let current: string | null = dir
  while (current !== null) {
    const map = lockVersions.get(`${ecosystem}\0${current}`)
    if (map) for (const name of names) if (map.has(name)) return map.get(name)
    current = current === '' ? null : current.includes('/') ? current.slice(0, current.lastIndexOf('/')) : ''
  }
  return undefined
}

/**
 * Lists a local folder's regular files. Symbolic links are never followed (a repository could point one at
 * /etc/passwd), and dependency, build and cache folders are skipped.
 */
export async function walkFolder(root: string, maxFiles = MAX_FILES): Promise<FileSource> {
  const absoluteRoot = path.resolve(root)
  const files: RepositoryFile[] = []
  let truncated = false
  const pendingStats: Promise<void>[] = []

  async function visit(dir: string, relative: string, depth: number): Promise<void> {
    if (depth > 40 || truncated) return
    let entries: import('node:fs').Dirent[]
    try {
      entries = await fs.readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    const subfolders: Promise<void>[] = []
    for (const entry of entries) {
      const childRelative = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name))
          subfolders.push(visit(path.join(dir, entry.name), childRelative, depth + 1))
      } else if (entry.isFile()) {
        if (files.length >= maxFiles) {
          truncated = true
          break
        }
        const file: RepositoryFile = { path: childRelative, size: 0 }
        files.push(file)
        pendingStats.push(
          fs.lstat(path.join(dir, entry.name)).then(
            (stat) => {
              file.size = stat.size
            },
            () => {},
          ),
        )
      }
    }
    await Promise.all(subfolders)
  }

  await visit(absoluteRoot, '', 0)
  await Promise.all(pendingStats)
  return {
    files,
    truncated,
    async read(paths) {
      const texts = new Map<string, string>()
      await Promise.all(
        paths.map(async (relative) => {
          const absolute = path.join(absoluteRoot, relative)
          if (!absolute.startsWith(absoluteRoot + path.sep)) return
          try {
            const stat = await fs.lstat(absolute)
            if (!stat.isFile() || stat.size > MAX_MANIFEST_BYTES) return
            texts.set(relative, await fs.readFile(absolute, 'utf8'))
          } catch {}
        }),
      )
      return texts
    },
  }
}

/**
 * The registry of each package ecosystem the repository draws from, as StackShare lists it: npm with a package.json,
 * PyPI with Python requirements, RubyGems with a Gemfile, and so on (issue 19). Its source is the shallowest
 * manifest that names a package of that ecosystem.
 */
const REGISTRIES: Partial<Record<PackageEcosystem, string>> = {
  npm: 'npm',
  pypi: 'PyPI',
  rubygems: 'RubyGems',
  packagist: 'Packagist',
  nuget: 'NuGet',
  maven: 'Maven Central',
  cargo: 'crates.io',
  pub: 'pub.dev',
  hex: 'Hex',
  cran: 'CRAN',
}

export function registrySignals(signals: Signal[], files: RepositoryFile[]): Signal[] {
  const sources = new Map<string, string>()
  const offer = (registry: string, source: string) => {
    const current = sources.get(registry)
    if (!current || byDepth({ path: source }, { path: current }) < 0) sources.set(registry, source)
  }
  for (const signal of signals) {
    const registry = isPackageEcosystem(signal.kind) && !signal.indirect ? REGISTRIES[signal.kind] : undefined
    if (registry) offer(registry, signal.source)
  }
  // a package.json without dependencies still installs from npm (its scripts' tools, its own publication)
  for (const file of files) if (path.posix.basename(file.path) === 'package.json') offer('npm', file.path)
  return [...sources].map(([name, source]) => ({ kind: 'name', name, source }))
}

/**
 * Tools a dependency is built on, which StackShare lists beside it: a Spring Boot project runs on the Spring
 * Framework (every spring-boot starter brings spring-core). Pattern over the normalized package name.
 */
const IMPLIED_BY_PACKAGE: { ecosystem: PackageEcosystem; pattern: RegExp; tool: string }[] = [
  { ecosystem: 'maven', pattern: /^org\.springframework\.boot(:|$)/, tool: 'Spring Framework' },
]

export function impliedSignals(signals: Signal[]): Signal[] {
  const implied = new Map<string, Signal>()
  for (const signal of signals) {
    if (!isPackageEcosystem(signal.kind) || signal.indirect) continue
    const alias = normalizeAlias(signal.kind, signal.name)
    for (const rule of IMPLIED_BY_PACKAGE) {
      if (rule.ecosystem === signal.kind && rule.pattern.test(alias) && !implied.has(rule.tool))
        implied.set(rule.tool, { kind: 'name', name: rule.tool, source: signal.source })
    }
  }
  return [...implied.values()]
}

/** Analyzes a local folder (the CLI's offline mode, file:// scans of non-git folders, the bench). */
export async function analyzeFolder(root: string, hooks: AnalysisHooks = {}): Promise<RepositoryAnalysis> {
  const analysis = await analyzeFileSource(await walkFolder(root), hooks)
  const isRepository = await fs.stat(path.join(root, '.git')).then(
    () => true,
    () => false,
  )
  if (isRepository) analysis.signals.push({ kind: 'name', name: 'Git', source: '.git' })
  return analysis
}

/** Code hosts and the tool each one is. */
const CODE_HOST_TOOLS: Record<string, string> = {
  'github.com': 'GitHub',
  'gitlab.com': 'GitLab',
  'bitbucket.org': 'Bitbucket',
  'codeberg.org': 'Codeberg',
}

/** A cloned repository is a Git repository, hosted where its URL says. */
export function repositorySignals(cloneUrl: string): Signal[] {
  const signals: Signal[] = [{ kind: 'name', name: 'Git', source: 'repository' }]
  const host = URL.canParse(cloneUrl) ? new URL(cloneUrl).hostname.replace(/^www\./, '') : ''
  const tool = CODE_HOST_TOOLS[host]
  if (tool) signals.push({ kind: 'name', name: tool, source: host })
  return signals
}

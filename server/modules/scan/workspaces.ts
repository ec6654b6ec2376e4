// Monorepos (issue 19): the workspaces a repository declares, each a folder of its own, so a scan can answer per
// workspace as well as for the whole (the CLI's --by-workspace; later, one stack per service). Only what the build
// tools themselves declare counts: npm, Yarn and pnpm workspaces, Cargo workspace members, go.work, Maven modules,
// Gradle settings includes and uv workspace members. docs/scanner.md#monorepos
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { asRecord, parseJson } from './parsers/parser.ts'

export type WorkspaceKind = 'npm' | 'pnpm' | 'cargo' | 'go' | 'maven' | 'gradle' | 'uv'

export interface Workspace {
  /** The member's folder, posix, relative to the root ('packages/ui'). */
  path: string
  /** Its own name where its manifest gives one (package.json name, Cargo package, Maven artifactId), else the folder. */
  name: string
  kind: WorkspaceKind
}

/** The files that declare workspaces, read by the analyzer with the manifests. */
export function isWorkspaceFile(base: string): boolean {
  return WORKSPACE_FILES.has(base)
}

const WORKSPACE_FILES = new Set([
  'package.json',
  'pnpm-workspace.yaml',
  'Cargo.toml',
  'go.work',
  'pom.xml',
  'settings.gradle',
  'settings.gradle.kts',
  'pyproject.toml',
])

/** What marks a folder as a member of each kind of workspace. */
const MEMBER_MANIFESTS: Record<WorkspaceKind, string[]> = {
  npm: ['package.json'],
  pnpm: ['package.json'],
  cargo: ['Cargo.toml'],
  go: ['go.mod'],
  maven: ['pom.xml'],
  gradle: ['build.gradle', 'build.gradle.kts'],
  uv: ['pyproject.toml'],
}

/**
 * The workspaces declared in a repository: each declaring file's patterns or paths resolved against the folders that
 * hold the member's manifest. The root itself is never a workspace; a folder claimed twice is listed once.
 */
export function findWorkspaces(files: { path: string }[], texts: ReadonlyMap<string, string>): Workspace[] {
  const folders = new Map<string, Set<string>>() // folder -> file names in it
  for (const file of files) {
    const dir = path.posix.dirname(file.path)
    const names = folders.get(dir) ?? new Set<string>()
    names.add(path.posix.basename(file.path))
    folders.set(dir, names)
  }
  const found = new Map<string, Workspace>()
  const claim = (kind: WorkspaceKind, base: string, patterns: string[]) => {
    const manifests = MEMBER_MANIFESTS[kind]
    const include = patterns.filter((pattern) => !pattern.startsWith('!')).map((pattern) => globOf(base, pattern))
    const exclude = patterns
      .filter((pattern) => pattern.startsWith('!'))
      .map((pattern) => globOf(base, pattern.slice(1)))
    for (const [folder, names] of folders) {
      if (folder === '.' || found.has(folder) || !manifests.some((manifest) => names.has(manifest))) continue
      if (include.some((glob) => glob.test(folder)) && !exclude.some((glob) => glob.test(folder)))
        found.set(folder, { path: folder, name: memberName(kind, folder, texts), kind })
    }
  }
  for (const [file, text] of [...texts].sort(([a], [b]) => a.localeCompare(b))) {
    const base = path.posix.dirname(file)
    for (const { kind, patterns } of declaredMembers(path.posix.basename(file), text)) claim(kind, base, patterns)
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path))
}

function declaredMembers(base: string, text: string): { kind: WorkspaceKind; patterns: string[] }[] {
  try {
    switch (base) {
      case 'package.json': {
        const workspaces = asRecord(parseJson(text)).workspaces
        // an array, or Yarn's {packages: [...], nohoist: [...]}
        const list = Array.isArray(workspaces) ? workspaces : asRecord(workspaces).packages
        return [{ kind: 'npm', patterns: strings(list) }]
      }
      case 'pnpm-workspace.yaml':
        return [{ kind: 'pnpm', patterns: strings(asRecord(parseYaml(text)).packages) }]
      case 'Cargo.toml': {
        const workspace = /^\[workspace\][^[]*?^members\s*=\s*\[([^\]]*)\]/ms.exec(text)
        return workspace ? [{ kind: 'cargo', patterns: quoted(workspace[1]!) }] : []
      }
      case 'go.work': {
        // use ./api  or  use ( ./api ./web )
        const block = /^use\s*\(([^)]*)\)/m.exec(text)?.[1] ?? /^use\s+(\S+)/m.exec(text)?.[1] ?? ''
        return [{ kind: 'go', patterns: block.split(/\s+/).filter((entry) => entry && !entry.startsWith('//')) }]
      }
      case 'pom.xml': {
        const modules = /<modules>([\s\S]*?)<\/modules>/.exec(text)?.[1] ?? ''
        return [
          { kind: 'maven', patterns: [...modules.matchAll(/<module>\s*([^<]+?)\s*<\/module>/g)].map((m) => m[1]!) },
        ]
      }
      case 'settings.gradle':
      case 'settings.gradle.kts': {
        // include ':app', ':lib:core'  or  include(":app", ":lib:core"): project paths, ':' for '/'
        const projects = [...text.matchAll(/^\s*include\b\s*\(?([^\n)]*)\)?/gm)].flatMap((match) => quoted(match[1]!))
        return [{ kind: 'gradle', patterns: projects.map((project) => project.replace(/^:/, '').replaceAll(':', '/')) }]
      }
      case 'pyproject.toml': {
        const workspace = /^\[tool\.uv\.workspace\][^[]*?^members\s*=\s*\[([^\]]*)\]/ms.exec(text)
        return workspace ? [{ kind: 'uv', patterns: quoted(workspace[1]!) }] : []
      }
    }
  } catch {
    // a declaring file we cannot read declares nothing
  }
  return []
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []

/** The quoted strings of a TOML array or a Gradle argument list. */
const quoted = (text: string) => [...text.matchAll(/["']([^"']+)["']/g)].map((match) => match[1]!)

/** A workspace pattern ('packages/*', 'apps/**', './api') relative to its declaring folder, as a folder matcher. */
export function globOf(base: string, pattern: string): RegExp {
  const joined = path.posix.normalize(path.posix.join(base, pattern)).replace(/\/+$/, '')
  const source = joined
    .split('/')
    .map((part) =>
      part === '**'
        ? '.*'
        : part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replaceAll('*', '[^/]*')
            .replaceAll('?', '[^/]'),
    )
    .join('/')
    .replace(/\/\.\*$/, '(/.*)?')
  return new RegExp(`^${source}$`)
}

function memberName(kind: WorkspaceKind, folder: string, texts: ReadonlyMap<string, string>): string {
  const text = (file: string) => texts.get(`${folder}/${file}`) ?? ''
  let name: unknown
  try {
    if (kind === 'npm' || kind === 'pnpm') name = asRecord(parseJson(text('package.json'))).name
    if (kind === 'cargo') name = /^\[package\][^[]*?^name\s*=\s*"([^"]+)"/ms.exec(text('Cargo.toml'))?.[1]
    if (kind === 'uv') name = /^\[project\][^[]*?^name\s*=\s*"([^"]+)"/ms.exec(text('pyproject.toml'))?.[1]
    if (kind === 'maven')
      name = /<artifactId>\s*([^<]+?)\s*<\/artifactId>/.exec(
        text('pom.xml').replace(/<parent>[\s\S]*?<\/parent>/, ''),
      )?.[1]
  } catch {}
  return typeof name === 'string' && name ? name : path.posix.basename(folder)
}

// The shape every manifest parser has: which files it reads and what it makes of one file's text.
import type { PackageEcosystem, Signal } from '../signals.ts'

export interface ManifestFile {
  /** Posix path relative to the repository root: 'apps/api/package.json'. */
  path: string
  /** The file name alone: 'package.json'. */
  base: string
  text: string
}

export interface ParseContext {
  /** A lockfile's resolved versions, used for manifests in `dir` and below (dir '' is the root). */
  addLockVersions(ecosystem: PackageEcosystem, dir: string, versions: Map<string, string>): void
  /** A package defined in this repository (a workspace member): never reported as a dependency. */
  addLocalPackage(ecosystem: PackageEcosystem, name: string): void
}

export interface ManifestParser {
  /** Short name for diagnostics ('package.json', 'requirements'). */
  id: string
  /** Whether the parser reads this file; `base` is the file name as committed, `path` the relative posix path. */
  matches(path: string, base: string): boolean
  parse(file: ManifestFile, context: ParseContext): Signal[]
  /** The file's presence is the signal: its text is never read (file.text is ''). */
  presenceOnly?: boolean
}

export function dirOf(path: string): string {
  const index = path.lastIndexOf('/')
  return index === -1 ? '' : path.slice(0, index)
}

/** Signals for tools a file's mere presence shows (netlify.toml is Netlify); `version` when the file names one. */
export function presence(source: string, ...names: string[]): Signal[] {
  return names.map((name) => ({ kind: 'name' as const, name, source }))
}

/** Reads a JSON file leniently: a file that does not parse yields null rather than failing the scan. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    return null
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {}
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
}

// Rust: Cargo.toml (with workspaces and target-specific tables) and Cargo.lock.
import { parse as parseToml } from 'smol-toml'
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, dirOf, type ManifestParser, presence } from './parser.ts'

const DEPENDENCY_TABLES = ['dependencies', 'dev-dependencies', 'build-dependencies']

export const cargoTomlParser: ManifestParser = {
  id: 'Cargo.toml',
  matches: (_path, base) => base === 'Cargo.toml',
  parse(file, context) {
    let cargo: Record<string, unknown>
    try {
      cargo = parseToml(file.text) as Record<string, unknown>
    } catch {
      return []
    }
    const name = asRecord(cargo.package).name
    if (typeof name === 'string') context.addLocalPackage('cargo', name)
    const tables: unknown[] = DEPENDENCY_TABLES.map((table) => cargo[table])
    tables.push(asRecord(cargo.workspace).dependencies)
    for (const target of Object.values(asRecord(cargo.target))) {
      for (const table of DEPENDENCY_TABLES) tables.push(asRecord(target)[table])
    }
    const signals: Signal[] = []
    for (const table of tables) {
      for (const [key, spec] of Object.entries(asRecord(table))) {
        const details = asRecord(spec)
        if (details.path) continue // a crate of this workspace
        const crate = typeof details.package === 'string' ? details.package : key
        const version = typeof spec === 'string' ? spec : details.version
        signals.push({ kind: 'cargo', name: crate, version: cleanVersion(version), source: file.path })
      }
    }
    const rust = asRecord(cargo.package)['rust-version']
    signals.push(...presence(file.path, 'Cargo'))
    signals.push({ kind: 'name', name: 'Rust', version: cleanVersion(rust), source: file.path })
    return signals
  },
}

export const cargoLockParser: ManifestParser = {
  id: 'Cargo.lock',
  matches: (_path, base) => base === 'Cargo.lock',
  parse(file, context) {
    const versions = new Map<string, string>()
    const entry = /^\[\[package\]\]\s*\nname\s*=\s*"([^"]+)"\s*\nversion\s*=\s*"([^"]+)"/gm
    for (const match of file.text.matchAll(entry)) if (!versions.has(match[1]!)) versions.set(match[1]!, match[2]!)
    context.addLockVersions('cargo', dirOf(file.path), versions)
    return presence(file.path, 'Cargo')
  },
}

export const rustParsers = [cargoTomlParser, cargoLockParser]

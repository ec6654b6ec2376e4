// JavaScript and TypeScript: package.json (with workspaces), package-lock.json, yarn.lock, pnpm-lock.yaml, bun and
// deno files.
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, dirOf, type ManifestParser, parseJson, presence } from './parser.ts'

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const
const LOCAL_SPEC = /^(workspace|file|link|portal|patch):/

/** Node.js inferred from a package.json that declares no engine: real in most cases, rarely listed. */
export const UNDECLARED_RUNTIME_CONFIDENCE = 50

export const packageJsonParser: ManifestParser = {
  id: 'package.json',
  matches: (_path, base) => base === 'package.json',
  parse(file, context) {
    const manifest = asRecord(parseJson(file.text))
    const signals: Signal[] = []
    if (typeof manifest.name === 'string') context.addLocalPackage('npm', manifest.name)
    const seen = new Set<string>()
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, rawSpec] of Object.entries(asRecord(manifest[field]))) {
        if (seen.has(name)) continue
        seen.add(name)
        const spec = typeof rawSpec === 'string' ? rawSpec : ''
        if (LOCAL_SPEC.test(spec)) continue
        // "alias": "npm:real-name@^1" installs real-name under another name
        const aliased = /^npm:(@?[^@]+)(?:@(.*))?$/.exec(spec)
        signals.push({
          kind: 'npm',
          name: aliased ? aliased[1]! : name,
          version: cleanVersion(aliased ? aliased[2] : spec),
          source: file.path,
        })
      }
    }
    // issue 19: what npm installs is JavaScript (TypeScript compiles to it), as StackShare lists it
    signals.push({ kind: 'name', name: 'JavaScript', source: file.path })
    // Node.js is the runtime only when the manifest says so (engines.node); else a suggestion (a browser app's
    // package.json names its build tools, not a server)
    const engines = asRecord(manifest.engines)
    const nodeVersion = cleanVersion(engines.node)
    const node: Signal = { kind: 'name', name: 'Node.js', version: nodeVersion, source: file.path }
    if (typeof engines.node !== 'string') node.confidence = UNDECLARED_RUNTIME_CONFIDENCE
    signals.push(node)
    if (typeof manifest.packageManager === 'string') {
      const [manager, version] = manifest.packageManager.split('@')
      const tool = { npm: 'npm', yarn: 'Yarn', pnpm: 'pnpm', bun: 'Bun' }[manager ?? '']
      if (tool) signals.push({ kind: 'name', name: tool, version: cleanVersion(version), source: file.path })
    }
    // Workspace members are found by the walk like any package.json; their names are local (addLocalPackage), so
    // one member depending on another ("@acme/ui": "workspace:*" or "*") never becomes a package tool.
    return signals
  },
}

export const packageLockParser: ManifestParser = {
  id: 'package-lock.json',
  matches: (_path, base) => base === 'package-lock.json' || base === 'npm-shrinkwrap.json',
  parse(file, context) {
    const lock = asRecord(parseJson(file.text))
    const versions = new Map<string, string>()
    for (const [key, entry] of Object.entries(asRecord(lock.packages))) {
      // only the top level of node_modules: what the manifests asked for, not what those packages need
      const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key)
      const version = asRecord(entry).version
      if (match && typeof version === 'string') versions.set(match[1]!, version)
    }
    for (const [name, entry] of Object.entries(asRecord(lock.dependencies))) {
      const version = asRecord(entry).version
      if (!versions.has(name) && typeof version === 'string') versions.set(name, version)
    }
    context.addLockVersions('npm', dirOf(file.path), versions)
    return presence(file.path, 'npm')
  },
}

export const yarnLockParser: ManifestParser = {
  id: 'yarn.lock',
  matches: (_path, base) => base === 'yarn.lock',
  parse(file, context) {
    const versions = new Map<string, string>()
    let current: string | null = null
    for (const line of file.text.split('\n')) {
      if (line.length === 0 || line.startsWith('#')) continue
      if (line[0] !== ' ') {
        // '"@babel/core@^7.0.0", "@babel/core@^7.1.0":' or '"react@npm:^18.2.0":'
        const first = line.replace(/:$/, '').split(',')[0]!.trim().replace(/^"|"$/g, '')
        const at = first.indexOf('@', 1)
        current = at > 0 ? first.slice(0, at) : null
        continue
      }
      const version = /^\s+version:?\s+"?([^"\s]+)"?/.exec(line)
      if (current && version && !versions.has(current)) versions.set(current, version[1]!)
    }
    context.addLockVersions('npm', dirOf(file.path), versions)
    return presence(file.path, 'Yarn')
  },
}

export const pnpmLockParser: ManifestParser = {
  id: 'pnpm-lock.yaml',
  matches: (_path, base) => base === 'pnpm-lock.yaml',
  parse(file, context) {
    const versions = new Map<string, string>()
    // package keys: "/react@18.2.0:" (v6), "/react/18.2.0:" (v5), "react@18.2.0:" (v9), possibly quoted
    const key = /^ {2}'?\/?((?:@[^@/\s']+\/)?[^@/\s']+)[@/](\d[^:('\s]*)/gm
    for (const match of file.text.matchAll(key)) {
      if (!versions.has(match[1]!)) versions.set(match[1]!, match[2]!)
    }
    context.addLockVersions('npm', dirOf(file.path), versions)
    return presence(file.path, 'pnpm')
  },
}

export const bunLockParser: ManifestParser = {
  id: 'bun.lock',
  matches: (_path, base) => base === 'bun.lockb' || base === 'bun.lock' || base === 'bunfig.toml',
  parse: (file) => presence(file.path, 'Bun'),
}

export const denoParser: ManifestParser = {
  id: 'deno.json',
  matches: (_path, base) => base === 'deno.json' || base === 'deno.jsonc',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'Deno')
    const config = asRecord(parseJson(file.text.replace(/^\s*\/\/.*$/gm, '')))
    for (const spec of Object.values(asRecord(config.imports))) {
      const match = typeof spec === 'string' ? /^npm:(@?[^@]+)(?:@(.*))?$/.exec(spec) : null
      if (match) signals.push({ kind: 'npm', name: match[1]!, version: cleanVersion(match[2]), source: file.path })
    }
    return signals
  },
}

export const javascriptParsers = [
  packageJsonParser,
  packageLockParser,
  yarnLockParser,
  pnpmLockParser,
  bunLockParser,
  denoParser,
]

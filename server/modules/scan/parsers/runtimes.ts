// Runtime version files: .nvmrc, .node-version, .python-version, runtime.txt, .ruby-version, .go-version,
// .java-version, .terraform-version, rust-toolchain(.toml), .tool-versions (asdf) and mise.toml.
import { parse as parseToml } from 'smol-toml'
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, type ManifestParser } from './parser.ts'

const VERSION_FILES: Record<string, string> = {
  '.nvmrc': 'Node.js',
  '.node-version': 'Node.js',
  '.python-version': 'Python',
  '.ruby-version': 'Ruby',
  '.go-version': 'Go',
  '.java-version': 'Java',
  '.terraform-version': 'Terraform',
  '.bun-version': 'Bun',
  '.dvmrc': 'Deno',
}

/** asdf and mise plugin names. */
const PLUGINS: Record<string, string> = {
  nodejs: 'Node.js',
  node: 'Node.js',
  python: 'Python',
  ruby: 'Ruby',
  golang: 'Go',
  go: 'Go',
  java: 'Java',
  elixir: 'Elixir',
  erlang: 'Erlang',
  rust: 'Rust',
  terraform: 'Terraform',
  deno: 'Deno',
  bun: 'Bun',
  php: 'PHP',
  dotnet: '.NET',
  'dotnet-core': '.NET',
  kotlin: 'Kotlin',
  scala: 'Scala',
  yarn: 'Yarn',
  pnpm: 'pnpm',
  flutter: 'Flutter',
  dart: 'Dart',
  kubectl: 'Kubernetes',
  helm: 'Helm',
  poetry: 'Poetry',
  postgres: 'PostgreSQL',
  redis: 'Redis',
}

export const versionFileParser: ManifestParser = {
  id: 'version-files',
  matches: (_path, base) => base in VERSION_FILES || base === 'runtime.txt',
  parse(file) {
    const text = file.text.trim().split('\n')[0]?.trim() ?? ''
    if (file.base === 'runtime.txt') {
      const python = /^python-([\d.]+)/.exec(text)
      return python ? [{ kind: 'name', name: 'Python', version: python[1], source: file.path }] : []
    }
    const version = /^lts\//.test(text) ? null : cleanVersion(text.replace(/^(ruby|node|python|go)-/, ''))
    return [{ kind: 'name', name: VERSION_FILES[file.base]!, version, source: file.path }]
  },
}

export const toolVersionsParser: ManifestParser = {
  id: '.tool-versions',
  matches: (_path, base) => base === '.tool-versions' || base === 'mise.toml' || base === '.mise.toml',
  parse(file) {
    const entries: [string, unknown][] = []
    if (file.base === '.tool-versions') {
      for (const line of file.text.split('\n')) {
        const [plugin, version] = line.replace(/#.*$/, '').trim().split(/\s+/)
        if (plugin) entries.push([plugin, version])
      }
    } else {
      try {
        entries.push(...Object.entries(asRecord(asRecord(parseToml(file.text)).tools)))
      } catch {}
    }
    const signals: Signal[] = []
    for (const [plugin, version] of entries) {
      const tool = PLUGINS[plugin.toLowerCase()]
      if (tool) signals.push({ kind: 'name', name: tool, version: cleanVersion(version), source: file.path })
    }
    return signals
  },
}

export const rustToolchainParser: ManifestParser = {
  id: 'rust-toolchain',
  matches: (_path, base) => base === 'rust-toolchain' || base === 'rust-toolchain.toml',
  parse(file) {
    const channel = /channel\s*=\s*"([^"]+)"/.exec(file.text)?.[1] ?? file.text.trim()
    return [{ kind: 'name', name: 'Rust', version: cleanVersion(channel), source: file.path }]
  },
}

export const runtimeParsers = [versionFileParser, toolVersionsParser, rustToolchainParser]

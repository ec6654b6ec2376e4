// Elixir: mix.exs and mix.lock.
import { cleanVersion, type Signal } from '../signals.ts'
import { dirOf, type ManifestParser } from './parser.ts'

export const mixExsParser: ManifestParser = {
  id: 'mix.exs',
  matches: (_path, base) => base === 'mix.exs',
  parse(file, context) {
    const app = /\bapp:\s*:([a-z_0-9]+)/.exec(file.text)
    if (app) context.addLocalPackage('hex', app[1]!)
    const signals: Signal[] = []
    for (const match of file.text.matchAll(/\{\s*:([a-z_0-9]+)\s*,\s*(?:"([^"]+)"|([^}]*))/g)) {
      const options = match[3] ?? ''
      if (/\b(path|in_umbrella):/.test(options)) continue
      if (!match[2] && !/\b(github|git|hex|only|runtime):/.test(options)) continue // not a dependency tuple
      signals.push({ kind: 'hex', name: match[1]!, version: cleanVersion(match[2]), source: file.path })
    }
    const elixir = /\belixir:\s*"([^"]+)"/.exec(file.text)
    signals.push({ kind: 'name', name: 'Elixir', version: cleanVersion(elixir?.[1]), source: file.path })
    return signals
  },
}

export const mixLockParser: ManifestParser = {
  id: 'mix.lock',
  matches: (_path, base) => base === 'mix.lock',
  parse(file, context) {
    const versions = new Map<string, string>()
    for (const match of file.text.matchAll(/"([a-z_0-9]+)":\s*\{:hex,\s*:[a-z_0-9]+,\s*"([^"]+)"/g)) {
      versions.set(match[1]!, match[2]!)
    }
    context.addLockVersions('hex', dirOf(file.path), versions)
    return []
  },
}

export const elixirParsers = [mixExsParser, mixLockParser]

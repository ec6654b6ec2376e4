// Swift and Apple platforms: Package.swift, Package.resolved, Podfile(.lock) and Cartfile. The 'swift' alias of a
// package is its lower-case identity: the repository name without .git ('vapor', 'alamofire', 'swift-nio').
import { cleanVersion, type Signal } from '../signals.ts'
import { asArray, asRecord, dirOf, type ManifestParser, parseJson, presence } from './parser.ts'

export function swiftIdentity(location: string): string {
  return (location.replace(/\/+$/, '').split(/[/:]/).pop() ?? location).replace(/\.git$/i, '').toLowerCase()
}

export const packageSwiftParser: ManifestParser = {
  id: 'Package.swift',
  matches: (_path, base) => base === 'Package.swift',
  parse(file) {
    const signals: Signal[] = []
    const dependency = /\.package\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g
    for (const match of file.text.matchAll(dependency)) {
      const body = match[1]!
      const url = /url:\s*"([^"]+)"/.exec(body)
      const id = /id:\s*"([^"]+)"/.exec(body)
      if (!url && !id) continue // .package(path: "../Local")
      const name = url ? swiftIdentity(url[1]!) : id![1]!.split('.').pop()!.toLowerCase()
      const version = /(?:from|exact|branch|revision)?:?\s*"(\d[^"]*)"/.exec(body.replace(/url:\s*"[^"]+"/, ''))
      signals.push({ kind: 'swift', name, version: cleanVersion(version?.[1]), source: file.path })
    }
    const tools = /swift-tools-version:\s*([\d.]+)/.exec(file.text)
    signals.push({ kind: 'name', name: 'Swift', version: tools?.[1] ?? null, source: file.path })
    return signals
  },
}

export const packageResolvedParser: ManifestParser = {
  id: 'Package.resolved',
  matches: (_path, base) => base === 'Package.resolved',
  parse(file, context) {
    const resolved = asRecord(parseJson(file.text))
    const pins = [...asArray(resolved.pins), ...asArray(asRecord(resolved.object).pins)]
    const versions = new Map<string, string>()
    for (const pin of pins) {
      const { identity, location, repositoryURL } = asRecord(pin)
      const name = typeof identity === 'string' ? identity : swiftIdentity(String(location ?? repositoryURL ?? ''))
      const version = asRecord(asRecord(pin).state).version
      if (name && typeof version === 'string') versions.set(name.toLowerCase(), version)
    }
    context.addLockVersions('swift', dirOf(file.path), versions)
    return []
  },
}

export const podfileParser: ManifestParser = {
  id: 'Podfile',
  matches: (_path, base) => base === 'Podfile',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'CocoaPods')
    for (const match of file.text.matchAll(/^\s*pod\s+['"]([^'"/]+)[^'"]*['"]\s*(?:,\s*['"]([^'"]+)['"])?/gm)) {
      signals.push({ kind: 'swift', name: match[1]!.toLowerCase(), version: cleanVersion(match[2]), source: file.path })
    }
    return signals
  },
}

export const podfileLockParser: ManifestParser = {
  id: 'Podfile.lock',
  matches: (_path, base) => base === 'Podfile.lock',
  parse(file, context) {
    const versions = new Map<string, string>()
    for (const match of file.text.matchAll(/^ {2}- "?([^\s/"]+)(?:\/[^\s"]+)?"? \(([^)]+)\)/gm)) {
      if (!versions.has(match[1]!.toLowerCase())) versions.set(match[1]!.toLowerCase(), match[2]!)
    }
    context.addLockVersions('swift', dirOf(file.path), versions)
    return presence(file.path, 'CocoaPods')
  },
}

export const cartfileParser: ManifestParser = {
  id: 'Cartfile',
  matches: (_path, base) => base === 'Cartfile',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'Carthage')
    for (const match of file.text.matchAll(/^\s*(?:github|git)\s+"([^"]+)"\s*(?:[~>=]+\s*([\d.]+))?/gm)) {
      signals.push({ kind: 'swift', name: swiftIdentity(match[1]!), version: match[2] ?? null, source: file.path })
    }
    return signals
  },
}

export const swiftParsers = [
  packageSwiftParser,
  packageResolvedParser,
  podfileParser,
  podfileLockParser,
  cartfileParser,
]

// Dart and Flutter: pubspec.yaml and pubspec.lock.
import { parse as parseYaml } from 'yaml'
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, dirOf, type ManifestParser } from './parser.ts'

function yamlOf(text: string): Record<string, unknown> {
  try {
    return asRecord(parseYaml(text))
  } catch {
    return {}
  }
}

export const pubspecParser: ManifestParser = {
  id: 'pubspec.yaml',
  matches: (_path, base) => base === 'pubspec.yaml',
  parse(file, context) {
    const pubspec = yamlOf(file.text)
    if (typeof pubspec.name === 'string') context.addLocalPackage('pub', pubspec.name)
    const signals: Signal[] = []
    let usesFlutter = Boolean(pubspec.flutter)
    for (const field of ['dependencies', 'dev_dependencies']) {
      for (const [name, spec] of Object.entries(asRecord(pubspec[field]))) {
        const details = asRecord(spec)
        if (details.sdk === 'flutter' || name === 'flutter' || name === 'flutter_test') {
          usesFlutter = true
          // the SDK's own package, which an app depends on and StackShare lists (issue 19); its test and
          // localization companions are the SDK's too, not packages of pub.dev
          if (name === 'flutter' && field === 'dependencies') signals.push({ kind: 'pub', name, source: file.path })
          continue
        }
        if (details.path) continue
        const version = typeof spec === 'string' ? spec : details.version
        signals.push({ kind: 'pub', name, version: cleanVersion(version), source: file.path })
      }
    }
    const environment = asRecord(pubspec.environment)
    signals.push({ kind: 'name', name: 'Dart', version: cleanVersion(environment.sdk), source: file.path })
    if (usesFlutter) {
      signals.push({ kind: 'name', name: 'Flutter', version: cleanVersion(environment.flutter), source: file.path })
    }
    return signals
  },
}

export const pubspecLockParser: ManifestParser = {
  id: 'pubspec.lock',
  matches: (_path, base) => base === 'pubspec.lock',
  parse(file, context) {
    const versions = new Map<string, string>()
    for (const [name, entry] of Object.entries(asRecord(yamlOf(file.text).packages))) {
      const { version, source } = asRecord(entry)
      // an SDK package's version is a placeholder (flutter 0.0.0)
      if (typeof version === 'string' && source !== 'sdk') versions.set(name, version)
    }
    context.addLockVersions('pub', dirOf(file.path), versions)
    return []
  },
}

export const dartParsers = [pubspecParser, pubspecLockParser]

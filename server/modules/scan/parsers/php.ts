// PHP: composer.json and composer.lock.
import { cleanVersion, type Signal } from '../signals.ts'
import { asArray, asRecord, dirOf, type ManifestParser, parseJson, presence } from './parser.ts'

export const composerJsonParser: ManifestParser = {
  id: 'composer.json',
  matches: (_path, base) => base === 'composer.json',
  parse(file, context) {
    const composer = asRecord(parseJson(file.text))
    if (typeof composer.name === 'string') context.addLocalPackage('packagist', composer.name)
    const signals: Signal[] = presence(file.path, 'Composer')
    let php: unknown = null
    for (const field of ['require', 'require-dev']) {
      for (const [name, spec] of Object.entries(asRecord(composer[field]))) {
        if (name === 'php') php = spec
        // platform requirements (extensions, libraries) are not packages
        else if (name.includes('/')) {
          signals.push({ kind: 'packagist', name, version: cleanVersion(spec), source: file.path })
        }
      }
    }
    signals.push({ kind: 'name', name: 'PHP', version: cleanVersion(php), source: file.path })
    return signals
  },
}

export const composerLockParser: ManifestParser = {
  id: 'composer.lock',
  matches: (_path, base) => base === 'composer.lock',
  parse(file, context) {
    const lock = asRecord(parseJson(file.text))
    const versions = new Map<string, string>()
    for (const entry of [...asArray(lock.packages), ...asArray(lock['packages-dev'])]) {
      const { name, version } = asRecord(entry)
      const clean = cleanVersion(version)
      if (typeof name === 'string' && clean) versions.set(name, clean)
    }
    context.addLockVersions('packagist', dirOf(file.path), versions)
    return presence(file.path, 'Composer')
  },
}

export const phpParsers = [composerJsonParser, composerLockParser]

// R: a package's DESCRIPTION (the CRAN packages it depends on) and renv.lock (the versions renv resolved).
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, dirOf, type ManifestParser, parseJson } from './parser.ts'

/** The fields of a DESCRIPTION that name packages: what R installs with it (Suggests for tests and vignettes too). */
const DEPENDENCY_FIELDS = ['Depends', 'Imports', 'LinkingTo', 'Suggests']

/** R's base packages ship with R itself: never installed from CRAN. */
const BASE_PACKAGES = new Set([
  'base',
  'compiler',
  'datasets',
  'graphics',
  'grDevices',
  'grid',
  'methods',
  'parallel',
  'splines',
  'stats',
  'stats4',
  'tcltk',
  'tools',
  'utils',
])

/** A DESCRIPTION file's fields (Debian control format: `Field: value`, continuation lines indented). */
export function readDescriptionFields(text: string): Map<string, string> {
  const fields = new Map<string, string>()
  let current: string | null = null
  for (const line of text.split(/\r?\n/)) {
    const field = /^([A-Za-z0-9@/._-]+):\s*(.*)$/.exec(line)
    if (field) {
      current = field[1]!
      fields.set(current, field[2]!)
    } else if (current && /^\s+\S/.test(line)) fields.set(current, `${fields.get(current)} ${line.trim()}`)
  }
  return fields
}

export const descriptionParser: ManifestParser = {
  id: 'DESCRIPTION',
  matches: (_path, base) => base === 'DESCRIPTION',
  parse(file, context) {
    const fields = readDescriptionFields(file.text)
    // a DESCRIPTION is an R package's only when it says so: the name is also used by other projects' plain text files
    const own = fields.get('Package')
    if (!own || !fields.has('Version')) return []
    context.addLocalPackage('cran', own)
    const signals: Signal[] = []
    for (const field of DEPENDENCY_FIELDS) {
      for (const entry of (fields.get(field) ?? '').split(',')) {
        const dependency = /^\s*([A-Za-z][A-Za-z0-9.]*)\s*(?:\(\s*[<>=]*\s*([^)]+)\))?/.exec(entry)
        if (!dependency) continue
        const [, name, version] = dependency
        if (name === 'R') signals.push({ kind: 'name', name: 'R', version: cleanVersion(version), source: file.path })
        else if (!BASE_PACKAGES.has(name!))
          signals.push({ kind: 'cran', name: name!, version: cleanVersion(version), source: file.path })
      }
    }
    if (!signals.some((signal) => signal.kind === 'name')) signals.push({ kind: 'name', name: 'R', source: file.path })
    return signals
  },
}

export const renvLockParser: ManifestParser = {
  id: 'renv.lock',
  matches: (_path, base) => base === 'renv.lock',
  parse(file, context) {
    const lock = asRecord(parseJson(file.text))
    const versions = new Map<string, string>()
    for (const [name, entry] of Object.entries(asRecord(lock.Packages))) {
      const version = asRecord(entry).Version
      if (typeof version === 'string') versions.set(name.toLowerCase(), version)
    }
    context.addLockVersions('cran', dirOf(file.path), versions)
    const r = asRecord(lock.R).Version
    return [{ kind: 'name', name: 'R', version: typeof r === 'string' ? r : null, source: file.path }]
  },
}

export const rParsers = [descriptionParser, renvLockParser]

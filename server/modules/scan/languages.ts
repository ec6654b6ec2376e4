// Languages by file bytes, like GitHub's language bar, from Linguist's own data (linguist-languages): extensions
// and file names decide the language; vendored, generated and minified files are left out.
import type { Signal } from './signals.ts'

interface LanguageIndex {
  byExtension: Map<string, string>
  byFilename: Map<string, string>
  /** A script's interpreter ('bash', 'perl', 'node') to its language, from Linguist's `interpreters`. */
  byInterpreter: Map<string, string>
  /** Every extension some Linguist language claims, of any type ('.md' too): the others say nothing of a file. */
  knownExtensions: Set<string>
}

let index: Promise<LanguageIndex> | null = null

/** When two languages claim an extension and neither lists it first, the more common one wins. */
const PREFERRED = [
  'JavaScript',
  'TypeScript',
  'Python',
  'Java',
  'C#',
  'C++',
  'C',
  'PHP',
  'Ruby',
  'Go',
  'Rust',
  'Kotlin',
  'Swift',
  'Objective-C',
  'Shell',
  'HTML',
  'CSS',
  'Markdown',
]

/** SQL is data to Linguist, and its dialects (PL/SQL, SQLPL, T-SQL) cannot be told apart by extension. */
const UNCOUNTED_EXTENSIONS = new Set(['.sql'])

/** Only languages people list in a stack: code and markup (not data such as JSON or prose such as Markdown). */
const COUNTED_TYPES = new Set(['programming', 'markup'])

/**
 * Linguist types these as programming languages, yet their files describe a build or a container rather than hold
 * the code: a repository of one Dockerfile and a little Go is Go, not "Docker: 95% of code". The tools behind
 * them (Docker, Make, CMake, Bazel) are found by their files (parsers/containers.ts, parsers/markers.ts).
 */
const BUILD_DESCRIPTION_LANGUAGES = new Set([
  'Dockerfile',
  'Makefile',
  'CMake',
  'Meson',
  'Just',
  'Starlark',
  'Earthly',
  'Procfile',
])

/** Loads Linguist's data once, on first use (about 0.3 s), never at boot. */
export function loadLanguageIndex(): Promise<LanguageIndex> {
  index ??= buildIndex()
  return index
}

async function buildIndex(): Promise<LanguageIndex> {
  const languages = (await import('linguist-languages')) as unknown as Record<
    string,
    { name: string; type: string; group?: string; extensions?: string[]; filenames?: string[]; interpreters?: string[] }
  >
  // every language takes part, so that '.md' goes to Markdown (prose, not counted), not to a programming
  // language that also claims it; only then are uncounted types dropped
  const candidates = new Map<string, { name: string; counted: boolean; primary: boolean }[]>()
  const byFilename = new Map<string, string>()
  const byInterpreter = new Map<string, string>()
  for (const language of Object.values(languages)) {
    const counted = COUNTED_TYPES.has(language.type) && !BUILD_DESCRIPTION_LANGUAGES.has(language.name)
    // GitHub's language bar counts a grouped language as its group: TSX is TypeScript
    const name = language.group ?? language.name
    for (const filename of language.filenames ?? []) {
      if (counted && !byFilename.has(filename)) byFilename.set(filename, name)
    }
    for (const interpreter of language.interpreters ?? []) {
      if (counted && !byInterpreter.has(interpreter)) byInterpreter.set(interpreter, name)
    }
    language.extensions?.forEach((extension, position) => {
      const key = extension.toLowerCase()
      const list = candidates.get(key) ?? []
      list.push({ name, counted: counted && !UNCOUNTED_EXTENSIONS.has(key), primary: position === 0 })
      candidates.set(key, list)
    })
  }
  const rank = (name: string) => {
    const position = PREFERRED.indexOf(name)
    return position === -1 ? PREFERRED.length : position
  }
  const byExtension = new Map<string, string>()
  for (const [extension, list] of candidates) {
    const sorted = [...list].sort((a, b) => Number(b.primary) - Number(a.primary) || rank(a.name) - rank(b.name))
    if (sorted[0]!.counted) byExtension.set(extension, sorted[0]!.name)
  }
  return { byExtension, byFilename, byInterpreter, knownExtensions: new Set(candidates.keys()) }
}

/**
 * Paths Linguist treats as vendored or generated, with its vendor.yml's build-tool wrappers (gradlew, gradlew.bat,
 * mvnw, mvnw.cmd, .mvn/wrapper/): a Gradle or Maven project is not written in Batchfile.
 */
const EXCLUDED =
  /(^|\/)(vendor|third[_-]party|node_modules|bower_components|dist|build|out|target|coverage|\.git|Pods|Carthage|__pycache__|\.venv|venv|site-packages|generated|__generated__|\.mvn\/wrapper)\/|(^|\/)(gradlew(\.bat)?|mvnw(\.cmd)?)$|\.min\.(js|css)$|[.-]bundle\.js$|\.pb\.go$|_pb2\.py$|\.d\.ts$/

/** Whether Linguist leaves a path out of the language figures (vendored, generated, a build tool's wrapper). */
export function isExcludedFromLanguages(path: string): boolean {
  return EXCLUDED.test(path)
}

export interface LanguageShare {
  name: string
  bytes: number
  share: number
}

export function languageOf(index: LanguageIndex, path: string): string | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const byName = index.byFilename.get(base)
  if (byName) return byName
  const dot = base.lastIndexOf('.')
  if (dot <= 0) return undefined
  return index.byExtension.get(base.slice(dot).toLowerCase())
}

/** Bytes per language, largest first. `known` gives the language of files told apart by their text (headers). */
export function measureLanguages(
  index: LanguageIndex,
  files: { path: string; size: number }[],
  known: ReadonlyMap<string, string> = new Map(),
): LanguageShare[] {
  const bytes = new Map<string, number>()
  let total = 0
  for (const file of files) {
    if (EXCLUDED.test(file.path)) continue
    const language = known.get(file.path) ?? languageOf(index, file.path)
    if (!language) continue
    bytes.set(language, (bytes.get(language) ?? 0) + file.size)
    total += file.size
  }
  return [...bytes]
    .map(([name, count]) => ({ name, bytes: count, share: total > 0 ? count / total : 0 }))
    .sort((a, b) => b.bytes - a.bytes)
}

/**
 * A language counts when it holds at least 1% of the code (and always the largest); smaller ones are suggestions
 * (confidence 50: StackShare lists every language GitHub sees, issue 19). At most 15 in all.
 */
export function languageSignals(shares: LanguageShare[]): Signal[] {
  return shares
    .filter((language) => language.bytes > 0)
    .slice(0, 15)
    .map((language, position) => {
      const signal: Signal = {
        kind: 'linguist' as const,
        name: language.name,
        source: `languages: ${formatShare(language.share)} of code`,
      }
      if (position > 0 && language.share < 0.01) signal.confidence = MINOR_LANGUAGE_CONFIDENCE
      return signal
    })
}

export const MINOR_LANGUAGE_CONFIDENCE = 50

function formatShare(share: number): string {
  const percent = share * 100
  return `${percent >= 10 ? Math.round(percent) : percent.toFixed(1)}%`
}

/** At most this many `.h` files are read to tell C, C++ and Objective-C apart; the rest count as the majority. */
export const MAX_HEADERS_READ = 200

/** The `.h` files whose text decides their language (Linguist's own heuristics), vendored ones left out. */
export function headerPaths(files: { path: string; size: number }[]): string[] {
  return files
    .filter((file) => file.path.endsWith('.h') && file.size <= 256 * 1024 && !EXCLUDED.test(file.path))
    .slice(0, MAX_HEADERS_READ)
    .map((file) => file.path)
}

/** At most this many files are read for a shebang (`bin/setup`, `script/deploy`, `hooks/pre-commit.tmpl`). */
export const MAX_SCRIPTS_READ = 200

/**
 * Files whose name does not tell their language, small enough to be scripts, vendored ones left out: their shebang
 * may tell. Linguist reads a shebang before it looks at the extension, so a file whose extension no language claims
 * (`pre-commit.tgo`) is known by its shebang as well; files without an extension come first.
 */
export function scriptPaths(index: LanguageIndex, files: { path: string; size: number }[]): string[] {
  const bare: string[] = []
  const unknown: string[] = []
  for (const file of files) {
    if (file.size <= 2 || file.size > 64 * 1024 || EXCLUDED.test(file.path)) continue
    const base = file.path.slice(file.path.lastIndexOf('/') + 1)
    if (index.byFilename.has(base)) continue
    const dot = base.lastIndexOf('.')
    if (dot === -1) bare.push(file.path)
    else if (dot > 0 && !index.knownExtensions.has(base.slice(dot).toLowerCase()) && !isBinaryName(base))
      unknown.push(file.path)
  }
  return [...bare, ...unknown].slice(0, MAX_SCRIPTS_READ)
}

/** Images, fonts, archives and compiled files: never a script, so never read for a shebang. */
const BINARY_NAME =
  /\.(png|jpe?g|gif|webp|ico|icns|bmp|tiff?|woff2?|ttf|otf|eot|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|so|dylib|dll|exe|o|a|lib|pyc|bin|dat|db|sqlite3?|mp[34]|wav|ogg|mov|avi|keystore|jks|p12|pem|der|crt)$/i

function isBinaryName(base: string): boolean {
  return BINARY_NAME.test(base)
}

/**
 * A script's language by its shebang, as Linguist tells it: `#!/bin/bash` is Shell, `#!/usr/bin/env perl -w` Perl,
 * `#!/usr/bin/env python3` Python (a version after the interpreter's name is dropped).
 */
export function scriptLanguage(index: LanguageIndex, text: string): string | undefined {
  const shebang = /^#!\s*(\S+)(.*)$/m.exec(text.slice(0, 256).split('\n')[0] ?? '')
  if (!shebang) return undefined
  let interpreter = shebang[1]!.slice(shebang[1]!.lastIndexOf('/') + 1)
  if (interpreter === 'env') interpreter = shebang[2]!.split(/\s+/).find((word) => word && !word.startsWith('-')) ?? ''
  return index.byInterpreter.get(interpreter) ?? index.byInterpreter.get(interpreter.replace(/[\d.]+$/, ''))
}

// Linguist's heuristics.yml for `.h`: Objective-C first, then C++, else C.
const OBJECTIVE_C_HEADER =
  /^\s*(@(interface|class|protocol|property|end|synchronised|selector|implementation)\b|#import\s+.+\.h[">])/m
const CPP_HEADER =
  /^\s*#\s*include <(cstdint|string|vector|map|list|array|bitset|queue|stack|forward_list|unordered_map|unordered_set|(i|o|io)stream)>|^\s*template\s*<|^[ \t]*(try|constexpr)|^[ \t]*catch\s*\(|^[ \t]*(class|(using[ \t]+)?namespace)\s+\w+|^[ \t]*(private|public|protected):$|std::\w+/m

/** A header's language as Linguist tells it: `#import` or `@interface` is Objective-C, templates or `std::` C++. */
export function headerLanguage(text: string): 'Objective-C' | 'C++' | 'C' {
  if (OBJECTIVE_C_HEADER.test(text)) return 'Objective-C'
  if (CPP_HEADER.test(text)) return 'C++'
  return 'C'
}

/**
 * Linguist's data languages a stack lists (SQL, Protocol Buffer, GraphQL; the catalog has them, catalog/merge.ts):
 * reported when their files are there, never counted in the shares (SQL dialects cannot be told apart by extension).
 */
const DATA_LANGUAGE_EXTENSIONS: [RegExp, string][] = [
  [/\.sql$/i, 'SQL'],
  [/\.proto$/, 'Protocol Buffer'],
  // a schema in GraphQL's own language (the catalog's GraphQL comes from its other data packages)
  [/\.(graphql|graphqls|gql)$/, 'GraphQL'],
]

export function dataLanguageSignals(files: { path: string }[]): Signal[] {
  const counts = new Map<string, number>()
  for (const file of files) {
    if (EXCLUDED.test(file.path)) continue
    const language = DATA_LANGUAGE_EXTENSIONS.find(([pattern]) => pattern.test(file.path))?.[1]
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1)
  }
  return [...counts].map(([name, count]) => ({
    kind: 'linguist' as const,
    name,
    source: `${count} ${name} ${count === 1 ? 'file' : 'files'}`,
  }))
}

// The scanner's evaluation corpus (issue 19): public repositories that hold a StackShare-generated techstack.yml,
// each pinned to the commit that last wrote it, with the tools and packages that file lists as the answer key.
// Only these lists are committed, never the repositories' code.
import fs from 'node:fs'
import type { KeyEcosystem, KeyPackage, KeyTool, StackFileKey } from './stack-file.ts'

export const CORPUS_PATH = new URL('./corpus.json', import.meta.url).pathname

export type CorpusSet = 'tuning' | 'held-out'

export type CorpusEcosystem =
  | 'javascript'
  | 'python'
  | 'ruby'
  | 'php'
  | 'go'
  | 'jvm'
  | 'dotnet'
  | 'rust'
  | 'mobile'
  | 'other'

export interface CorpusEntry extends StackFileKey {
  repo: string
  commit: string
  ecosystem: CorpusEcosystem
  /** Tuning: looked at while improving the scanner. Held-out: only measured. */
  set: CorpusSet
  /** Why the repository is left out of the figures (EXCLUDED_REPOSITORIES). */
  excluded?: string
  tools: KeyTool[]
  packages: KeyPackage[]
}

/**
 * Repositories whose key plainly does not describe their tree: kept in corpus.json (so the split of the others never
 * moves) with the reason as `excluded`, and left out of every figure. docs/scanner.md#accuracy
 */
export const EXCLUDED_REPOSITORIES: Record<string, string> = {
  'adamdjbrett/wocati-new':
    'A Jekyll site whose key lists the 127 gems vendored under vendor/bundle (Sinatra, Redis, RSpec, Travis CI, ' +
    'Java, Python...): StackShare read the manifests of third-party code every scanner skips, not the project.',
}

/** The corpus without its excluded repositories. */
export function loadCorpus(): CorpusEntry[] {
  return loadCorpusFile().filter((entry) => !entry.excluded)
}

export function loadCorpusFile(): CorpusEntry[] {
  return JSON.parse(fs.readFileSync(CORPUS_PATH, 'utf8')) as CorpusEntry[]
}

const PACKAGE_ECOSYSTEMS: Partial<Record<KeyEcosystem, CorpusEcosystem>> = {
  npm: 'javascript',
  pypi: 'python',
  rubygems: 'ruby',
  packagist: 'php',
  go: 'go',
  maven: 'jvm',
  nuget: 'dotnet',
  cargo: 'rust',
  pub: 'mobile',
  cocoapods: 'mobile',
}

const LANGUAGE_ECOSYSTEMS: [string, CorpusEcosystem][] = [
  ['Dart', 'mobile'],
  ['Swift', 'mobile'],
  ['Objective-C', 'mobile'],
  ['C#', 'dotnet'],
  ['Rust', 'rust'],
  ['Golang', 'go'],
  ['Java', 'jvm'],
  ['Kotlin', 'jvm'],
  ['PHP', 'php'],
  ['Ruby', 'ruby'],
  ['Python', 'python'],
  ['JavaScript', 'javascript'],
  ['TypeScript', 'javascript'],
]

/**
 * What a repository is mostly written in, for spreading the corpus: the ecosystem with the most listed packages,
 * else the first listed language in the order above (mobile languages first: a Flutter app also lists Kotlin).
 */
export function primaryEcosystem(key: StackFileKey): CorpusEcosystem {
  const counts = new Map<CorpusEcosystem, number>()
  for (const item of key.packages) {
    const ecosystem = PACKAGE_ECOSYSTEMS[item.ecosystem]
    if (ecosystem) counts.set(ecosystem, (counts.get(ecosystem) ?? 0) + 1)
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1])
  if (top) return top[0]
  return LANGUAGE_ECOSYSTEMS.find(([language]) => key.tools.some((tool) => tool.name === language))?.[1] ?? 'other'
}

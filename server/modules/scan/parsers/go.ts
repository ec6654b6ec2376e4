// Go: go.mod and go.sum. go.mod's requirements, "// indirect" ones included: go.mod lists them and StackShare counts them; they
// carry a lower confidence (what dependencies need, rarely chosen by the project).
import { cleanVersion, type Signal } from '../signals.ts'
import { dirOf, type ManifestParser } from './parser.ts'

/** A go.mod requirement marked indirect: listed, not chosen. */
export const INDIRECT_REQUIREMENT_CONFIDENCE = 50

export const goModParser: ManifestParser = {
  id: 'go.mod',
  matches: (_path, base) => base === 'go.mod',
  parse(file, context) {
    const signals: Signal[] = []
    let inRequire = false
    let goVersion: string | null = null
    for (const raw of file.text.split('\n')) {
      const line = raw.trim()
      if (line.startsWith('module ')) {
        context.addLocalPackage('go', line.slice(7).trim().replace(/"/g, ''))
        continue
      }
      const go = /^go\s+([\d.]+)/.exec(line)
      if (go) goVersion = go[1]!
      if (line.startsWith('require (')) {
        inRequire = true
        continue
      }
      if (inRequire && line === ')') {
        inRequire = false
        continue
      }
      const requirement = inRequire ? line : line.startsWith('require ') ? line.slice(8).trim() : null
      if (!requirement) continue
      const match = /^("?)([^\s"]+)\1\s+(v[^\s]+)/.exec(requirement)
      if (!match) continue
      const signal: Signal = { kind: 'go', name: match[2]!, version: cleanVersion(match[3]), source: file.path }
      if (requirement.includes('// indirect')) signal.confidence = INDIRECT_REQUIREMENT_CONFIDENCE
      signals.push(signal)
    }
    signals.push({ kind: 'name', name: 'Go', version: goVersion, source: file.path })
    return signals
  },
}

/**
 * go.sum: the checksums of every module version the build downloaded. A version whose content (not only its go.mod,
 * `/go.mod` lines) is summed was built with; the highest of those is the one minimal version selection chose.
 */
export const goSumParser: ManifestParser = {
  id: 'go.sum',
  matches: (_path, base) => base === 'go.sum',
  parse(file, context) {
    const versions = new Map<string, string>()
    for (const match of file.text.matchAll(/^(\S+) (v[^\s/]+) h1:/gm)) {
      const [, module, raw] = match as unknown as [string, string, string]
      const version = cleanVersion(raw)
      const current = versions.get(module)
      if (version && (!current || compareVersions(version, current) > 0)) versions.set(module, version)
    }
    context.addLockVersions('go', dirOf(file.path), versions)
    return []
  },
}

/** Semantic versions compared: numbers part by part, a release above its pre-releases ('1.2.0' > '1.2.0-rc.1'). */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = splitVersion(a)
  const [coreB, preB] = splitVersion(b)
  for (let index = 0; index < Math.max(coreA.length, coreB.length); index++) {
    const difference = (coreA[index] ?? 0) - (coreB[index] ?? 0)
    if (difference !== 0) return difference
  }
  if (preA === preB) return 0
  if (!preA) return 1
  if (!preB) return -1
  return preA.localeCompare(preB, 'en', { numeric: true })
}

function splitVersion(version: string): [number[], string] {
  const [core, ...rest] = version.replace(/\+.*$/, '').split('-')
  return [core!.split('.').map((part) => Number(part) || 0), rest.join('-')]
}

export const goParsers = [goModParser, goSumParser]

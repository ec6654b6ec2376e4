// Go: go.mod. Its requirements, "// indirect" ones included: go.mod lists them and StackShare counts them; they
// carry a lower confidence (what dependencies need, rarely chosen by the project).
import { cleanVersion, type Signal } from '../signals.ts'
import type { ManifestParser } from './parser.ts'

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

export const goParsers = [goModParser]

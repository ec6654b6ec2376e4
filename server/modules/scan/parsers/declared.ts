// Stacks a repository declares itself: StackShare's Stack File (techstack.yml) and software bills of materials
// (CycloneDX JSON/XML, SPDX JSON). SBOM components are transitive unless the SBOM says they are direct, so they
// only count when they map to a catalog tool.
import { XMLParser } from 'fast-xml-parser'
import { parse as parseYaml } from 'yaml'
import { cleanVersion, type Signal, type SignalKind } from '../signals.ts'
import { asArray, asRecord, type ManifestParser, parseJson, presence } from './parser.ts'

/** Package URL types (purl spec) to alias kinds. */
const PURL_TYPES: Record<string, SignalKind> = {
  npm: 'npm',
  pypi: 'pypi',
  gem: 'rubygems',
  golang: 'go',
  cargo: 'cargo',
  composer: 'packagist',
  maven: 'maven',
  nuget: 'nuget',
  pub: 'pub',
  hex: 'hex',
  swift: 'swift',
  cocoapods: 'swift',
  cran: 'cran',
  docker: 'docker',
  oci: 'docker',
  githubactions: 'github-action',
}

/** 'pkg:npm/%40sentry/node@7.1.0' -> {kind: 'npm', name: '@sentry/node', version: '7.1.0'}. */
export function parsePurl(purl: string): { kind: SignalKind; name: string; version: string | null } | null {
  const match = /^pkg:([a-z0-9.+-]+)\/([^@?#]+)(?:@([^?#]+))?/i.exec(purl.trim())
  if (!match) return null
  const kind = PURL_TYPES[match[1]!.toLowerCase()]
  if (!kind) return null
  const segments = match[2]!.split('/').map(decodeURIComponent)
  const name = segments.pop()!
  const namespace = segments.join('/')
  let full = name
  if (namespace) {
    if (kind === 'maven') full = `${namespace}:${name}`
    else if (kind === 'swift') full = name
    else full = `${namespace}/${name}`
  }
  return { kind, name: full, version: match[3] ? cleanVersion(decodeURIComponent(match[3])) : null }
}

/** Which registry a Stack File package_url points at. */
const PACKAGE_HOSTS: [RegExp, SignalKind][] = [
  [/npmjs\.(com|org)\/(package\/)?(.+)$/, 'npm'],
  [/pypi\.org\/project\/([^/]+)/, 'pypi'],
  [/rubygems\.org\/gems\/([^/]+)/, 'rubygems'],
  [/packagist\.org\/packages\/(.+)$/, 'packagist'],
  [/crates\.io\/crates\/([^/]+)/, 'cargo'],
  [/pkg\.go\.dev\/(.+)$/, 'go'],
  [/nuget\.org\/packages\/([^/]+)/, 'nuget'],
  [/pub\.dev\/packages\/([^/]+)/, 'pub'],
  [/hex\.pm\/packages\/([^/]+)/, 'hex'],
]

export const stackFileParser: ManifestParser = {
  id: 'techstack.yml',
  matches: (_path, base) => base === 'techstack.yml' || base === 'techstack.yaml',
  parse(file) {
    let stackFile: Record<string, unknown>
    try {
      stackFile = asRecord(parseYaml(file.text))
    } catch {
      return []
    }
    const signals: Signal[] = []
    for (const entry of asArray(stackFile.tools)) {
      const tool = asRecord(entry)
      if (typeof tool.name !== 'string') continue
      const version = cleanVersion(tool.version)
      const packageUrl = typeof tool.package_url === 'string' ? tool.package_url : ''
      const registry = PACKAGE_HOSTS.map(([pattern, kind]) => ({ kind, match: pattern.exec(packageUrl) })).find(
        (candidate) => candidate.match,
      )
      if (registry?.match) {
        const name = decodeURIComponent(registry.match[registry.match.length - 1]!).replace(/\/$/, '')
        signals.push({ kind: registry.kind, name, version, source: file.path })
      } else {
        signals.push({ kind: 'name', name: tool.name, version, source: file.path })
      }
    }
    return signals
  },
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false })

export const sbomParser: ManifestParser = {
  id: 'sbom',
  matches: (_path, base) =>
    /^(bom|sbom)\.(json|xml)$/i.test(base) || /\.(cdx|cyclonedx|spdx)\.(json|xml)$/i.test(base) || base === 'spdx.json',
  parse(file) {
    let document: Record<string, unknown>
    if (file.base.toLowerCase().endsWith('.xml')) {
      try {
        document = asRecord(asRecord(xml.parse(file.text)).bom)
      } catch {
        return []
      }
      document = { components: asArray(asRecord(document.components).component) }
    } else {
      document = asRecord(parseJson(file.text))
    }
    const signals: Signal[] = []
    const purls: { purl: string; ref?: string }[] = []
    if (Array.isArray(document.components)) {
      signals.push(...presence(file.path, 'CycloneDX'))
      const walk = (components: unknown[]) => {
        for (const component of components) {
          const record = asRecord(component)
          if (typeof record.purl === 'string') purls.push({ purl: record.purl, ref: String(record['bom-ref'] ?? '') })
          walk(asArray(asRecord(record.components).component ?? record.components))
        }
      }
      walk(document.components)
    }
    for (const spdxPackage of asArray(document.packages)) {
      for (const reference of asArray(asRecord(spdxPackage).externalRefs)) {
        const { referenceType, referenceLocator } = asRecord(reference)
        if (referenceType === 'purl' && typeof referenceLocator === 'string') purls.push({ purl: referenceLocator })
      }
    }
    // CycloneDX says which components the root depends on directly; those may become package tools
    const rootRef = asRecord(asRecord(document.metadata).component)['bom-ref']
    const direct = new Set<string>()
    for (const dependency of asArray(document.dependencies)) {
      const record = asRecord(dependency)
      if (rootRef && record.ref === rootRef) for (const ref of asArray(record.dependsOn)) direct.add(String(ref))
    }
    for (const { purl, ref } of purls) {
      const parsed = parsePurl(purl)
      if (!parsed) continue
      const signal: Signal = { ...parsed, source: file.path }
      if (!(ref && direct.has(ref))) signal.indirect = true
      signals.push(signal)
    }
    return signals
  },
}

export const declaredParsers = [stackFileParser, sbomParser]

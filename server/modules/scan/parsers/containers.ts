// Containers: Dockerfile FROM images, docker-compose services, Kubernetes manifests and Helm charts.
import { parse as parseYaml } from 'yaml'
import type { Signal } from '../signals.ts'
import { asRecord, type ManifestParser, presence } from './parser.ts'

/**
 * 'docker.io/library/node:20-alpine@sha256:...' -> {name: 'node', version: '20'}; registries other than Docker Hub
 * stay in the name ('ghcr.io/org/app', 'mcr.microsoft.com/dotnet/aspnet').
 */
export function parseImage(reference: string): { name: string; version: string | null } | null {
  let image = reference
    .trim()
    .replace(/^["']|["']$/g, '')
    .split('@')[0]!
  if (!image || image.includes('$') || image === 'scratch') return null
  let tag: string | null = null
  const colon = image.lastIndexOf(':')
  if (colon > image.lastIndexOf('/')) {
    tag = image.slice(colon + 1)
    image = image.slice(0, colon)
  }
  const parts = image.toLowerCase().split('/')
  if (parts.length > 1 && /^(docker\.io|index\.docker\.io|registry-1\.docker\.io)$/.test(parts[0]!)) parts.shift()
  if (parts[0] === 'library' && parts.length === 2) parts.shift()
  const version = tag ? (/^v?(\d+(?:\.\d+)*)/.exec(tag)?.[1] ?? null) : null
  return { name: parts.join('/'), version }
}

function imageSignal(reference: unknown, source: string): Signal[] {
  if (typeof reference !== 'string') return []
  const image = parseImage(reference)
  return image ? [{ kind: 'docker', name: image.name, version: image.version, source }] : []
}

export const dockerfileParser: ManifestParser = {
  id: 'Dockerfile',
  matches: (_path, base) =>
    base === 'Dockerfile' ||
    base === 'Containerfile' ||
    base.startsWith('Dockerfile.') ||
    base.toLowerCase().endsWith('.dockerfile'),
  parse(file) {
    const signals: Signal[] = presence(file.path, 'Docker')
    const args = new Map<string, string>()
    const stages = new Set<string>()
    const lines = file.text.replace(/\\\r?\n/g, ' ').split('\n')
    for (const raw of lines) {
      const line = raw.trim()
      const arg = /^ARG\s+([A-Za-z_][\w]*)=("?)([^"\s]*)\2/i.exec(line)
      if (arg) {
        args.set(arg[1]!, arg[3]!)
        continue
      }
      const from = /^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line)
      if (!from) continue
      const reference = from[1]!.replace(
        /\$\{?([A-Za-z_]\w*)(?::-([^}]*))?\}?/g,
        (_m, name: string, fallback) => args.get(name) ?? fallback ?? '$',
      )
      if (!stages.has(reference.toLowerCase())) signals.push(...imageSignal(reference, file.path))
      if (from[2]) stages.add(from[2].toLowerCase())
    }
    return signals
  },
}

export const composeParser: ManifestParser = {
  id: 'docker-compose',
  matches: (_path, base) => /^(docker-)?compose(\.[\w.-]+)?\.ya?ml$/.test(base),
  parse(file) {
    let compose: Record<string, unknown>
    try {
      compose = asRecord(parseYaml(file.text))
    } catch {
      return []
    }
    const signals: Signal[] = presence(file.path, 'Docker Compose', 'Docker')
    for (const service of Object.values(asRecord(compose.services ?? compose))) {
      signals.push(...imageSignal(asRecord(service).image, file.path))
    }
    return signals
  },
}

export const kubernetesParser: ManifestParser = {
  id: 'kubernetes',
  matches: (path, base) =>
    /\.ya?ml$/.test(base) && /(^|\/)(k8s|kubernetes|kube|manifests|deploy|deployment|charts|helm)(\/|$)/.test(path),
  parse(file) {
    const signals: Signal[] = []
    if (/^kind:\s*(Deployment|StatefulSet|DaemonSet|Service|Ingress|CronJob|Pod)\s*$/m.test(file.text)) {
      signals.push(...presence(file.path, 'Kubernetes'))
    }
    for (const match of file.text.matchAll(/^\s*-?\s*image:\s*["']?([^\s"'{}]+)["']?\s*$/gm)) {
      signals.push(...imageSignal(match[1], file.path))
    }
    return signals
  },
}

export const helmParser: ManifestParser = {
  id: 'Chart.yaml',
  matches: (_path, base) => base === 'Chart.yaml',
  parse: (file) => presence(file.path, 'Helm', 'Kubernetes'),
}

export const containerParsers = [dockerfileParser, composeParser, kubernetesParser, helmParser]

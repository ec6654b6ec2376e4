// How a name is written in the tool_alias table, per kind. The reviewed table (package-aliases.ts) holds values in
// this form already (a test checks it), and the scanner normalizes what it finds the same way before looking up.
import { nameKey } from '../../db/seed/catalog/names.ts'
import type { SignalKind } from './signals.ts'

/**
 * Loose key for 'name' aliases and tool names: case, spaces, dots, dashes and underscores ignored, accents dropped
 * ('Node.js' = 'nodejs'): the catalog build's own rule, so a name the scanner meets finds the row the build wrote.
 */
export const looseName = nameKey

export function normalizeAlias(kind: SignalKind, name: string): string {
  const value = name.trim()
  switch (kind) {
    case 'name':
      return looseName(value)
    case 'pypi':
      // PEP 503: Django, django_rest-framework and django.rest.framework are one project
      return value.toLowerCase().replace(/[-_.]+/g, '-')
    case 'docker':
      return value
        .toLowerCase()
        .replace(/^(docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '')
        .replace(/^library\/(?=[^/]+$)/, '')
    case 'github-action':
      return value.toLowerCase().split('@')[0]!.split('/').slice(0, 2).join('/')
    case 'go':
      return value.toLowerCase()
    default:
      return value.toLowerCase()
  }
}

/** Other spellings worth a second lookup: a Go module without its major-version suffix ('.../v5'). */
export function aliasFallbacks(kind: SignalKind, alias: string): string[] {
  if (kind === 'go') {
    const withoutMajor = alias.replace(/\/v\d+$/, '')
    const fallbacks = withoutMajor === alias ? [] : [withoutMajor]
    // gopkg.in/yaml.v3 -> gopkg.in/yaml
    if (alias.startsWith('gopkg.in/')) fallbacks.push(alias.replace(/\.v\d+$/, ''))
    return fallbacks
  }
  if (kind === 'docker' && alias.includes('/')) {
    // well-known publishers of official-image variants: bitnami/redis, circleci/postgres, cimg/node
    const [publisher, ...rest] = alias.split('/')
    if (['bitnami', 'cimg', 'circleci', 'docker', 'amd64', 'arm64v8', 'public.ecr.aws'].includes(publisher!)) {
      return [rest.join('/').replace(/^docker\/library\//, '')]
    }
  }
  return []
}

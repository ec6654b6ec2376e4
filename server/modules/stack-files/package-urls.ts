// Packages as package URLs (purl, github.com/package-url/purl-spec): the CycloneDX components' `purl` and the
// Backstage entity's packages annotation. Our ecosystems' names and purl's types differ (rubygems is `gem`, go is
// `golang`, packagist is `composer`), and so does where a name splits into namespace and name.
import { PackageURL } from 'packageurl-js'
import { isPackageEcosystem, type PackageEcosystem } from '../scan/signals.ts'

const PURL_TYPES: Record<PackageEcosystem, string> = {
  npm: 'npm',
  pypi: 'pypi',
  rubygems: 'gem',
  go: 'golang',
  cargo: 'cargo',
  packagist: 'composer',
  maven: 'maven',
  nuget: 'nuget',
  pub: 'pub',
  hex: 'hex',
  swift: 'swift',
  cran: 'cran',
}
const ECOSYSTEMS_BY_PURL_TYPE = new Map(Object.entries(PURL_TYPES).map(([ecosystem, type]) => [type, ecosystem]))

/** Splits a package name where purl puts its namespace: npm's scope, a Go path, Maven's group, Packagist's vendor. */
function splitName(ecosystem: PackageEcosystem, name: string): { namespace?: string; name: string } {
  const at = ecosystem === 'maven' ? name.indexOf(':') : name.lastIndexOf('/')
  if (at <= 0 || !['npm', 'go', 'maven', 'packagist', 'swift'].includes(ecosystem)) return { name }
  return { namespace: name.slice(0, at), name: name.slice(at + 1) }
}

export function packageUrlOf(ecosystem: PackageEcosystem, name: string, version: string | null): PackageURL {
  const parts = splitName(ecosystem, name)
  return new PackageURL(PURL_TYPES[ecosystem], parts.namespace, parts.name, version ?? undefined, undefined, undefined)
}

/** A purl read back: our ecosystem when we have one, else purl's type (reported as an unknown registry). */
export function readPackageUrl(
  text: string,
): { ecosystem: PackageEcosystem; name: string; version: string | null } | { unknownType: string; name: string } {
  const purl = PackageURL.fromString(text)
  const ecosystem = ECOSYSTEMS_BY_PURL_TYPE.get(purl.type)
  const separator = ecosystem === 'maven' ? ':' : '/'
  const name = purl.namespace ? `${purl.namespace}${separator}${purl.name}` : purl.name
  if (!ecosystem || !isPackageEcosystem(ecosystem)) return { unknownType: purl.type, name }
  return { ecosystem, name, version: purl.version ?? null }
}

// Validates XML against an XML Schema with xmllint (Debian's libxml2-utils, which .ci/run installs). Without it the
// tests that need it are skipped with a warning, unless CI=true, where it is mandatory.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The sitemap protocol's schemas (sitemap-schemas/: where each came from is written at its top). */
export const SITEMAP_XSD = fileURLToPath(new URL('./sitemap-schemas/sitemap.xsd', import.meta.url))
export const SITEINDEX_XSD = fileURLToPath(new URL('./sitemap-schemas/siteindex.xsd', import.meta.url))

export const hasXmllint = spawnSync('xmllint', ['--version']).status === 0

if (!hasXmllint) {
  if (process.env.CI === 'true') throw new Error('xmllint is missing: apt-get install libxml2-utils')
  console.warn('xmllint is missing (apt-get install libxml2-utils): the XML Schema checks are skipped')
}

/** xmllint's complaints about `xml` against the schema in `xsdFile`; empty when it validates. */
export function schemaErrors(xml: string, xsdFile: string): string {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsdFile, '-'], {
    input: xml,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return result.status === 0 ? '' : result.stderr || `xmllint exited with ${result.status}`
}

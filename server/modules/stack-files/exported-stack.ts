// The one plain shape every stack file format works on (decision 061): what a stack export writes, and what an
// import reads back before its names are matched to the catalog. No database, no HTTP: the CLI uses it too.
import type { PackageEcosystem } from '../scan/signals.ts'

export interface ExportedTool {
  /** The catalog slug ('react'); what Backstage tags and the SBOM's properties carry. */
  slug: string
  name: string
  /** Category and layer names ('Databases', 'Application & Data'), null outside the catalog's taxonomy. */
  category: string | null
  layer: string | null
  website: string | null
  version: string | null
}

export interface ExportedPackage {
  slug: string
  /** The registry's own name ('@sentry/node', 'django', 'com.google.guava:guava'). */
  name: string
  ecosystem: PackageEcosystem
  version: string | null
}

export interface ExportedStack {
  owner: { type: 'User' | 'Company'; slug: string; name: string }
  slug: string
  name: string
  description: string | null
  websiteUrl: string | null
  isPrivate: boolean
  /** The stack page's absolute address; null for a scan the CLI ran (no stack yet). */
  url: string | null
  /** When it was exported (files carry a timestamp; tests pass a fixed one). */
  exportedAt: Date
  tools: ExportedTool[]
  packages: ExportedPackage[]
}

/** What an import read from a file, before matching: names as the file writes them. */
export interface ImportedStack {
  name: string | null
  description: string | null
  websiteUrl: string | null
  /** `slug` when the file names our catalog slug (Backstage tags, the SBOM's properties), else matched by name. */
  tools: Array<{ name: string; slug: string | null; version: string | null }>
  /** Packages whose registry we know; others are listed in `unknownPackages`. */
  packages: Array<{ name: string; ecosystem: PackageEcosystem; version: string | null }>
  /** Packages of registries the catalog has no package tools for (CocoaPods, CRAN...): reported back unmatched. */
  unknownPackages: Array<{ name: string; ecosystem: string }>
}

export interface StackFileFormatDefinition {
  name: string
  label: string
  fileName(stack: ExportedStack): string
  contentType: string
  export(stack: ExportedStack): string | Promise<string>
  /** Other files of the same format (techstack.yml's techstack.md), by the `file` the API is asked for. */
  companions?: Record<string, Omit<StackFileFormatDefinition, 'name' | 'label' | 'companions' | 'import'>>
  import?(text: string): ImportedStack | Promise<ImportedStack>
}

/** A file that cannot be read as its format says: the message is shown to the person importing it. */
export class StackFileError extends Error {}

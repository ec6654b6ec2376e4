// A CycloneDX 1.6 JSON SBOM of the stack (cyclonedx.org/docs/1.6/json), built and serialized with the OWASP
// library: the stack is the metadata's component, each tool a component (framework or application) carrying its
// catalog slug, category and layer as properties, each package a library with its package URL. Import reads any
// CycloneDX JSON (1.2 onwards share these fields): components with a purl are packages, the others tools.
import { randomUUID } from 'node:crypto'
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library'
import { STACK_FILE_FORMAT_LABELS } from '#contracts/stack-files.ts'
import {
  type ExportedStack,
  type ImportedStack,
  StackFileError,
  type StackFileFormatDefinition,
} from './exported-stack.ts'
import { packageUrlOf, readPackageUrl } from './package-urls.ts'

export const SLUG_PROPERTY = 'stackatlas:slug'
const CATEGORY_PROPERTY = 'stackatlas:category'
const LAYER_PROPERTY = 'stackatlas:layer'

const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6))

function toolComponent(tool: ExportedStack['tools'][number]): Models.Component {
  // libraries and frameworks are what CycloneDX calls frameworks; services, databases and the rest are applications
  const type = /framework|librar/i.test(tool.category ?? '')
    ? Enums.ComponentType.Framework
    : Enums.ComponentType.Application
  const component = new Models.Component(type, tool.name, {
    bomRef: `tool:${tool.slug}`,
    ...(tool.version ? { version: tool.version } : {}),
  })
  component.properties.add(new Models.Property(SLUG_PROPERTY, tool.slug))
  if (tool.category) component.properties.add(new Models.Property(CATEGORY_PROPERTY, tool.category))
  if (tool.layer) component.properties.add(new Models.Property(LAYER_PROPERTY, tool.layer))
  if (tool.website)
    component.externalReferences.add(new Models.ExternalReference(tool.website, Enums.ExternalReferenceType.Website))
  return component
}

function packageComponent(item: ExportedStack['packages'][number]): Models.Component {
  const purl = packageUrlOf(item.ecosystem, item.name, item.version)
  return new Models.Component(Enums.ComponentType.Library, item.name, {
    bomRef: purl.toString(),
    purl: purl.toString(),
    ...(item.version ? { version: item.version } : {}),
  })
}

function exportCycloneDx(stack: ExportedStack): string {
  const bom = new Models.Bom({ serialNumber: `urn:uuid:${randomUUID()}` })
  bom.metadata.timestamp = stack.exportedAt
  bom.metadata.tools.components.add(new Models.Component(Enums.ComponentType.Application, 'Stackatlas'))
  const root = new Models.Component(Enums.ComponentType.Application, stack.name, {
    bomRef: `stack:${stack.owner.slug}/${stack.slug}`,
    ...(stack.description ? { description: stack.description } : {}),
  })
  if (stack.url) root.externalReferences.add(new Models.ExternalReference(stack.url, Enums.ExternalReferenceType.Other))
  if (stack.websiteUrl)
    root.externalReferences.add(new Models.ExternalReference(stack.websiteUrl, Enums.ExternalReferenceType.Website))
  bom.metadata.component = root
  const components = [...stack.tools.map(toolComponent), ...stack.packages.map(packageComponent)]
  for (const component of components) {
    bom.components.add(component)
    root.dependencies.add(component.bomRef)
  }
  return `${serializer.serialize(bom, { sortLists: false, space: 2 })}\n`
}

interface RawComponent {
  name?: unknown
  version?: unknown
  purl?: unknown
  description?: unknown
  properties?: unknown
  externalReferences?: unknown
  components?: unknown
}

/** How deep components may nest (SBOMs nest a few levels); deeper is refused with a 400, never a stack overflow. */
export const CYCLONEDX_MAX_DEPTH = 64

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
/** A field the specification says is an array, read as one only when it is one (a file may say anything). */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const recordOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null

function importCycloneDx(text: string): ImportedStack {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new StackFileError(`This is not valid JSON: ${(error as Error).message}`)
  }
  const document = recordOf(parsed)
  if (document?.bomFormat !== 'CycloneDX') {
    throw new StackFileError('This is not a CycloneDX SBOM in JSON (its bomFormat must be "CycloneDX").')
  }
  const root = recordOf(recordOf(document.metadata)?.component) as RawComponent | null
  const website = listOf(root?.externalReferences)
    .map(recordOf)
    .find((reference) => reference?.type === 'website')
  const imported: ImportedStack = {
    name: textOf(root?.name),
    description: textOf(root?.description),
    websiteUrl: textOf(website?.url),
    tools: [],
    packages: [],
    unknownPackages: [],
  }
  // depth first, in the file's order, with a stack of its own: nesting never grows the call stack
  const pending: Array<{ component: unknown; depth: number }> = listOf(document.components)
    .map((component) => ({ component, depth: 1 }))
    .reverse()
  while (pending.length > 0) {
    const { component: value, depth } = pending.pop()!
    if (depth > CYCLONEDX_MAX_DEPTH) {
      throw new StackFileError(`Its components nest more than ${CYCLONEDX_MAX_DEPTH} levels deep.`)
    }
    const component = recordOf(value) as RawComponent | null
    if (!component) continue
    const children = listOf(component.components)
    for (let index = children.length - 1; index >= 0; index--)
      pending.push({ component: children[index], depth: depth + 1 })
    const name = textOf(component.name)
    if (!name) continue
    const version = textOf(component.version)
    const purl = textOf(component.purl)
    let read: ReturnType<typeof readPackageUrl> | null = null
    try {
      read = purl ? readPackageUrl(purl) : null
    } catch {
      read = null
    }
    if (read && 'unknownType' in read) imported.unknownPackages.push({ name: read.name, ecosystem: read.unknownType })
    else if (read) imported.packages.push({ ...read, version: read.version ?? version })
    else {
      const slug = listOf(component.properties)
        .map(recordOf)
        .find((property) => property?.name === SLUG_PROPERTY)?.value
      imported.tools.push({ name, slug: textOf(slug), version })
    }
  }
  return imported
}

export const cyclonedxFormat: StackFileFormatDefinition = {
  name: 'cyclonedx',
  label: STACK_FILE_FORMAT_LABELS.cyclonedx,
  fileName: (stack) => `${stack.owner.slug}-${stack.slug}.cdx.json`,
  contentType: 'application/vnd.cyclonedx+json; charset=utf-8',
  export: exportCycloneDx,
  import: importCycloneDx,
}

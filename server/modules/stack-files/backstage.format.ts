// A Backstage catalog-info.yaml Component entity (backstage.io/docs/features/software-catalog/descriptor-format):
// the stack's tools are its `metadata.tags` (catalog slugs are valid tags), its packages and versions go in
// annotations, the one place Backstage keeps for other tools' data (decision 061). Every entity we write passes
// @backstage/catalog-model's own policies and Component validator before it leaves; an imported one must too.
import {
  componentEntityV1alpha1Validator,
  DefaultNamespaceEntityPolicy,
  type Entity,
  EntityPolicies,
  FieldFormatEntityPolicy,
  NoForeignRootFieldsEntityPolicy,
  parseEntityRef,
  SchemaValidEntityPolicy,
} from '@backstage/catalog-model'
import { parseAllDocuments, stringify as stringifyYaml } from 'yaml'
import { STACK_FILE_FORMAT_LABELS } from '#contracts/stack-files.ts'
import {
  type ExportedStack,
  type ImportedStack,
  StackFileError,
  type StackFileFormatDefinition,
} from './exported-stack.ts'
import { packageUrlOf, readPackageUrl } from './package-urls.ts'
import { yamlProblem } from './yaml-problem.ts'

export const STACK_ANNOTATION = 'stackatlas.io/stack'
/** `slug@version` of the tools that have one, space-separated ('react@18.2.0 nodejs@20.11.1'). */
export const TOOL_VERSIONS_ANNOTATION = 'stackatlas.io/tool-versions'
/** The packages as package URLs, space-separated ('pkg:npm/lodash@4.17.21 pkg:pypi/django@5.0'). */
export const PACKAGES_ANNOTATION = 'stackatlas.io/packages'

const policies = EntityPolicies.allOf([
  new DefaultNamespaceEntityPolicy(),
  new NoForeignRootFieldsEntityPolicy(),
  new FieldFormatEntityPolicy(),
  new SchemaValidEntityPolicy(),
])

/** The catalog model's verdict on a Component entity: its first complaint, or null when it is valid. */
export async function backstageComponentProblem(entity: unknown): Promise<string | null> {
  try {
    // the policies fill in defaults (the namespace) on what they are given: they check a copy
    const checked = await policies.enforce(structuredClone(entity) as Entity)
    if (!checked || !(await componentEntityV1alpha1Validator.check(checked))) return 'It is not a Component entity.'
    return null
  } catch (error) {
    return (error as Error).message.replace(/ To learn more about catalog file format.*$/s, '')
  }
}

/** Entity names: [a-zA-Z0-9] runs joined by - _ . and at most 63 characters. */
function entityName(text: string): string {
  const name = text
    .replace(/[^a-zA-Z0-9_.-]+/g, '-')
    .replace(/[-_.]{2,}/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '')
    .slice(0, 63)
    .replace(/[-_.]+$/g, '')
  return name || 'stack'
}

const TAG_PATTERN = /^[a-z0-9:+#]+(-[a-z0-9:+#]+)*$/

export function backstageEntity(stack: ExportedStack) {
  const versions = stack.tools.filter((tool) => tool.version).map((tool) => `${tool.slug}@${tool.version}`)
  const packages = stack.packages.map((item) => packageUrlOf(item.ecosystem, item.name, item.version).toString())
  const links = [
    ...(stack.url ? [{ url: stack.url, title: 'Stack on Stackatlas' }] : []),
    ...(stack.websiteUrl ? [{ url: stack.websiteUrl, title: 'Website' }] : []),
  ]
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: entityName(stack.slug),
      title: stack.name,
      ...(stack.description ? { description: stack.description } : {}),
      annotations: {
        [STACK_ANNOTATION]: `${stack.owner.slug}/${stack.slug}`,
        ...(versions.length > 0 ? { [TOOL_VERSIONS_ANNOTATION]: versions.join(' ') } : {}),
        ...(packages.length > 0 ? { [PACKAGES_ANNOTATION]: packages.join(' ') } : {}),
      },
      tags: stack.tools.map((tool) => tool.slug).filter((slug) => slug.length <= 63 && TAG_PATTERN.test(slug)),
      ...(links.length > 0 ? { links } : {}),
    },
    spec: {
      type: 'service',
      lifecycle: 'production',
      // a company is a Backstage group, a person a user
      owner: `${stack.owner.type === 'Company' ? 'group' : 'user'}:default/${entityName(stack.owner.slug)}`,
    },
  }
}

async function exportBackstage(stack: ExportedStack): Promise<string> {
  const entity = backstageEntity(stack)
  const problem = await backstageComponentProblem(entity)
  // our own entity failing the catalog model is our bug: answered as a server error, never as a broken file
  if (problem) throw new Error(`the Backstage entity of ${stack.owner.slug}/${stack.slug} is invalid: ${problem}`)
  return stringifyYaml(entity, { lineWidth: 0 })
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : []

/** A reference's name ('resource:default/postgresql' is postgresql): what spec.dependsOn may name a tool by. */
function referencedName(reference: string): string | null {
  try {
    return parseEntityRef(reference, { defaultKind: 'resource', defaultNamespace: 'default' }).name
  } catch {
    return null
  }
}

/** The Component of a catalog-info.yaml (which may hold several entities, `---` apart). */
async function readComponent(text: string): Promise<Entity> {
  const documents = parseAllDocuments(text)
  const list = Array.isArray(documents) ? documents : [documents]
  const broken = list.find((document) => document.errors.length > 0)
  if (broken) throw new StackFileError(`This is not valid YAML: ${yamlProblem(broken.errors[0])}`)
  let entities: Array<Record<string, unknown> | null>
  try {
    entities = list.map((document) => document.toJS({ maxAliasCount: 100 }))
  } catch (error) {
    // too many alias expansions (a billion laughs) or an alias to nothing: refused as the techstack reader does
    throw new StackFileError(`This is not valid YAML: ${yamlProblem(error)}`)
  }
  const component = entities.find((entity) => entity?.kind === 'Component')
  if (!component) throw new StackFileError('This file holds no Backstage Component entity (kind: Component).')
  const problem = await backstageComponentProblem(component)
  if (problem) throw new StackFileError(`This is not a valid Backstage entity: ${problem}`)
  return component as unknown as Entity
}

async function importBackstage(text: string): Promise<ImportedStack> {
  const entity = await readComponent(text)
  const annotations = entity.metadata.annotations ?? {}
  const versions = new Map(
    (annotations[TOOL_VERSIONS_ANNOTATION] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((item) => [item.slice(0, item.lastIndexOf('@')), item.slice(item.lastIndexOf('@') + 1)] as const),
  )
  const spec = (entity.spec ?? {}) as Record<string, unknown>
  // tags are catalog slugs when we wrote the file, plain names otherwise: matched by slug, then by name
  const names = [
    ...stringList(entity.metadata.tags),
    ...stringList(spec.dependsOn).flatMap((reference) => referencedName(reference) ?? []),
  ]
  const imported: ImportedStack = {
    name: entity.metadata.title ?? entity.metadata.name,
    description: entity.metadata.description ?? null,
    websiteUrl: entity.metadata.links?.find((link) => link.title === 'Website')?.url ?? null,
    tools: [...new Set(names)].map((name) => ({ name, slug: name, version: versions.get(name) ?? null })),
    packages: [],
    unknownPackages: [],
  }
  for (const purl of (annotations[PACKAGES_ANNOTATION] ?? '').split(/\s+/).filter(Boolean)) {
    let read: ReturnType<typeof readPackageUrl>
    try {
      read = readPackageUrl(purl)
    } catch {
      throw new StackFileError(`The ${PACKAGES_ANNOTATION} annotation holds an invalid package URL: ${purl}`)
    }
    if ('unknownType' in read) imported.unknownPackages.push({ name: read.name, ecosystem: read.unknownType })
    else imported.packages.push(read)
  }
  return imported
}

export const backstageFormat: StackFileFormatDefinition = {
  name: 'backstage',
  label: STACK_FILE_FORMAT_LABELS.backstage,
  fileName: () => 'catalog-info.yaml',
  contentType: 'application/yaml; charset=utf-8',
  export: exportBackstage,
  import: importBackstage,
}

// A stack from a stack file (decision 061): the file read by its format, its tools matched to the catalog by slug,
// name and aliases, its packages by registry and name (a package the catalog lacks is created as a scan creates
// it), then one transaction creates the stack or replaces an existing stack's tools, with their versions. Whatever
// the stack cannot hold comes back in `unmatched`: never dropped silently.
import {
  type ImportStackResponse,
  STACK_FILE_MAX_ENTRIES,
  STACK_FILE_NOTHING_MATCHED,
  stackFileNameTaken,
  type UnmatchedEntry,
} from '#contracts/stack-files.ts'
import { STACK_SERVICES_MAX, StackDescription, StackName, StackWebsiteUrl } from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { fieldError, HttpError } from '../../http/errors.ts'
import { looseName, normalizeAlias } from '../scan/alias-normalize.ts'
import { isReadableName, readableText, shownName } from '../scan/readable-text.ts'
import { ensurePackageTools, letOthersIn } from '../scan/scan.queries.ts'
import type { PackageEcosystem } from '../scan/signals.ts'
import { packageSlug } from '../scan/tool-mapper.ts'
import { findStackIdByName, type OwnerRecord, type StackWithOwner } from '../stacks/stacks.queries.ts'
import { createStack, updateStack } from '../stacks/stacks.service.ts'
import { type ImportedStack, StackFileError, type StackFileFormatDefinition } from './exported-stack.ts'
import { findCatalogToolsByNames, findPackageTools, setStackToolVersions } from './stack-files.queries.ts'

export const invalidStackFile = (message: string) => new HttpError(400, 'invalid_stack_file', message)

/** What an import reads: the file's entries, and those skipped for names that are never read (decision 076). */
export interface ReadStackFile extends ImportedStack {
  unreadable: Array<Omit<UnmatchedEntry, 'reason'>>
}

/**
 * The file read by its format; a file the format cannot read is the importer's 400, with the format's reason. Every
 * format's entries then pass through readableEntries, the one place that keeps control characters and broken
 * Unicode out of the database.
 */
export async function readStackFileText(format: StackFileFormatDefinition, text: string): Promise<ReadStackFile> {
  if (!format.import) throw invalidStackFile(`Stack files cannot be imported from the ${format.name} format.`)
  let imported: ImportedStack
  try {
    imported = await format.import(text)
  } catch (error) {
    if (error instanceof StackFileError) throw invalidStackFile(error.message)
    throw error
  }
  const entries = imported.tools.length + imported.packages.length + imported.unknownPackages.length
  if (entries > STACK_FILE_MAX_ENTRIES) {
    throw invalidStackFile(`This file lists ${entries} tools and packages; at most ${STACK_FILE_MAX_ENTRIES} are read.`)
  }
  return readableEntries(imported)
}

/**
 * Names, slugs and package names holding a control character or a lone surrogate: the entry is skipped and reported
 * (`unreadable_name`); such a version is dropped; the stack's own name, description and website lose those
 * characters (decision 076).
 */
function readableEntries(imported: ImportedStack): ReadStackFile {
  const unreadable: ReadStackFile['unreadable'] = []
  const text = (value: string | null) => (value === null ? null : readableText(value).trim() || null)
  const version = (value: string | null) => (value !== null && isReadableName(value) ? value : null)
  const tools = imported.tools.flatMap((tool) => {
    if (isReadableName(tool.name) && (tool.slug === null || isReadableName(tool.slug)))
      return [{ ...tool, version: version(tool.version) }]
    unreadable.push({ name: shownName(tool.name), kind: 'tool', ecosystem: null })
    return []
  })
  const packages = imported.packages.flatMap((item) => {
    if (isReadableName(item.name)) return [{ ...item, version: version(item.version) }]
    unreadable.push({ name: shownName(item.name), kind: 'package', ecosystem: item.ecosystem })
    return []
  })
  const unknownPackages = imported.unknownPackages.flatMap((item) => {
    if (isReadableName(item.name) && isReadableName(item.ecosystem)) return [item]
    unreadable.push({ name: shownName(item.name), kind: 'package', ecosystem: shownName(item.ecosystem) })
    return []
  })
  return {
    name: text(imported.name),
    description: text(imported.description),
    websiteUrl: text(imported.websiteUrl),
    tools,
    packages,
    unknownPackages,
    unreadable,
  }
}

interface MatchedTools {
  /** In the file's order: its tools, then its packages. */
  ids: number[]
  packagesCount: number
  versions: Map<number, string | null>
  unmatched: UnmatchedEntry[]
}

/**
 * The catalog tools of the file's entries, the first STACK_SERVICES_MAX of them; the rest reported. A package the
 * catalog lacks is created only when it has a place in the stack (F-3: nothing past the cap is created), unapproved
 * (decision 076).
 */
export async function matchImportedTools(db: Db, imported: ReadStackFile): Promise<MatchedTools> {
  const matched: MatchedTools = { ids: [], packagesCount: 0, versions: new Map(), unmatched: [] }
  const add = (id: number, version: string | null, entry: Omit<UnmatchedEntry, 'reason'>) => {
    if (matched.versions.has(id)) {
      if (version && !matched.versions.get(id)) matched.versions.set(id, version)
      return
    }
    if (matched.ids.length >= STACK_SERVICES_MAX) {
      matched.unmatched.push({ ...entry, reason: 'over_limit' })
      return
    }
    matched.ids.push(id)
    matched.versions.set(id, version)
    if (entry.kind === 'package') matched.packagesCount++
  }
  for (const entry of imported.unreadable) matched.unmatched.push({ ...entry, reason: 'unreadable_name' })

  const byName = await findCatalogToolsByNames(db, imported.tools)
  for (const tool of imported.tools) {
    const id =
      (tool.slug && byName.get(`slug:${tool.slug.toLowerCase()}`)) || byName.get(`name:${looseName(tool.name)}`)
    if (id) add(id, tool.version, { name: tool.name, kind: 'tool', ecosystem: null })
    else matched.unmatched.push({ name: tool.name, kind: 'tool', ecosystem: null, reason: 'not_in_catalog' })
  }

  // the packages' places, in the file's order, before anything is created: a known package takes its tool's place
  // (once), a new one a place of its own while the stack has room
  const keyOf = (item: { ecosystem: PackageEcosystem; name: string }) =>
    `${item.ecosystem}:${normalizeAlias(item.ecosystem, item.name)}`
  const found = await findPackageTools(db, imported.packages)
  const placed = new Set<number | string>(matched.ids)
  const missing = new Map<string, ReadStackFile['packages'][number]>()
  for (const item of imported.packages) {
    const key = keyOf(item)
    const place = found.get(key) ?? key
    if (placed.has(place) || placed.size >= STACK_SERVICES_MAX) continue
    placed.add(place)
    if (!found.has(key)) missing.set(key, item)
  }
  if (missing.size > 0) {
    await letOthersIn()
    await createPackageTools(db, [...missing.values()])
    // stored under the ecosystem's alias, or under package:{ecosystem} (the lookup reads both)
    for (const [key, id] of await findPackageTools(db, [...missing.values()])) found.set(key, id)
  }
  for (const item of imported.packages) {
    const id = found.get(keyOf(item))
    const entry = { name: item.name, kind: 'package' as const, ecosystem: item.ecosystem }
    if (id) add(id, item.version, entry)
    else if (placed.size >= STACK_SERVICES_MAX && !missing.has(keyOf(item)))
      matched.unmatched.push({ ...entry, reason: 'over_limit' })
    else matched.unmatched.push({ ...entry, reason: 'not_in_catalog' })
  }
  for (const item of imported.unknownPackages)
    matched.unmatched.push({ name: item.name, kind: 'package', ecosystem: item.ecosystem, reason: 'not_in_catalog' })
  return matched
}

/** New package tools, made the way a scan makes them (unapproved: decision 076). */
async function createPackageTools(db: Db, packages: ReadStackFile['packages']) {
  await ensurePackageTools(
    db,
    packages.map((item) => {
      const alias = normalizeAlias(item.ecosystem, item.name)
      return {
        name: item.name,
        slug: packageSlug(item.ecosystem, alias),
        category: null,
        is_package: true,
        package_ecosystem: item.ecosystem,
        aliases: [],
        version: null,
        sources: [],
        confidence: 100,
        newPackage: { ecosystem: item.ecosystem, name: item.name, alias },
      }
    }),
  )
}

/** The file's name, description and website as a new stack's fields; a name the file lacks must be given. */
function newStackFields(imported: ReadStackFile, name: string | undefined) {
  const parsedName = StackName.safeParse(name ?? imported.name ?? '')
  if (!parsedName.success) {
    throw fieldError('name', `${parsedName.error.issues[0]?.message ?? 'is invalid'}: give the new stack a name`)
  }
  const description = StackDescription.safeParse(imported.description?.slice(0, 1000))
  const website = StackWebsiteUrl.safeParse(imported.websiteUrl)
  return {
    name: parsedName.data,
    description: description.success ? description.data : null,
    website_url: website.success ? website.data : null,
  }
}

export async function importStack(
  db: Db,
  input: {
    actorId: number
    owner: OwnerRecord
    /** The stack to update, already checked to be editable by the actor. */
    existing: StackWithOwner | null
    imported: ReadStackFile
    name?: string
  },
): Promise<{ stackId: number; created: boolean; matched: MatchedTools }> {
  const { owner, existing, imported } = input
  const fields = existing ? null : newStackFields(imported, input.name)
  // a taken name is told before anything is written (acceptance minor 7: which name, and what to do)
  if (fields && (await findStackIdByName(db, owner, fields.name))) throw importNameTaken(fields.name)
  // The package tools the stack needs are created first, in short transactions of their own (F-4: on PGlite every
  // other request waits for a transaction): unapproved catalog rows, invisible until approved, which a later import
  // or scan of the same packages reuses. Then one transaction creates the stack or replaces its tools, with their
  // versions, or none of them.
  const matched = await matchImportedTools(db, imported)
  if (matched.ids.length === 0) throw invalidStackFile(STACK_FILE_NOTHING_MATCHED)
  await letOthersIn()
  try {
    return await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db
      let stackId: number
      if (existing) {
        await updateStack(txDb, {
          current: existing,
          owner: existing.owner,
          fields: { services: matched.ids },
          actorId: input.actorId,
        })
        stackId = existing.stack.id
      } else {
        stackId = await createStack(txDb, {
          creatorId: input.actorId,
          owner,
          fields: {
            ...fields!,
            private: false,
            image_url: null,
            services: matched.ids,
            owner: { type: owner.type, id: owner.id },
          },
        })
      }
      await setStackToolVersions(txDb, stackId, matched.versions)
      return { stackId, created: !existing, matched }
    })
  } catch (error) {
    // the name taken meanwhile by another request
    if (fields && error instanceof HttpError && error.fields?.name) throw importNameTaken(fields.name)
    throw error
  }
}

const importNameTaken = (name: string) => {
  const message = stackFileNameTaken(name)
  return new HttpError(400, 'validation_failed', message, { fields: { name: [message] } })
}

export function presentImport(
  result: { created: boolean; matched: MatchedTools },
  stack: StackWithOwner,
): ImportStackResponse {
  return {
    created: result.created,
    stack: {
      id: stack.stack.id,
      name: stack.stack.name,
      slug: stack.stack.slug,
      owner_slug: stack.owner.slug,
      path: `/${stack.owner.slug}/${stack.stack.slug}`,
    },
    tools_count: result.matched.ids.length - result.matched.packagesCount,
    packages_count: result.matched.packagesCount,
    unmatched: result.matched.unmatched,
  }
}

// A stack from a stack file (decision 061): the file read by its format, its tools matched to the catalog by slug,
// name and aliases, its packages by registry and name (a package the catalog lacks is created as a scan creates
// it), then one transaction creates the stack or replaces an existing stack's tools, with their versions. Whatever
// the stack cannot hold comes back in `unmatched`: never dropped silently.
import {
  type ImportStackResponse,
  STACK_FILE_MAX_ENTRIES,
  STACK_FILE_NOTHING_MATCHED,
  type UnmatchedEntry,
} from '#contracts/stack-files.ts'
import { STACK_SERVICES_MAX, StackDescription, StackName, StackWebsiteUrl } from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { fieldError, HttpError } from '../../http/errors.ts'
import { looseName, normalizeAlias } from '../scan/alias-normalize.ts'
import { ensurePackageTools } from '../scan/scan.queries.ts'
import { packageSlug } from '../scan/tool-mapper.ts'
import type { OwnerRecord, StackWithOwner } from '../stacks/stacks.queries.ts'
import { createStack, updateStack } from '../stacks/stacks.service.ts'
import { type ImportedStack, StackFileError, type StackFileFormatDefinition } from './exported-stack.ts'
import { findCatalogToolsByNames, findPackageTools, setStackToolVersions } from './stack-files.queries.ts'

export const invalidStackFile = (message: string) => new HttpError(400, 'invalid_stack_file', message)

/** The file read by its format; a file the format cannot read is the importer's 400, with the format's reason. */
export async function readStackFileText(format: StackFileFormatDefinition, text: string): Promise<ImportedStack> {
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
  return imported
}

interface MatchedTools {
  /** In the file's order: its tools, then its packages. */
  ids: number[]
  packagesCount: number
  versions: Map<number, string | null>
  unmatched: UnmatchedEntry[]
}

/** The catalog tools of the file's entries, the first STACK_SERVICES_MAX of them; the rest reported. */
export async function matchImportedTools(db: Db, imported: ImportedStack): Promise<MatchedTools> {
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

  const byName = await findCatalogToolsByNames(db, imported.tools)
  for (const tool of imported.tools) {
    const id =
      (tool.slug && byName.get(`slug:${tool.slug.toLowerCase()}`)) || byName.get(`name:${looseName(tool.name)}`)
    if (id) add(id, tool.version, { name: tool.name, kind: 'tool', ecosystem: null })
    else matched.unmatched.push({ name: tool.name, kind: 'tool', ecosystem: null, reason: 'not_in_catalog' })
  }

  const packageIds = await findOrCreatePackageTools(db, imported.packages)
  for (const item of imported.packages) {
    const id = packageIds.get(`${item.ecosystem}:${normalizeAlias(item.ecosystem, item.name)}`)
    const entry = { name: item.name, kind: 'package' as const, ecosystem: item.ecosystem }
    if (id) add(id, item.version, entry)
    else matched.unmatched.push({ ...entry, reason: 'not_in_catalog' })
  }
  for (const item of imported.unknownPackages)
    matched.unmatched.push({ name: item.name, kind: 'package', ecosystem: item.ecosystem, reason: 'not_in_catalog' })
  return matched
}

/** Package tools by `{ecosystem}:{alias}`; those the catalog lacks are created the way a scan creates them. */
async function findOrCreatePackageTools(db: Db, packages: ImportedStack['packages']) {
  const found = await findPackageTools(db, packages)
  const missing = packages.filter(
    (item) => !found.has(`${item.ecosystem}:${normalizeAlias(item.ecosystem, item.name)}`),
  )
  if (missing.length === 0) return found
  await ensurePackageTools(
    db,
    missing.map((item) => {
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
  // ensurePackageTools stores each under its ecosystem's alias, or under package:{ecosystem} (the lookup reads both)
  for (const [key, id] of await findPackageTools(db, missing)) found.set(key, id)
  return found
}

/** The file's name, description and website as a new stack's fields; a name the file lacks must be given. */
function newStackFields(imported: ImportedStack, name: string | undefined) {
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
    imported: ImportedStack
    name?: string
  },
): Promise<{ stackId: number; created: boolean; matched: MatchedTools }> {
  const { owner, existing, imported } = input
  const fields = existing ? null : newStackFields(imported, input.name)
  // one transaction: the package tools it needs, the stack, its tools and their versions, or none of them
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db
    const matched = await matchImportedTools(txDb, imported)
    if (matched.ids.length === 0) throw invalidStackFile(STACK_FILE_NOTHING_MATCHED)
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

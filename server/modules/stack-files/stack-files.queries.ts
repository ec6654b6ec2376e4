// Database side of stack files: a stack read into the exported shape, the catalog lookups an import matches its
// names with, and the versions written beside a stack's tools. Every query takes the database first.
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { stackTools, toolAliases, tools } from '../../db/schema/index.ts'
import { looseName, normalizeAlias } from '../scan/alias-normalize.ts'
import { packageAliasKind } from '../scan/scan.queries.ts'
import { isPackageEcosystem, type PackageEcosystem } from '../scan/signals.ts'
import { listStackToolsWithCategories, type StackWithOwner } from '../stacks/stacks.queries.ts'
import type { ExportedStack } from './exported-stack.ts'

/** The stack as every format writes it: its visible tools in the stack's order, packages apart. */
export async function loadExportedStack(
  db: Db,
  found: StackWithOwner,
  options: { baseUrl: string; exportedAt?: Date },
): Promise<ExportedStack> {
  const { stack, owner } = found
  const rows = await listStackToolsWithCategories(db, stack.id)
  const exported: ExportedStack = {
    owner: { type: owner.type, slug: owner.slug, name: owner.name },
    slug: stack.slug,
    name: stack.name,
    description: stack.description,
    websiteUrl: stack.websiteUrl,
    isPrivate: stack.isPrivate,
    url: `${options.baseUrl}/${owner.slug}/${stack.slug}`,
    exportedAt: options.exportedAt ?? new Date(),
    tools: [],
    packages: [],
  }
  for (const { tool, category, layer, version } of rows) {
    if (tool.isPackage && tool.packageEcosystem && isPackageEcosystem(tool.packageEcosystem)) {
      exported.packages.push({ slug: tool.slug, name: tool.name, ecosystem: tool.packageEcosystem, version })
    } else {
      exported.tools.push({
        slug: tool.slug,
        name: tool.name,
        category: category?.name ?? null,
        layer: layer?.name ?? null,
        website: tool.websiteUrl,
        version,
      })
    }
  }
  return exported
}

const listed = and(eq(tools.isHidden, false), eq(tools.isApproved, true))

/**
 * Catalog tools (not packages) by slug, and by name: the tool's own name or one of its `name` aliases, compared
 * loosely ('Node.js' = 'nodejs'). Answers the id per slug (`slug:{slug}`) and per loose name (`name:{key}`).
 */
export async function findCatalogToolsByNames(
  db: Db,
  entries: Array<{ name: string; slug: string | null }>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  if (entries.length === 0) return found
  const slugs = [...new Set(entries.flatMap((entry) => (entry.slug ? [entry.slug.toLowerCase()] : [])))]
  const names = [...new Set(entries.map((entry) => looseName(entry.name)).filter(Boolean))]
  const notPackage = and(listed, eq(tools.isPackage, false))
  if (slugs.length > 0) {
    const rows = await db
      .select({ id: tools.id, slug: tools.slug })
      .from(tools)
      .where(and(notPackage, inArray(tools.slug, slugs)))
    for (const row of rows) found.set(`slug:${row.slug}`, row.id)
  }
  if (names.length > 0) {
    const aliasRows = await db
      .select({ id: tools.id, alias: toolAliases.alias, popularity: tools.popularity })
      .from(toolAliases)
      .innerJoin(tools, eq(tools.id, toolAliases.toolId))
      .where(and(notPackage, eq(toolAliases.kind, 'name'), inArray(toolAliases.alias, names)))
    for (const row of aliasRows) found.set(`name:${row.alias}`, row.id)
    // a tool whose own name has no alias row (one added by hand or through the API); the most popular one wins
    const missing = [
      ...new Set(
        entries.filter((entry) => !found.has(`name:${looseName(entry.name)}`)).map((entry) => entry.name.toLowerCase()),
      ),
    ]
    if (missing.length > 0) {
      const nameRows = await db
        .select({ id: tools.id, name: tools.name })
        .from(tools)
        .where(and(notPackage, inArray(sql`lower(${tools.name})`, missing)))
        .orderBy(tools.popularity)
      for (const row of nameRows) found.set(`name:${looseName(row.name)}`, row.id)
    }
  }
  return found
}

/** The stored package tools of these packages: `{ecosystem}:{alias}` to the tool's id. */
export async function findPackageTools(
  db: Db,
  packages: Array<{ name: string; ecosystem: PackageEcosystem }>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  if (packages.length === 0) return found
  // a package is aliased under its ecosystem, or under package:{ecosystem} when that alias names a catalog tool
  const branches: SQL[] = []
  const byEcosystem = new Map<PackageEcosystem, string[]>()
  for (const item of packages)
    byEcosystem.set(item.ecosystem, [
      ...(byEcosystem.get(item.ecosystem) ?? []),
      normalizeAlias(item.ecosystem, item.name),
    ])
  for (const [ecosystem, aliases] of byEcosystem) {
    branches.push(
      and(inArray(toolAliases.kind, [ecosystem, packageAliasKind(ecosystem)]), inArray(toolAliases.alias, aliases))!,
    )
  }
  const rows = await db
    .select({ id: tools.id, kind: toolAliases.kind, alias: toolAliases.alias })
    .from(toolAliases)
    .innerJoin(tools, eq(tools.id, toolAliases.toolId))
    .where(and(eq(tools.isPackage, true), eq(tools.isHidden, false), or(...branches)))
  for (const row of rows) found.set(`${row.kind.replace(/^package:/, '')}:${row.alias}`, row.id)
  return found
}

/**
 * Writes each tool's version in the stack (null where the map has none), in one statement: joined to a VALUES list,
 * not a CASE of one branch per tool, which a 500-tool stack evaluated 250,000 times (F-4).
 */
export async function setStackToolVersions(db: Db, stackId: number, versions: Map<number, string | null>) {
  if (versions.size === 0) return
  const rows = sql.join(
    [...versions].map(([id, version]) => sql`(${id}::integer, ${version}::text)`),
    sql`, `,
  )
  await db.execute(sql`
    update ${stackTools} set version = v.version
    from (values ${rows}) as v(tool_id, version)
    where ${stackTools.stackId} = ${stackId} and ${stackTools.toolId} = v.tool_id`)
}

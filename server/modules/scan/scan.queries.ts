// Database side of scanning: the alias lookup the mapper uses, package tools created on demand, the scan rows, and
// the "already claimed" stack check. Every query takes the database first.
import { and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { ScannedTool } from '#contracts/scan.ts'
import { STACK_SERVICES_MAX } from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { categories, companies, scans, stacks, toolAliases, tools, users } from '../../db/schema/index.ts'
import { isReadableName } from './readable-text.ts'
import type { PackageEcosystem } from './signals.ts'
import { type AliasKey, type DetectedTool, type KnownTool, packageSlug, type ToolLookup } from './tool-mapper.ts'

export type ScanRow = typeof scans.$inferSelect

/** The mapper's lookup over tool_alias: approved, visible tools only. */
export function createDatabaseLookup(db: Db): ToolLookup {
  return {
    async findByAliases(asked: AliasKey[]) {
      const result = new Map<string, KnownTool>()
      // a name with NUL or a lone surrogate never reaches PostgreSQL, which would refuse the whole statement (F-12)
      const keys = asked.filter((key) => isReadableName(key.alias) && isReadableName(key.kind))
      if (keys.length === 0) return result
      const byKind = new Map<string, string[]>()
      for (const key of keys) byKind.set(key.kind, [...(byKind.get(key.kind) ?? []), key.alias])
      // one (kind, alias IN ...) branch per kind, so the lookup walks the table's primary key
      const branches: SQL[] = []
      for (const [kind, aliases] of byKind) {
        for (let start = 0; start < aliases.length; start += 1000) {
          branches.push(
            and(eq(toolAliases.kind, kind), inArray(toolAliases.alias, aliases.slice(start, start + 1000)))!,
          )
        }
      }
      const rows = await db
        .select({
          kind: toolAliases.kind,
          alias: toolAliases.alias,
          id: tools.id,
          name: tools.name,
          slug: tools.slug,
          isPackage: tools.isPackage,
          category: categories.name,
        })
        .from(toolAliases)
        .innerJoin(tools, eq(tools.id, toolAliases.toolId))
        .leftJoin(categories, eq(categories.id, tools.categoryId))
        .where(and(or(...branches), eq(tools.isHidden, false), eq(tools.isApproved, true)))
      for (const row of rows) {
        result.set(`${row.kind}:${row.alias}`, {
          id: row.id,
          name: row.name,
          slug: row.slug,
          category: row.category ?? null,
          isPackage: row.isPackage,
        })
      }
      return result
    },
  }
}

/** Where a package of each ecosystem is documented: the package tool's website. */
export function packageRegistryUrl(ecosystem: PackageEcosystem, name: string): string {
  const encoded = encodeURIComponent(name)
  switch (ecosystem) {
    case 'npm':
      return `https://www.npmjs.com/package/${name}`
    case 'pypi':
      return `https://pypi.org/project/${encoded}/`
    case 'rubygems':
      return `https://rubygems.org/gems/${encoded}`
    case 'go':
      return `https://pkg.go.dev/${name}`
    case 'cargo':
      return `https://crates.io/crates/${encoded}`
    case 'packagist':
      return `https://packagist.org/packages/${name}`
    case 'maven': {
      const [group, artifact] = name.split(':')
      return `https://central.sonatype.com/artifact/${group}/${artifact}`
    }
    case 'nuget':
      return `https://www.nuget.org/packages/${encoded}`
    case 'pub':
      return `https://pub.dev/packages/${encoded}`
    case 'hex':
      return `https://hex.pm/packages/${encoded}`
    case 'swift':
      return `https://swiftpackageindex.com/search?query=${encoded}`
    case 'cran':
      return `https://cran.r-project.org/package=${encoded}`
  }
}

const ECOSYSTEM_LABELS: Record<PackageEcosystem, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  rubygems: 'RubyGems',
  go: 'Go',
  cargo: 'crates.io',
  packagist: 'Packagist',
  maven: 'Maven',
  nuget: 'NuGet',
  pub: 'pub.dev',
  hex: 'Hex',
  swift: 'Swift',
  cran: 'CRAN',
}

/**
 * The alias kind of a package whose own ecosystem alias names a catalog tool (npm 'react-dom' is React's): its
 * package tool is found under 'package:npm' instead, so the tool and the package both exist (issue 19).
 */
export const packageAliasKind = (ecosystem: PackageEcosystem) => `package:${ecosystem}`

type NewPackage = NonNullable<DetectedTool['newPackage']>
const ecosystemKey = (item: NewPackage) => ({ kind: item.ecosystem, alias: item.alias })
const packageKey = (item: NewPackage) => ({ kind: packageAliasKind(item.ecosystem), alias: item.alias })
const keyString = (key: { kind: string; alias: string }) => `${key.kind}:${key.alias}`

/**
 * At most this many package tools are created by one call (one scan, one import): what one stack holds. The scan's
 * mapper stops at MAX_PACKAGES already and an import cuts at the stack's limit before asking (decision 076).
 */
export const CREATED_PACKAGES_MAX = STACK_SERVICES_MAX
/**
 * Packages created per transaction: a few statements of this many rows each. On PGlite every other request waits
 * for a transaction to end, so hundreds of packages are created in short transactions, not one long one (F-4).
 */
const INSERT_CHUNK = 50

/**
 * Lets the event loop serve what waits before the next chunk. PGlite answers from memory through promises alone, so
 * back-to-back statements form one chain of microtasks that no request's I/O can enter: without this, a tool page
 * asked during an import waited for all of it (F-4).
 */
export const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Creates the package tools a scan or an import found and the catalog lacks, with an alias of their ecosystem so the
 * next scan finds them, and returns the detected tools with their stored slugs and names. They are created
 * unapproved, with no submitter: no public page, no sitemap, no listing, until a moderator approves them or public
 * stacks of PACKAGE_APPROVAL_PEOPLE people use them (decision 076). A package folded into a catalog tool (npm
 * react-dom, whose alias is React's) gets a package tool of its own, aliased under packageAliasKind, as the
 * catalog's package tools are made (decision 028): listed beside the tool.
 */
export async function ensurePackageTools(db: Db, detected: DetectedTool[]): Promise<ScannedTool[]> {
  const pending = detected.filter((tool) => tool.newPackage && isReadableName(tool.newPackage.alias))
  const stored = new Map<DetectedTool, { name: string; slug: string }>()
  /** Where each pending package is looked up and created: its ecosystem's alias, or the package kind if folded. */
  const keys = new Map<DetectedTool, { kind: string; alias: string }>()
  if (pending.length > 0) {
    // any tool already holding the alias wins, hidden or not (the alias is the table's primary key)
    const existing = await findToolsByAliases(db, [
      ...pending.map((tool) => ecosystemKey(tool.newPackage!)),
      ...pending.map((tool) => packageKey(tool.newPackage!)),
    ])
    const missing = pending.filter((tool) => {
      const own = existing.get(keyString(ecosystemKey(tool.newPackage!)))
      const key = own && !own.isPackage ? packageKey(tool.newPackage!) : ecosystemKey(tool.newPackage!)
      keys.set(tool, key)
      const row = existing.get(keyString(key))
      if (row) stored.set(tool, row)
      return !row
    })
    // two spellings of one package (a scope's case, PEP 503) are one key: created once
    const toCreate = new Map<string, { item: NewPackage; kind: string }>()
    for (const tool of missing) {
      const key = keys.get(tool)!
      if (toCreate.size >= CREATED_PACKAGES_MAX) break
      if (!toCreate.has(keyString(key))) toCreate.set(keyString(key), { item: tool.newPackage!, kind: key.kind })
    }
    const created = await insertPackageTools(db, [...toCreate.values()])
    for (const tool of missing) {
      const row = created.get(keyString(keys.get(tool)!))
      if (row) stored.set(tool, row)
    }
    // packages another scan created at the same moment
    const unresolved = missing.filter((tool) => !stored.has(tool) && toCreate.has(keyString(keys.get(tool)!)))
    if (unresolved.length > 0) {
      const raced = await findToolsByAliases(
        db,
        unresolved.map((tool) => keys.get(tool)!),
      )
      for (const tool of unresolved) {
        const row = raced.get(keyString(keys.get(tool)!))
        if (row) stored.set(tool, row)
      }
    }
  }
  const slugs = new Set<string>()
  return detected.flatMap((tool) => {
    const { newPackage: _newPackage, ...rest } = tool
    const row = tool.newPackage ? stored.get(tool) : rest
    // two spellings of one package (a scope's case, PEP 503) resolve to one stored tool: listed once
    if (!row || slugs.has(row.slug)) return []
    slugs.add(row.slug)
    return [{ ...rest, slug: row.slug, name: row.name }]
  })
}

/**
 * Inserts package tools and their aliases a chunk at a time, each chunk in a transaction of its own: a few
 * statements per INSERT_CHUNK packages, never a round trip per package (F-4). Called inside a transaction, the
 * chunks are savepoints of it. A slug another tool holds takes the next number; a package whose alias another scan
 * took meanwhile is dropped again (its caller reads the winner). Answers the created ones by `{kind}:{alias}`.
 */
async function insertPackageTools(
  db: Db,
  items: Array<{ item: NewPackage; kind: string }>,
): Promise<Map<string, { name: string; slug: string }>> {
  const created = new Map<string, { name: string; slug: string }>()
  if (items.length === 0) return created
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    if (start > 0) await letOthersIn()
    await db.transaction(async (tx) => {
      let waiting = items.slice(start, start + INSERT_CHUNK)
      for (let attempt = 1; attempt <= 20 && waiting.length > 0; attempt++) {
        const bySlug = new Map<string, { item: NewPackage; kind: string }>()
        const next: typeof waiting = []
        for (const entry of waiting) {
          const base = packageSlug(entry.item.ecosystem, entry.item.alias)
          const slug = attempt === 1 ? base : `${base.slice(0, 56)}-${attempt}`
          if (bySlug.has(slug)) next.push(entry)
          else bySlug.set(slug, entry)
        }
        const rows = await tx
          .insert(tools)
          .values(
            [...bySlug].map(([slug, { item }]) => ({
              slug,
              name: item.name,
              title: `${item.name} package on ${ECOSYSTEM_LABELS[item.ecosystem]}`,
              websiteUrl: packageRegistryUrl(item.ecosystem, item.name),
              isPackage: true,
              packageEcosystem: item.ecosystem,
              // decision 076: no public page until approved or used in public stacks of several people
              isApproved: false,
              searchVector: sql`setweight(to_tsvector('simple', ${item.name}), 'A')`,
            })),
          )
          .onConflictDoNothing({ target: tools.slug })
          .returning({ id: tools.id, slug: tools.slug, name: tools.name })
        const inserted = new Map(rows.map((row) => [row.slug, row]))
        for (const [slug, entry] of bySlug) if (!inserted.has(slug)) next.push(entry) // slug taken: next number
        if (rows.length > 0) {
          const aliasRows = await tx
            .insert(toolAliases)
            .values(
              rows.map((row) => {
                const { item, kind } = bySlug.get(row.slug)!
                return { toolId: row.id, kind, alias: item.alias }
              }),
            )
            .onConflictDoNothing()
            .returning({ toolId: toolAliases.toolId })
          const aliased = new Set(aliasRows.map((row) => row.toolId))
          const orphans = rows.filter((row) => !aliased.has(row.id)).map((row) => row.id)
          if (orphans.length > 0) await tx.delete(tools).where(inArray(tools.id, orphans))
          for (const row of rows) {
            if (!aliased.has(row.id)) continue
            const { item, kind } = bySlug.get(row.slug)!
            created.set(keyString({ kind, alias: item.alias }), { slug: row.slug, name: row.name })
          }
        }
        waiting = next
      }
    })
  }
  return created
}

async function findToolsByAliases(db: Db, keys: { kind: string; alias: string }[]) {
  const result = new Map<string, { name: string; slug: string; isPackage: boolean }>()
  const byKind = new Map<string, string[]>()
  for (const key of keys) byKind.set(key.kind, [...(byKind.get(key.kind) ?? []), key.alias])
  for (const [kind, aliases] of byKind) {
    const rows = await db
      .select({ alias: toolAliases.alias, name: tools.name, slug: tools.slug, isPackage: tools.isPackage })
      .from(toolAliases)
      .innerJoin(tools, eq(tools.id, toolAliases.toolId))
      .where(and(eq(toolAliases.kind, kind), inArray(toolAliases.alias, aliases)))
    for (const row of rows)
      result.set(`${kind}:${row.alias}`, { name: row.name, slug: row.slug, isPackage: row.isPackage })
  }
  return result
}

export async function findLatestScan(db: Db, targetKey: string): Promise<ScanRow | undefined> {
  const [row] = await db
    .select()
    .from(scans)
    .where(eq(scans.targetKey, targetKey))
    .orderBy(desc(scans.startedAt), desc(scans.id))
    .limit(1)
  return row
}

export async function findScan(db: Db, id: number): Promise<ScanRow | undefined> {
  const [row] = await db.select().from(scans).where(eq(scans.id, id))
  return row
}

export async function insertScan(db: Db, values: typeof scans.$inferInsert): Promise<ScanRow> {
  const [row] = await db.insert(scans).values(values).returning()
  return row!
}

/** Records a running scan's progress or outcome; a scan that has ended (done, failed) is never changed again. */
export async function updateScan(db: Db, id: number, patch: Partial<typeof scans.$inferInsert>): Promise<void> {
  await db
    .update(scans)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(scans.id, id), eq(scans.state, 'scanning')))
}

/** Scans running or waiting their turn on any instance (touched recently: a lost runner's scans do not count). */
export async function countAllRunningScans(db: Db, aliveSince: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scans)
    .where(and(eq(scans.state, 'scanning'), gte(scans.updatedAt, aliveSince)))
  return row?.count ?? 0
}

/** Serializes the overall cap's "count, then start" across every instance, for the rest of the transaction. */
export async function lockScanStarts(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('scan:starts'))`)
}

/** Scans of a user still running (touched recently: a scan whose runner died does not count forever). */
export async function countRunningScans(db: Db, userId: number, aliveSince: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scans)
    .where(and(eq(scans.userId, userId), eq(scans.state, 'scanning'), gte(scans.updatedAt, aliveSince)))
  return row?.count ?? 0
}

export async function countScansStartedSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scans)
    .where(and(eq(scans.userId, userId), gte(scans.startedAt, since)))
  return row?.count ?? 0
}

/** Serializes "find the latest scan, maybe start one" per target across every instance (PostgreSQL and PGlite). */
export async function lockScanTarget(db: Db, targetKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`scan:${targetKey}`}))`)
}

/**
 * The public stack whose website is this URL's site, as '/{ownerSlug}/{stackSlug}'. The stored website is matched
 * in the spellings people type (with or without scheme, www. and a trailing slash), through the lower(website_url)
 * index; a code-host URL (github.com/owner/repo) must match down to the repository.
 */
export async function findClaimedStackPath(db: Db, site: { host: string; path: string }): Promise<string | null> {
  const bases = [site.host, `www.${site.host}`].map((host) => `${host}${site.path}`)
  const spellings = bases.flatMap((base) =>
    ['', 'http://', 'https://'].flatMap((scheme) => [`${scheme}${base}`, `${scheme}${base}/`]),
  )
  const [row] = await db
    .select({ stackSlug: stacks.slug, username: users.username, companySlug: companies.slug })
    .from(stacks)
    .leftJoin(users, eq(users.id, stacks.ownerUserId))
    .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
    .where(and(inArray(sql`lower(${stacks.websiteUrl})`, spellings), eq(stacks.isPrivate, false)))
    .orderBy(desc(stacks.followersCount), stacks.id)
    .limit(1)
  if (!row) return null
  const owner = row.companySlug ?? row.username
  return owner ? `/${owner}/${row.stackSlug}` : null
}

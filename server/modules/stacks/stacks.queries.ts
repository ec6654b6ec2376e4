import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  categories,
  companies,
  companyMembers,
  layers,
  ownerHandles,
  stackSyncChanges,
  stacks,
  stackTools,
  tools,
  users,
} from '../../db/schema/index.ts'
import { builtOnce } from '../../db/statements.ts'

export type StackRow = typeof stacks.$inferSelect
export type ToolRow = typeof tools.$inferSelect
export type StackSyncChangeRow = typeof stackSyncChanges.$inferSelect

/** A stack's owner: a user (their handle is the username) or a company. */
export interface OwnerRecord {
  type: 'User' | 'Company'
  id: number
  slug: string
  name: string
  imageUrl: string | null
  /** Companies only: the company keeps a private directory (spec §6). */
  privateMode: boolean
}

export interface StackWithOwner {
  stack: StackRow
  owner: OwnerRecord
}

/** Owner key of a stack row, for queries: exactly one of the two columns is set (stack_one_owner). */
export function ownerCondition(owner: Pick<OwnerRecord, 'type' | 'id'>): SQL {
  return owner.type === 'User' ? eq(stacks.ownerUserId, owner.id) : eq(stacks.ownerCompanyId, owner.id)
}

function selectStacksWithOwner(db: Db) {
  return db
    .select({
      stack: stacks,
      user: { id: users.id, username: users.username, name: users.name, image: users.image },
      company: {
        id: companies.id,
        slug: companies.slug,
        name: companies.name,
        imageUrl: companies.imageUrl,
        privateMode: companies.privateMode,
      },
    })
    .from(stacks)
    .leftJoin(users, eq(users.id, stacks.ownerUserId))
    .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
}

type StackOwnerJoin = Awaited<ReturnType<ReturnType<typeof selectStacksWithOwner>['execute']>>[number]

function toStackWithOwner(row: StackOwnerJoin): StackWithOwner {
  if (row.company?.id) {
    return {
      stack: row.stack,
      owner: {
        type: 'Company',
        id: row.company.id,
        slug: row.company.slug,
        name: row.company.name,
        imageUrl: row.company.imageUrl,
        privateMode: row.company.privateMode,
      },
    }
  }
  const user = row.user!
  return {
    stack: row.stack,
    owner: {
      type: 'User',
      id: user.id,
      slug: user.username ?? String(user.id),
      name: user.name,
      imageUrl: user.image,
      privateMode: false,
    },
  }
}

export async function findStackWithOwner(db: Db, stackId: number): Promise<StackWithOwner | null> {
  const [row] = await selectStacksWithOwner(db).where(eq(stacks.id, stackId))
  return row ? toStackWithOwner(row) : null
}

export async function findStackBySlugs(db: Db, ownerSlug: string, stackSlug: string) {
  const [row] = await builtOnce(db, 'find_stack_by_slugs', buildFindStackBySlugs).execute({
    owner: ownerSlug.toLowerCase(),
    stack: stackSlug.toLowerCase(),
  })
  return row ? toStackWithOwner(row) : null
}

/**
 * Every stack page starts here: the owner's handle, the owner and the stack in one statement prepared once per
 * database handle, where they were three round trips each built by drizzle (decision 068).
 */
function buildFindStackBySlugs(db: Db, name: string) {
  const handleOwner = (column: typeof ownerHandles.userId | typeof ownerHandles.companyId) =>
    sql`(select ${column} from ${ownerHandles} where ${ownerHandles.slug} = ${sql.placeholder('owner')})`
  return selectStacksWithOwner(db)
    .where(
      and(
        eq(stacks.slug, sql.placeholder('stack')),
        or(
          sql`${stacks.ownerUserId} = ${handleOwner(ownerHandles.userId)}`,
          sql`${stacks.ownerCompanyId} = ${handleOwner(ownerHandles.companyId)}`,
        ),
      ),
    )
    .prepare(name)
}

/** The stacks matching a condition, with their owners, newest change first (or by owner and name). */
export async function listStacksWithOwner(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number; order?: 'recent' | 'name' } = { limit: 200, offset: 0 },
): Promise<StackWithOwner[]> {
  const order =
    page.order === 'name'
      ? [asc(stacks.ownerCompanyId), asc(sql`lower(${stacks.name})`), asc(stacks.id)]
      : [desc(stacks.updatedAt), desc(stacks.id)]
  const rows = await selectStacksWithOwner(db)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  return rows.map(toStackWithOwner)
}

/** Owner slugs are owner handles: one namespace for users and companies. */
export async function findOwnerBySlug(db: Db, slug: string): Promise<OwnerRecord | null> {
  const [handle] = await db.select().from(ownerHandles).where(eq(ownerHandles.slug, slug.toLowerCase()))
  if (handle?.userId) return findOwner(db, { type: 'User', id: handle.userId })
  if (handle?.companyId) return findOwner(db, { type: 'Company', id: handle.companyId })
  return null
}

export async function findOwner(db: Db, key: { type: 'User' | 'Company'; id: number }): Promise<OwnerRecord | null> {
  if (key.type === 'User') {
    const [user] = await db
      .select({ id: users.id, username: users.username, name: users.name, image: users.image })
      .from(users)
      .where(eq(users.id, key.id))
    if (!user) return null
    return {
      type: 'User',
      id: user.id,
      slug: user.username ?? String(user.id),
      name: user.name,
      imageUrl: user.image,
      privateMode: false,
    }
  }
  const [company] = await db.select().from(companies).where(eq(companies.id, key.id))
  if (!company) return null
  return {
    type: 'Company',
    id: company.id,
    slug: company.slug,
    name: company.name,
    imageUrl: company.imageUrl,
    privateMode: company.privateMode,
  }
}

/** The stack of this owner carrying the name (case-insensitive), other than `exceptStackId`. */
export async function findStackIdByName(
  db: Db,
  owner: Pick<OwnerRecord, 'type' | 'id'>,
  name: string,
  exceptStackId?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: stacks.id })
    .from(stacks)
    .where(
      and(
        ownerCondition(owner),
        sql`lower(${stacks.name}) = lower(${name.trim()})`,
        exceptStackId ? ne(stacks.id, exceptStackId) : undefined,
      ),
    )
    .limit(1)
  return row?.id ?? null
}

export async function listStackSlugsLike(db: Db, owner: Pick<OwnerRecord, 'type' | 'id'>, base: string) {
  const rows = await db
    .select({ slug: stacks.slug })
    .from(stacks)
    .where(and(ownerCondition(owner), or(eq(stacks.slug, base), sql`${stacks.slug} like ${`${base}-%`}`)))
  return new Set(rows.map((row) => row.slug))
}

/** A stack's tools in the order the user put them, with the required flag the builder gave each. */
export async function listStackTools(db: Db, stackId: number): Promise<Array<{ tool: ToolRow; isRequired: boolean }>> {
  return db
    .select({ tool: tools, isRequired: stackTools.isRequired })
    .from(stackTools)
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .where(eq(stackTools.stackId, stackId))
    .orderBy(asc(stackTools.position), asc(tools.name))
}

/** A synced stack's history, newest first (decision 063). */
export async function listStackSyncChanges(db: Db, stackId: number, limit: number): Promise<StackSyncChangeRow[]> {
  return db
    .select()
    .from(stackSyncChanges)
    .where(eq(stackSyncChanges.stackId, stackId))
    .orderBy(desc(stackSyncChanges.id))
    .limit(limit)
}

/** The stack page's tools with their category and layer ("Other" when the catalog has none), and their version. */
export async function listStackToolsWithCategories(db: Db, stackId: number) {
  return builtOnce(db, 'list_stack_tools_with_categories', buildListStackTools).execute({ stackId })
}

/** The stack page's tools: prepared once per database handle (decision 068). */
function buildListStackTools(db: Db, name: string) {
  return db
    .select({
      tool: tools,
      isRequired: stackTools.isRequired,
      version: stackTools.version,
      flaggedForRemovalAt: stackTools.flaggedForRemovalAt,
      category: { slug: categories.slug, name: categories.name, position: categories.position },
      layer: { slug: layers.slug, name: layers.name, position: layers.position },
    })
    .from(stackTools)
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .leftJoin(categories, eq(categories.id, tools.categoryId))
    .leftJoin(layers, eq(layers.id, categories.layerId))
    .where(and(eq(stackTools.stackId, sql.placeholder('stackId')), eq(tools.isHidden, false)))
    .orderBy(asc(stackTools.position), asc(tools.name))
    .prepare(name)
}

/** Tools of many stacks at once (for lists), visible ones only, in stack order. */
export async function listToolsOfStacks(db: Db, stackIds: number[]) {
  if (stackIds.length === 0) return []
  return db
    .select({
      stackId: stackTools.stackId,
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      imageUrl: tools.imageUrl,
    })
    .from(stackTools)
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .where(and(inArray(stackTools.stackId, stackIds), eq(tools.isHidden, false)))
    .orderBy(asc(stackTools.stackId), asc(stackTools.position), asc(tools.name))
}

/** The ids among `ids` that are tools in the catalog. */
export async function findExistingToolIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: tools.id }).from(tools).where(inArray(tools.id, ids))
  return new Set(rows.map((row) => row.id))
}

export async function findToolById(db: Db, id: number): Promise<ToolRow | null> {
  const [tool] = await db.select().from(tools).where(eq(tools.id, id))
  return tool ?? null
}

/** The stacks a user may edit: their own, and those of companies they administer. */
export function editableByUserCondition(userId: number): SQL {
  return or(
    eq(stacks.ownerUserId, userId),
    inArray(
      stacks.ownerCompanyId,
      sql`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId} and ${companyMembers.role} = 'admin')`,
    ),
  )!
}

/** Stacks a viewer may see: public ones, their own, and those of companies they belong to. */
export function visibleToViewerCondition(viewerId: number | null): SQL {
  if (viewerId === null) return eq(stacks.isPrivate, false)
  return or(
    eq(stacks.isPrivate, false),
    eq(stacks.ownerUserId, viewerId),
    inArray(
      stacks.ownerCompanyId,
      sql`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${viewerId})`,
    ),
  )!
}

/** Of these stacks, the ids that hold the tool. */
export async function findStackIdsHoldingTool(db: Db, stackIds: number[], toolId: number): Promise<Set<number>> {
  if (stackIds.length === 0) return new Set()
  const rows = await db
    .select({ stackId: stackTools.stackId })
    .from(stackTools)
    .where(and(inArray(stackTools.stackId, stackIds), eq(stackTools.toolId, toolId)))
  return new Set(rows.map((row) => row.stackId))
}

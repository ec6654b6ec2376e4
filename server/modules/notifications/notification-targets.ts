// What the modules that call notify() need to know about a target: its name and page, and who "owns" it (a stack's
// owner, a company's team). Queries take the database (usually the caller's transaction) first.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, companyMembers, stacks, tools, users } from '../../db/schema/index.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import { stackPath, toolPath } from '../stacks/stacks.presenter.ts'

export interface Target {
  name: string
  path: string
}

/** Everyone on the company's team ("your company": members and admins alike). */
export async function listCompanyMemberIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
  return rows.map((row) => row.userId)
}

/** The company's admins, who speak for it (comments on its page and its stacks). */
export async function listCompanyAdminIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
  return rows.map((row) => row.userId)
}

export async function findToolTarget(db: Db, toolId: number): Promise<(Target & { slug: string }) | null> {
  const [tool] = await db.select({ name: tools.name, slug: tools.slug }).from(tools).where(eq(tools.id, toolId))
  return tool ? { name: tool.name, slug: tool.slug, path: toolPath(tool.slug) } : null
}

export async function findCompanyTarget(db: Db, companyId: number): Promise<Target | null> {
  const [company] = await db
    .select({ name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId))
  return company ? { name: company.name, path: companyPath(company.slug) } : null
}

/** A stack's name, page and owners: its user, or its company's team. */
export async function findStackTarget(
  db: Db,
  stackId: number,
): Promise<(Target & { isPrivate: boolean; ownerIds: number[]; ownerCompanyId: number | null }) | null> {
  const [stack] = await db
    .select({
      name: stacks.name,
      slug: stacks.slug,
      isPrivate: stacks.isPrivate,
      ownerUserId: stacks.ownerUserId,
      ownerCompanyId: stacks.ownerCompanyId,
      ownerSlug: sql<string | null>`coalesce(${users.username}, ${companies.slug})`,
    })
    .from(stacks)
    .leftJoin(users, eq(users.id, stacks.ownerUserId))
    .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
    .where(eq(stacks.id, stackId))
  if (!stack?.ownerSlug) return null
  const ownerIds = stack.ownerUserId
    ? [stack.ownerUserId]
    : stack.ownerCompanyId
      ? await listCompanyMemberIds(db, stack.ownerCompanyId)
      : []
  return {
    name: stack.name,
    path: stackPath({ slug: stack.ownerSlug }, stack.slug),
    isPrivate: stack.isPrivate,
    ownerIds,
    ownerCompanyId: stack.ownerCompanyId,
  }
}

/** The page a comment hangs off (tool, stack or company). */
export async function findCommentableTarget(
  db: Db,
  type: 'tool' | 'stack' | 'company',
  id: number,
): Promise<Target | null> {
  if (type === 'tool') return findToolTarget(db, id)
  if (type === 'company') return findCompanyTarget(db, id)
  return findStackTarget(db, id)
}

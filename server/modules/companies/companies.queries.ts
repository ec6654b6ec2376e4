import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { companies, companyMembers } from '../../db/schema/index.ts'

export type CompanyRow = typeof companies.$inferSelect
export type CompanyRole = 'member' | 'admin'

export async function findCompanyById(db: Db, id: number): Promise<CompanyRow | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id))
  return company ?? null
}

export async function findCompanyBySlug(db: Db, slug: string): Promise<CompanyRow | null> {
  const [company] = await db.select().from(companies).where(eq(companies.slug, slug.toLowerCase()))
  return company ?? null
}

/** Company names are unique regardless of case (company_lower_name_idx). */
export async function findCompanyByName(db: Db, name: string): Promise<CompanyRow | null> {
  const [company] = await db.select().from(companies).where(sql`lower(${companies.name}) = lower(${name.trim()})`)
  return company ?? null
}

export async function findCompanyRole(db: Db, companyId: number, userId: number): Promise<CompanyRole | null> {
  const [membership] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
  return membership?.role ?? null
}

/** The companies a user belongs to, with their role, by name. */
export async function listCompaniesOfUser(db: Db, userId: number) {
  return db
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companies.name), asc(companies.id))
}

/** Admin user ids per company. */
export async function listCompanyAdminIds(db: Db, companyIds: number[]): Promise<Map<number, number[]>> {
  const admins = new Map<number, number[]>(companyIds.map((id) => [id, []]))
  if (companyIds.length === 0) return admins
  const rows = await db
    .select({ companyId: companyMembers.companyId, userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(inArray(companyMembers.companyId, companyIds), eq(companyMembers.role, 'admin')))
    .orderBy(asc(companyMembers.id))
  for (const row of rows) admins.get(row.companyId)?.push(row.userId)
  return admins
}

/** spec §6: members of a private-mode company may not create a new company (unless they are site admins). */
export async function isMemberOfPrivateModeCompany(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), eq(companies.privateMode, true)))
    .limit(1)
  return Boolean(row)
}

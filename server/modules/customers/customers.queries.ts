// Reads of company customers. The status is derived here: a customer is Added when its company lists the tool in
// one of its public stacks (docs/decisions/016-company-customers.md), so no write elsewhere has to keep it in step.
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { companies, companyCustomers, stacks, stackTools, tools } from '../../db/schema/index.ts'

const customerCompany = alias(companies, 'customer_company')
const vendorCompany = alias(companies, 'vendor_company')

/** The customer's company lists the customer's tool in a public stack. */
const listsToolPublicly = sql<boolean>`exists (
  select 1 from ${stacks} join ${stackTools} on ${stackTools.stackId} = ${stacks.id}
  where ${stacks.ownerCompanyId} = ${companyCustomers.customerCompanyId}
    and ${stackTools.toolId} = ${companyCustomers.toolId}
    and ${stacks.isPrivate} = false
)`

function selectCustomers(db: Db) {
  return db
    .select({
      customer: companyCustomers,
      tool: { id: tools.id, name: tools.name, slug: tools.slug, imageUrl: tools.imageUrl },
      company: {
        id: customerCompany.id,
        name: customerCompany.name,
        slug: customerCompany.slug,
        imageUrl: customerCompany.imageUrl,
        verified: customerCompany.verified,
      },
      vendor: { id: vendorCompany.id, name: vendorCompany.name, slug: vendorCompany.slug },
      added: listsToolPublicly,
    })
    .from(companyCustomers)
    .innerJoin(tools, eq(tools.id, companyCustomers.toolId))
    .innerJoin(vendorCompany, eq(vendorCompany.id, companyCustomers.vendorCompanyId))
    .leftJoin(customerCompany, eq(customerCompany.id, companyCustomers.customerCompanyId))
}

export type CustomerRecord = Awaited<ReturnType<typeof listCustomersOfVendor>>[number]

/** spec §9: ordered by id then created_at, reversed: newest first. */
export function listCustomersOfVendor(db: Db, vendorCompanyId: number) {
  return selectCustomers(db)
    .where(eq(companyCustomers.vendorCompanyId, vendorCompanyId))
    .orderBy(desc(companyCustomers.id), desc(companyCustomers.createdAt))
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRecord | null> {
  const [row] = await selectCustomers(db).where(eq(companyCustomers.id, id))
  return row ?? null
}

/** The customers a tool's vendors list, newest first: the tool page's 'companies using it'. */
export function listCustomersOfTool(db: Db, toolId: number, limit: number) {
  return selectCustomers(db).where(eq(companyCustomers.toolId, toolId)).orderBy(desc(companyCustomers.id)).limit(limit)
}

/**
 * The host of a website URL as SQL: scheme, 'www.', port, path and query dropped, lower case. Matches
 * domainOfWebsite() in contracts/company-customers.ts for the URLs the catalog and the company form hold.
 */
const websiteDomain = (column: SQL | typeof tools.websiteUrl) =>
  sql<string>`lower(regexp_replace(regexp_replace(trim(${column}), '^[a-z][a-z0-9+.-]*://', '', 'i'), '^www\\.|[:/?#].*$', '', 'gi'))`

/** A company's tools: approved catalog tools whose website is on the company's domain or one of its subdomains. */
export function toolOfDomainCondition(domain: string): SQL {
  const host = websiteDomain(tools.websiteUrl)
  return and(
    eq(tools.isApproved, true),
    eq(tools.isHidden, false),
    sql`${tools.websiteUrl} is not null`,
    sql`(${host} = ${domain} or ${host} like ${`%.${domain.replace(/[\\%_]/g, '\\$&')}`})`,
  )!
}

export function listToolsOfDomain(db: Db, domain: string) {
  return db
    .select({ id: tools.id, name: tools.name, slug: tools.slug, imageUrl: tools.imageUrl })
    .from(tools)
    .where(toolOfDomainCondition(domain))
    .orderBy(asc(tools.name), asc(tools.id))
    .limit(100)
}

export async function isToolOfDomain(db: Db, toolId: number, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.id, toolId), toolOfDomainCondition(domain)))
  return Boolean(row)
}

/** Whether a company lists the tool in one of its public stacks (spec §8 'already has service'). */
export async function companyListsTool(db: Db, companyId: number, toolId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stacks.id })
    .from(stacks)
    .innerJoin(stackTools, eq(stackTools.stackId, stacks.id))
    .where(and(eq(stacks.ownerCompanyId, companyId), eq(stackTools.toolId, toolId), eq(stacks.isPrivate, false)))
    .limit(1)
  return Boolean(row)
}

export async function findCustomerIdByEmail(
  db: Db,
  vendorCompanyId: number,
  email: string,
  exceptId?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: companyCustomers.id })
    .from(companyCustomers)
    .where(
      and(
        eq(companyCustomers.vendorCompanyId, vendorCompanyId),
        sql`lower(${companyCustomers.email}) = lower(${email})`,
        exceptId ? ne(companyCustomers.id, exceptId) : undefined,
      ),
    )
  return row?.id ?? null
}

/**
 * GET /companies/search: names containing the text, exact and prefix matches first, then the most followed. The
 * wildcards a user types are matched literally.
 */
export function searchCompanies(db: Db, text: string, limit: number) {
  const needle = text.toLowerCase()
  const escaped = needle.replace(/[\\%_]/g, '\\$&')
  return db
    .select({ id: companies.id, name: companies.name, websiteUrl: companies.websiteUrl })
    .from(companies)
    .where(sql`lower(${companies.name}) like ${`%${escaped}%`}`)
    .orderBy(
      sql`lower(${companies.name}) = ${needle} desc`,
      sql`lower(${companies.name}) like ${`${escaped}%`} desc`,
      desc(companies.followersCount),
      asc(companies.name),
      asc(companies.id),
    )
    .limit(limit)
}

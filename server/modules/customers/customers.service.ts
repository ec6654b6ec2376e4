// Company customers' rules (spec §4, §5, §8; docs/decisions/016-company-customers.md): who the customer is, which
// tool, which address, and the two conflicts the screen names ('already has service', the duplicate address).
import { and, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import {
  ALREADY_HAS_SERVICE,
  ALREADY_SENT,
  type CompanyCustomerBody,
  DUPLICATE_EMAIL,
  domainOfWebsite,
  emailNotAtDomain,
  NOT_COMPANY_TOOL,
  OWN_COMPANY,
} from '#contracts/company-customers.ts'
import type { Db } from '../../db/client.ts'
import { companyCustomers } from '../../db/schema/index.ts'
import { conflict, fieldError } from '../../http/errors.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { type CompanyRow, findCompanyById, findCompanyByName } from '../companies/companies.queries.ts'
import { enqueueMail } from '../mail/mail.service.ts'
import { uniqueViolation } from '../stacks/unique-violation.ts'
import { type InviteContext, inviteSubject, inviteText } from './customers.presenter.ts'
import { type CustomerRecord, companyListsTool, findCustomerIdByEmail, isToolOfDomain } from './customers.queries.ts'

type CustomerFields = z.output<typeof CompanyCustomerBody>

interface ResolvedCustomer {
  toolId: number
  customerCompany: CompanyRow | null
  companyName: string
  email: string
}

/** Checks the form against the vendor and answers what to store; throws the field errors and conflicts. */
async function resolveCustomer(
  db: Db,
  vendor: CompanyRow,
  fields: CustomerFields,
  exceptId?: number,
): Promise<ResolvedCustomer> {
  const toolId = fields.company_customer.service_id
  const vendorDomain = domainOfWebsite(vendor.websiteUrl)
  if (!vendorDomain || !(await isToolOfDomain(db, toolId, vendorDomain)))
    throw fieldError('service_id', NOT_COMPANY_TOOL)

  // An existing company by id; a new name that is in fact a company's name (any case) is that company.
  const customerCompany = fields.existing_company
    ? await findCompanyById(db, Number(fields.company_name))
    : await findCompanyByName(db, String(fields.company_name))
  if (fields.existing_company && !customerCompany) throw fieldError('company_name', 'is invalid')
  if (customerCompany?.id === vendor.id) throw fieldError('company_name', OWN_COMPANY)

  const email = fields.company_customer.email.trim()
  // spec §5: for an existing company only the part before its domain is typed; the server holds the same line.
  const customerDomain = customerCompany ? domainOfWebsite(customerCompany.websiteUrl) : null
  if (customerDomain && !email.toLowerCase().endsWith(`@${customerDomain}`)) {
    throw fieldError('email', emailNotAtDomain(customerDomain))
  }
  if (customerCompany && (await companyListsTool(db, customerCompany.id, toolId))) {
    throw conflict(ALREADY_HAS_SERVICE)
  }
  if (await findCustomerIdByEmail(db, vendor.id, email, exceptId)) throw duplicateEmail()
  return {
    toolId,
    customerCompany,
    companyName: customerCompany?.name ?? String(fields.company_name).trim(),
    email,
  }
}

const duplicateEmail = () => conflict(DUPLICATE_EMAIL)

/** A lost race on the (vendor, address) index answers as the check would have. */
async function mapDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'company_customer_vendor_email_idx') throw duplicateEmail()
    throw error
  }
}

export async function addCustomer(
  db: Db,
  vendor: CompanyRow,
  creatorId: number,
  fields: CustomerFields,
): Promise<number> {
  const resolved = await resolveCustomer(db, vendor, fields)
  return mapDuplicate(async () => {
    const [row] = await db
      .insert(companyCustomers)
      .values({
        vendorCompanyId: vendor.id,
        toolId: resolved.toolId,
        customerCompanyId: resolved.customerCompany?.id ?? null,
        companyName: resolved.companyName,
        email: resolved.email,
        createdById: creatorId,
      })
      .returning({ id: companyCustomers.id })
    return row!.id
  })
}

/** spec §4: after an edit the address is updated and sent_at is cleared (and copied_at: the status starts over). */
export async function updateCustomer(db: Db, vendor: CompanyRow, customerId: number, fields: CustomerFields) {
  const resolved = await resolveCustomer(db, vendor, fields, customerId)
  await mapDuplicate(() =>
    db
      .update(companyCustomers)
      .set({
        toolId: resolved.toolId,
        customerCompanyId: resolved.customerCompany?.id ?? null,
        companyName: resolved.companyName,
        email: resolved.email,
        sentAt: null,
        copiedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(companyCustomers.id, customerId)),
  )
}

export async function markCustomerEmailCopied(db: Db, customerId: number) {
  await db
    .update(companyCustomers)
    .set({ copiedAt: new Date(), updatedAt: new Date() })
    .where(eq(companyCustomers.id, customerId))
}

/**
 * Send Email: queues the invitation in the outbox and sets sent_at in one transaction, so a message exists exactly
 * when sent_at says so. Once sent, it is not sent again until the address changes (spec §4); a customer already
 * Added needs no e-mail. Answers the new sent_at.
 */
export async function sendCustomerInvite(
  db: Db,
  jobQueue: JobQueue,
  record: CustomerRecord,
  context: InviteContext,
): Promise<Date> {
  if (record.added) throw conflict(ALREADY_HAS_SERVICE)
  return db.transaction(async (tx) => {
    const sentAt = new Date()
    // The condition settles two clicks at once: only one of them finds sent_at empty.
    const [updated] = await tx
      .update(companyCustomers)
      .set({ sentAt, updatedAt: sentAt })
      .where(and(eq(companyCustomers.id, record.customer.id), isNull(companyCustomers.sentAt)))
      .returning({ id: companyCustomers.id })
    if (!updated) throw conflict(ALREADY_SENT)
    await enqueueMail(tx, jobQueue, {
      kind: 'customer.verification',
      to: record.customer.email,
      subject: inviteSubject(record),
      text: inviteText(record, context),
    })
    return sentAt
  })
}

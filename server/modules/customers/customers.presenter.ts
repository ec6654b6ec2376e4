import type { CompanyCustomer, CustomerService, CustomerStatus, ToolCustomer } from '#contracts/company-customers.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import type { CustomerRecord } from './customers.queries.ts'

export interface InviteContext {
  siteName: string
  baseUrl: string
}

/** Added beats the e-mail's history; a sent e-mail beats a copied one (docs/decisions/016-company-customers.md). */
export function customerStatus(record: CustomerRecord): CustomerStatus {
  if (record.added) return 'Added'
  if (record.customer.sentAt) return 'Email Sent'
  if (record.customer.copiedAt) return 'Email Copied'
  return 'Customer Not Listed'
}

export function customerCompanyName(record: CustomerRecord): string {
  return record.company?.name ?? record.customer.companyName
}

export function presentService(tool: CustomerRecord['tool']): CustomerService {
  return { id: tool.id, name: tool.name, slug: tool.slug, image_url: tool.imageUrl }
}

export function presentCustomer(record: CustomerRecord, context: InviteContext): CompanyCustomer {
  const status = customerStatus(record)
  return {
    id: record.customer.id,
    company_name: customerCompanyName(record),
    email: record.customer.email,
    needs_email: status !== 'Added',
    sent_at: record.customer.sentAt?.toISOString() ?? null,
    service: presentService(record.tool),
    company_verified: record.company?.verified ?? false,
    company_canonical_url: record.company ? companyPath(record.company.slug) : null,
    status,
    email_content: inviteText(record, context),
    created_at: record.customer.createdAt.toISOString(),
  }
}

export function inviteSubject(record: CustomerRecord): string {
  return `${record.vendor.name} would like to know: does ${customerCompanyName(record)} use ${record.tool.name}?`
}

/** The invitation: the same text the vendor copies (Copy Email) and the one Send Email sends. */
export function inviteText(record: CustomerRecord, context: InviteContext): string {
  const customer = customerCompanyName(record)
  const tool = record.tool.name
  const link = `${context.baseUrl.replace(/\/$/, '')}/tools/${record.tool.slug}`
  return [
    'Hi,',
    '',
    `${record.vendor.name} lists ${customer} as a customer of ${tool} on ${context.siteName}.`,
    `If your team uses ${tool}, please confirm it by adding ${tool} to ${customer}'s stack (the I Use This button):`,
    '',
    link,
    '',
    'Thank you!',
    `The ${record.vendor.name} team`,
  ].join('\n')
}

export function presentToolCustomer(record: CustomerRecord): ToolCustomer {
  return {
    name: customerCompanyName(record),
    path: record.company ? companyPath(record.company.slug) : null,
    image_url: record.company?.imageUrl ?? null,
    confirmed: record.added,
  }
}

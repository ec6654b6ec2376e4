// Company customers (specs/onboarding-customers-teams-notifications.md §2 'Company customers screen', §3-§9): a
// company's admins list the companies that use one of its tools, and ask them by e-mail to confirm by adding the
// tool to their own stack. Decisions: docs/decisions/016-company-customers.md.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { COMPANY_NAME_MAX, EMAIL_PATTERN } from './companies.ts'
import { Id } from './stacks.ts'

export const CUSTOMER_EMAIL_MAX = 254
/** spec §9: the company search waits this long after typing stops. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 250
export const COMPANY_SEARCH_LIMIT = 10
export const COMPANY_SEARCH_QUERY_MAX = 60
/** At most this many customers show on a tool page. */
export const TOOL_CUSTOMERS_LIMIT = 48

/** spec §4 'Customer status values'. */
export const CUSTOMER_STATUSES = ['Customer Not Listed', 'Email Sent', 'Email Copied', 'Added'] as const
export const CustomerStatus = z.enum(CUSTOMER_STATUSES)
export type CustomerStatus = z.infer<typeof CustomerStatus>

/** spec §4: Not Listed shows as not listed, Sent and Copied as pending, anything else as listed. */
export function customerStatusKind(status: string): 'not-listed' | 'pending' | 'listed' {
  if (status === 'Customer Not Listed') return 'not-listed'
  if (status === 'Email Sent' || status === 'Email Copied') return 'pending'
  return 'listed'
}

// spec §2 and §8: the form's words and the alerts.
export const NO_EMAIL_NOTE = 'No email will be sent'
export const DOMAIN_HINT = 'Domain for email address is prefilled, please dont enter the full email address'
export const SUBMIT_IDLE = 'Add Customer Below'
export const SUBMIT_ADDING = 'Adding customer...'
export const SUBMIT_UPDATING = 'Updating customer...'
export const EDIT_MODAL_TITLE = 'Add Email for Company Customer'
export const COPY_MODAL_TITLE = 'Copy your email invite text here'
/** The server's message when the customer already lists the tool; the screen shows ALREADY_HAS_SERVICE_ALERT. */
export const ALREADY_HAS_SERVICE = 'already has service'
export const ALREADY_HAS_SERVICE_ALERT = 'Oops... This customer has already listed you as part of their stack.'
export const DUPLICATE_EMAIL = 'has already been added as a customer'
export const DUPLICATE_EMAIL_ALERT = "Oops... Sorry you've already added a customer with that email address."
export const SEND_FAILED_ALERT = 'Oops... Something went wrong sending this email.'
export const SEND_SUCCESS_ALERT = "Great! We've sent an email to your customer asking them to verify."
export const ALREADY_SENT = 'This email has already been sent. Change the address to send it again.'
export const ONLY_COMPANY_ADMINS_CUSTOMERS = "Only the company's admins can manage its customers."
export const IMPERSONATED_CUSTOMERS = 'Impersonated users are not allowed to manage customers'
export const NOT_COMPANY_TOOL = "is not one of your company's tools"
export const OWN_COMPANY = "can't be your own company"
export const emailNotAtDomain = (domain: string) => `must be an address at ${domain}`

/**
 * The e-mail domain of a company, from its website: 'https://www.acme.io/about' -> 'acme.io'. Null when the
 * website is missing or not a host name. The same function decides which tools are a company's (their websites
 * share the domain) and prefills the customer's address.
 */
export function domainOfWebsite(website: string | null | undefined): string | null {
  const text = website?.trim()
  if (!text) return null
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
    const host = url.hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '')
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null
  } catch {
    return null
  }
}

const blank = "can't be blank"
const Email = z
  .string(blank)
  .trim()
  .min(1, { message: blank, abort: true })
  .max(CUSTOMER_EMAIL_MAX, `is too long (maximum is ${CUSTOMER_EMAIL_MAX} characters)`)
  .regex(EMAIL_PATTERN, 'is invalid')

/**
 * POST /company_customers and PATCH /company_customers/{id} (spec §7). `company_name` is an existing company's id
 * when `existing_company` is true, otherwise the new company's name. `company_id` (beyond the spec) names the vendor:
 * the company whose customers these are, since one user may administer several.
 */
export const CompanyCustomerBody = z
  .object({
    company_id: Id,
    company_customer: z.object({ service_id: Id, email: Email }),
    existing_company: z.coerce.boolean().default(false),
    company_name: z.union([z.number(), z.string()], blank),
  })
  .superRefine((body, context) => {
    if (body.existing_company) {
      if (!Id.safeParse(body.company_name).success) {
        context.addIssue({ code: 'custom', path: ['company_name'], message: 'is invalid' })
      }
      return
    }
    const name = String(body.company_name).trim()
    if (!name) context.addIssue({ code: 'custom', path: ['company_name'], message: blank })
    else if (name.length > COMPANY_NAME_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['company_name'],
        message: `is too long (maximum is ${COMPANY_NAME_MAX} characters)`,
      })
    }
  })
export type CompanyCustomerBody = z.input<typeof CompanyCustomerBody>

export const CustomerIdParams = z.object({ customerId: Id })
export const CustomerIdBody = z.object({ id: Id })

export const CustomerService = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.string().nullable(),
})
export type CustomerService = z.infer<typeof CustomerService>

/** spec §3 'Company customer'. */
export const CompanyCustomer = z
  .object({
    id: z.number().int(),
    company_name: z.string(),
    email: z.string(),
    /** True while the customer has not confirmed (status is not Added): the vendor may still change the address. */
    needs_email: z.boolean(),
    sent_at: z.string().nullable(),
    service: CustomerService,
    company_verified: z.boolean(),
    /** The customer's company page, when the company is on the site. */
    company_canonical_url: z.string().nullable(),
    status: CustomerStatus,
    /** The invitation text the vendor can copy and send themselves. */
    email_content: z.string(),
    created_at: z.string(),
  })
  .register(apiSchemas, { id: 'CompanyCustomer' })
export type CompanyCustomer = z.infer<typeof CompanyCustomer>

export const CompanyCustomerResponse = z.object({ company_customer: CompanyCustomer })
export type CompanyCustomerResponse = z.infer<typeof CompanyCustomerResponse>

/** GET /company_customers?company_slug=: what the customers screen needs. */
export const CompanyCustomersQuery = z.object({ company_slug: z.string().trim().min(1).max(100) })
export const CompanyCustomersResponse = z.object({
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    website_url: z.string().nullable(),
    /** The domain the company's tools and its customers' addresses are matched on, or null without a website. */
    domain: z.string().nullable(),
  }),
  /** The company's tools: catalog tools whose website is on the company's domain. */
  services: z.array(CustomerService),
  /** Newest first (spec §9). */
  customers: z.array(CompanyCustomer),
})
export type CompanyCustomersResponse = z.infer<typeof CompanyCustomersResponse>

export const SendInviteResponse = z.object({ id: z.number().int(), sent_at: z.string() })
export type SendInviteResponse = z.infer<typeof SendInviteResponse>

export const CopiedAtResponse = z.object({ id: z.number().int(), status: CustomerStatus })

/** GET /companies/search?name= (spec §7). */
export const CompanySearchQuery = z.object({
  name: z
    .string(blank)
    .trim()
    .min(1, 'is too short (minimum is 1 character)')
    .max(COMPANY_SEARCH_QUERY_MAX, `is too long (maximum is ${COMPANY_SEARCH_QUERY_MAX} characters)`),
})
export const CompanySearchResult = z.object({
  id: z.number().int(),
  name: z.string(),
  website_url: z.string().nullable(),
})
export type CompanySearchResult = z.infer<typeof CompanySearchResult>
export const CompanySearchResponse = z.array(CompanySearchResult)

/** GET /api/v1/tools/{slug}/customers: the companies a tool's vendor lists as using it. */
export const ToolCustomer = z.object({
  name: z.string(),
  /** The company page, when the company is on the site. */
  path: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The customer lists the tool in one of its public stacks. */
  confirmed: z.boolean(),
})
export type ToolCustomer = z.infer<typeof ToolCustomer>
export const ToolCustomersResponse = z.object({
  vendor: z.object({ name: z.string(), path: z.string() }).nullable(),
  customers: z.array(ToolCustomer),
})
export type ToolCustomersResponse = z.infer<typeof ToolCustomersResponse>

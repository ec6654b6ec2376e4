// spec §8: what the screen says when adding or editing a customer fails.

import { EMAIL_PATTERN } from '#contracts/companies.ts'
import { ALREADY_HAS_SERVICE, ALREADY_HAS_SERVICE_ALERT, DUPLICATE_EMAIL_ALERT } from '#contracts/company-customers.ts'
import { ApiError } from '../../../lib/api.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'

const LABELS: Record<string, string> = { email: 'Email', company_name: 'Company', service_id: 'Tool' }

/**
 * 'already has service' and the duplicate address are the spec's two alerts (a 409). A field error (the address
 * is not at the company's domain, say) or a failure of ours is said as it is rather than blamed on the address.
 */
export function customerFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message === ALREADY_HAS_SERVICE) return ALREADY_HAS_SERVICE_ALERT
    if (error.status === 409) return DUPLICATE_EMAIL_ALERT
    const [field, messages] = Object.entries(error.fields)[0] ?? []
    if (field && messages?.[0]) return fieldMessage(LABELS[field] ?? field, messages[0]) ?? error.message
    return error.message
  }
  return 'Something went wrong. Please try again.'
}

/** spec §5: the standard address pattern, as the server checks it. */
export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value.trim())

// Addresses people give (websites, apply links, logos) and feeds bring: only http(s) ever becomes a link, so a
// stored 'javascript:' or 'data:' address can never run in someone's browser (decision 036).
import { z } from 'zod'

export const HTTP_URL_INVALID = 'must be an http:// or https:// address'

/**
 * The http(s) address a value names, as an href: https:// is added when it has no scheme ('acme.example',
 * 'localhost:3000'). Null for any other scheme (javascript:, data:, ftp:), a blank or an unparsable value. Forms
 * check with it (HttpUrl) and pages render stored values through it, so data kept from before the rule is safe too.
 */
export function httpUrlOf(value: string | null | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)
  if (hasScheme && !/^https?:\/\//i.test(text)) return null
  try {
    const url = new URL(hasScheme ? text : `https://${text}`)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

/**
 * Every URL the API accepts passes this after its own field rules (spec lengths and patterns): no scheme but
 * http(s). Used as `.pipe(HttpUrl)` or `.and(HttpUrl)`, the field keeps its value as typed.
 */
export const HttpUrl = z.string().refine((value) => httpUrlOf(value) !== null, HTTP_URL_INVALID)

// The one way an address people gave (or a feed brought) becomes an href: http(s) only, so a stored 'javascript:' or
// 'data:' address never runs in someone's browser (decision 036). No zod here, so pages load it without zod; the
// forms' schema built on it is HttpUrl (contracts/urls.ts).

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

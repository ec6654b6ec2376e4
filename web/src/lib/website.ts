// Websites as people type them ('acme.example', 'https://acme.example/'): a link target and a short label.

/** An http(s) address for an href; a value without a scheme gets https://. Null for anything else. */
export function websiteHref(value: string | null | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  const withScheme = /^https?:\/\//i.test(text)
    ? text
    : /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)
      ? null
      : `https://${text}`
  if (!withScheme) return null
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

/** 'https://www.acme.example/' -> 'acme.example'. */
export function websiteLabel(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/\/$/, '')
}

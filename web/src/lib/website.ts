// Websites as people type them ('acme.example', 'https://acme.example/'): a short label. The link target is
// httpUrlOf (contracts/http-links.ts), which links http(s) only.

/** 'https://www.acme.example/' -> 'acme.example'. */
export function websiteLabel(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/\/$/, '')
}

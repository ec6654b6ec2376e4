// The sitemap protocol's two documents (sitemaps.org, schema 0.9): a urlset of pages and the index of sitemaps.
// Every address is absolute on BASE_URL and entity-escaped, as the protocol asks.
import { type SitemapRef, type SitemapUrl, sitemapFile } from './sitemaps.service.ts'

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!)
}

/** `<loc>` and, when known, `<lastmod>`: the body of a `<url>` or a `<sitemap>`. */
function entry(baseUrl: string, path: string, lastmod: string | null): string {
  const loc = `<loc>${escapeXml(baseUrl + path)}</loc>`
  return lastmod === null ? loc : `${loc}<lastmod>${escapeXml(lastmod)}</lastmod>`
}

/** The XML declaration, the root element in the protocol's namespace, one entry a line. */
function document(root: 'urlset' | 'sitemapindex', lines: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NAMESPACE}">\n${lines.join('\n')}\n</${root}>\n`
}

export function presentUrlset(baseUrl: string, urls: SitemapUrl[]): string {
  return document(
    'urlset',
    urls.map((url) => `<url>${entry(baseUrl, url.path, url.lastmod)}</url>`),
  )
}

export function presentSitemapIndex(baseUrl: string, sitemaps: SitemapRef[]): string {
  return document(
    'sitemapindex',
    sitemaps.map(
      (sitemap) => `<sitemap>${entry(baseUrl, `/sitemaps/${sitemapFile(sitemap)}`, sitemap.lastmod)}</sitemap>`,
    ),
  )
}

// Puts a page's own title, meta description, canonical link, Open Graph and Twitter tags and JSON-LD into the web
// app's index.html, so search engines and link previews that do not run JavaScript see them (every rendered page:
// page-render.ts). The browser's copy is kept in step by web/src/lib/page-meta.ts, which finds the canonical link
// and the JSON-LD block by the same ids.
import { siteDescription } from '#contracts/site-name.ts'
import { jsonLdText } from '#contracts/tool-page-meta.ts'

export interface PageHead {
  title?: string
  description?: string
  /** Absolute URL of the page. */
  canonicalUrl?: string
  /** Absolute URL of an image for link previews (1200x630). */
  imageUrl?: string
  structuredData?: unknown
}

export const CANONICAL_LINK_ID = 'canonical-link'
export const STRUCTURED_DATA_ID = 'structured-data'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/**
 * index.html naming the site it serves (SITE_NAME): its default title and meta description, which every page without
 * its own keeps (web/index.html is written for the default name).
 */
export function withSiteName(indexHtml: string, siteName: string): string {
  const name = escapeHtml(siteName)
  const description = escapeHtml(siteDescription(siteName))
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
}

/** index.html with the page's head; the site's own description is kept in data-site-description for the SPA. */
export function withPageHead(indexHtml: string, head: PageHead): string {
  let html = indexHtml
  if (head.title !== undefined) {
    const title = escapeHtml(head.title)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
  }
  if (head.description !== undefined) {
    const description = escapeHtml(head.description)
    html = html.replace(
      /<meta name="description" content="([^"]*)"\s*\/?>/,
      (_match, siteDescription: string) =>
        `<meta name="description" content="${description}" data-site-description="${siteDescription}" />`,
    )
  }
  const tags: string[] = []
  if (head.canonicalUrl !== undefined) {
    const url = escapeHtml(head.canonicalUrl)
    const title = escapeHtml(head.title ?? '')
    const description = escapeHtml(head.description ?? '')
    tags.push(
      `<link rel="canonical" id="${CANONICAL_LINK_ID}" href="${url}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta name="twitter:card" content="${head.imageUrl ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
    )
    if (head.imageUrl) {
      const image = escapeHtml(head.imageUrl)
      tags.push(
        `<meta property="og:image" content="${image}" />`,
        `<meta property="og:image:width" content="1200" />`,
        `<meta property="og:image:height" content="630" />`,
        `<meta name="twitter:image" content="${image}" />`,
      )
    }
  }
  if (head.structuredData != null)
    tags.push(
      `<script type="application/ld+json" id="${STRUCTURED_DATA_ID}">${jsonLdText(head.structuredData)}</script>`,
    )
  return tags.length ? html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`) : html
}

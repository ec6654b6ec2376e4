// Puts a page's own title, meta description, canonical link, Open Graph tags and JSON-LD into the single-page app's
// index.html, so search engines and link previews that do not run JavaScript see them (tool and comparison pages:
// server/modules/tools/tool-page-html.ts). The browser's copy is kept in step by web/src/lib/page-meta.ts, which
// finds the canonical link and the JSON-LD block by the same ids.
import { jsonLdText } from '#contracts/tool-page-meta.ts'

export interface PageHead {
  title: string
  description: string
  /** Absolute URL of the page. */
  canonicalUrl: string
  /** Absolute URL of an image for link previews. */
  imageUrl?: string
  structuredData: unknown
}

export const CANONICAL_LINK_ID = 'canonical-link'
export const STRUCTURED_DATA_ID = 'structured-data'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** index.html with the page's head; the site's own description is kept in data-site-description for the SPA. */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const title = escapeHtml(head.title)
  const description = escapeHtml(head.description)
  const tags = [
    `<link rel="canonical" id="${CANONICAL_LINK_ID}" href="${escapeHtml(head.canonicalUrl)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}" />`,
    head.imageUrl ? `<meta property="og:image" content="${escapeHtml(head.imageUrl)}" />` : '',
    `<script type="application/ld+json" id="${STRUCTURED_DATA_ID}">${jsonLdText(head.structuredData)}</script>`,
  ].filter(Boolean)
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="([^"]*)"\s*\/?>/,
      (_match, siteDescription: string) =>
        `<meta name="description" content="${description}" data-site-description="${siteDescription}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
}

// A page's meta description, canonical link, share image and JSON-LD block, kept in the document head while the page
// is shown (the title goes through useDocumentTitle). On the server they go to the rendered page's head
// (rendered-page.ts), which the server writes into the HTML (server/http/page-head.ts) with the same ids: on a first
// load this hook takes them over instead of adding copies, and on leaving the page puts the site's description back
// and removes the rest.
import { useEffect } from 'react'
import { jsonLdText } from '#contracts/tool-page-meta.ts'
import { type PageMeta, useRenderedPage } from './rendered-page.ts'

export type { PageMeta }

const CANONICAL_LINK_ID = 'canonical-link'
const STRUCTURED_DATA_ID = 'structured-data'

function headElement<T extends HTMLElement>(id: string, create: () => T): T {
  const existing = document.getElementById(id)
  if (existing) return existing as T
  const element = create()
  element.id = id
  document.head.append(element)
  return element
}

export function usePageMeta(meta: PageMeta | null) {
  const rendered = useRenderedPage()
  if (rendered && meta) rendered.meta = meta
  const description = meta?.description
  const canonicalPath = meta?.canonicalPath
  // a page may have nothing to say in JSON-LD (an empty list): null or undefined, and the block goes
  const structured = meta?.structuredData == null ? null : jsonLdText(meta.structuredData)
  useEffect(() => {
    if (description === undefined || canonicalPath === undefined) return
    const descriptionTag = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (descriptionTag) {
      descriptionTag.dataset.siteDescription ??= descriptionTag.content
      descriptionTag.content = description
    }
    const canonical = headElement(CANONICAL_LINK_ID, () => {
      const link = document.createElement('link')
      link.rel = 'canonical'
      return link
    })
    canonical.href = new URL(canonicalPath, window.location.origin).toString()
    if (structured === null) document.getElementById(STRUCTURED_DATA_ID)?.remove()
    else {
      const script = headElement(STRUCTURED_DATA_ID, () => {
        const element = document.createElement('script')
        element.type = 'application/ld+json'
        return element
      })
      script.textContent = structured
    }
    return () => {
      if (descriptionTag?.dataset.siteDescription !== undefined)
        descriptionTag.content = descriptionTag.dataset.siteDescription
      document.getElementById(CANONICAL_LINK_ID)?.remove()
      document.getElementById(STRUCTURED_DATA_ID)?.remove()
      // Open Graph and Twitter tags come only with a server-rendered first load; they describe the page being left
      for (const tag of document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')) tag.remove()
    }
  }, [description, canonicalPath, structured])
}

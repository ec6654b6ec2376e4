// What a page tells the server while it renders there (web/src/entry-server.tsx): its title, its head (meta
// description, canonical address, share image, JSON-LD) and its status (the not-found and 403 pages). The browser has
// no such context: there the same hooks keep document.head in step from effects (document-title.ts, page-meta.ts).
import { createContext, useContext } from 'react'

export interface PageMeta {
  description: string
  /** Site-relative path of the page's canonical address ('/tools/react'). */
  canonicalPath: string
  /** Site-relative path of the page's share image (contracts/share-images.ts), for link previews. */
  imagePath?: string
  structuredData: unknown
  /** When the page changes by itself, with no write (an open job's expiry closes it): ISO time. */
  changesAt?: string
}

export interface RenderedPage {
  /** The document title, site name included. */
  title?: string
  meta?: PageMeta
  status?: number
  /** The lazy parts drawn (lazy-part.tsx), for the browser to load before hydrating. */
  parts?: Set<string>
}

export const RenderedPageContext = createContext<RenderedPage | null>(null)

/** The page being rendered on the server, or null in the browser. Written during render: it renders once there. */
export const useRenderedPage = () => useContext(RenderedPageContext)

let origin = ''

/** The site's address: the page's own in the browser, the configured BASE_URL's while rendering on the server. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? origin : window.location.origin
}

export function setServerOrigin(next: string) {
  origin = next
}

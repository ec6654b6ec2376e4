// The page renderer's interface between the server (server/http/page-render.ts) and the web app's server entry
// (web/src/entry-server.tsx, built by Vite into dist/server): plain types, so neither side imports the other.

/** Answers one API request in-process, as the viewer who asked for the page (their cookie, their address). */
export type PageFetch = (path: string, init: RequestInit) => Promise<Response>

export interface PageRenderInput {
  /** The page's path and query string ('/tools/react?tab=x'). */
  url: string
  /** The site's address (BASE_URL): canonical links and JSON-LD are absolute. */
  origin: string
  fetch: PageFetch
  /**
   * The data fingerprint of a drawing of this page kept from before a change (`data` below): when the page's data
   * loads the same again, render answers `unchanged` without drawing, and the kept drawing is sent.
   */
  drawnFrom?: string
}

export interface PageHeadData {
  title?: string
  description?: string
  /** Site-relative. */
  canonicalPath?: string
  /** Site-relative. */
  imagePath?: string
  structuredData?: unknown
}

export type PageRender =
  | { kind: 'redirect'; status: number; location: string }
  /** A page drawn in the browser only (its content lives there): the server sends the bare shell. */
  | { kind: 'shell' }
  /** The page's data is what `drawnFrom` was drawn from: the kept drawing stands. */
  | { kind: 'unchanged' }
  | {
      kind: 'page'
      status: number
      head: PageHeadData
      /** The root element's inner HTML. */
      html: string
      /** The query cache's JSON for the browser (already escaped for a script data block). */
      state: string
      /** A fingerprint of the data the page was drawn from (its queries' answers), for `drawnFrom`. */
      data: string
      /** The lazy parts the page drew (web/src/lib/lazy-part.tsx), for the browser to load before hydrating. */
      parts: string[]
      /** When the page changes by itself (an open job expires), in ms since the epoch: kept no longer. */
      changesAt?: number
    }

export type RenderPage = (input: PageRenderInput) => Promise<PageRender>

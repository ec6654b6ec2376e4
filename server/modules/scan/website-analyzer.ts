// Website scans: fetch the page safely, collect headers, cookies, meta tags, script URLs, inline scripts and styles,
// text and HTML, and run the Wappalyzer fingerprints over them.
import type { Items } from 'wappalyzer-core'
import { detectTechnologies, type Fingerprint, fingerprintSignals } from './fingerprints.ts'
import { extractPageSignals } from './html-signals.ts'
import { type FetchedPage, type FetchOptions, fetchPage } from './page-fetcher.ts'
import type { Signal } from './signals.ts'

/**
 * The html pattern set runs over the page's markup; on very large pages the head and the end carry the markers
 * (generator comments, framework roots, footers), so the middle is left out to keep one analysis fast.
 */
const HTML_HEAD = 128 * 1024
const HTML_TAIL = 32 * 1024

export interface PageAnalysis {
  fingerprints: Fingerprint[]
  signals: Signal[]
  /** The stylesheets the page links (resolved URLs), in document order: scan-engine.ts reads the first few. */
  stylesheets: string[]
}

export interface PageAnalysisOptions {
  /** Text of the page's linked stylesheets, for the css patterns, beside the page's own style elements. */
  stylesheetCss?: string
}

export type PageInput = Pick<FetchedPage, 'url' | 'headers' | 'cookies' | 'html'> & { certIssuer?: string }

/** Analyzes a fetched page (no network): the figure `npm run bench` measures as "a fetched page analysed". */
export async function analyzePage(page: PageInput, options: PageAnalysisOptions = {}): Promise<PageAnalysis> {
  const extracted = extractPageSignals(page.html, page.url)
  const html =
    page.html.length > HTML_HEAD + HTML_TAIL ? page.html.slice(0, HTML_HEAD) + page.html.slice(-HTML_TAIL) : page.html
  const items: Items = {
    url: page.url,
    html,
    text: extracted.text,
    css: options.stylesheetCss ? `${extracted.css}\n${options.stylesheetCss}` : extracted.css,
    scripts: extracted.scripts,
    scriptSrc: extracted.scriptSrc,
    headers: page.headers,
    cookies: page.cookies,
    meta: extracted.meta,
    ...(page.certIssuer ? { certIssuer: page.certIssuer } : {}),
  }
  const fingerprints = await detectTechnologies(items)
  return { fingerprints, signals: fingerprintSignals(fingerprints), stylesheets: extracted.stylesheets }
}

export interface WebsiteAnalysis extends PageAnalysis {
  page: Omit<FetchedPage, 'html'> & { bytes: number }
}

/** Fetches a page within the safety rules (page-fetcher.ts) and analyzes it. */
export async function analyzeWebsite(url: string, options: FetchOptions): Promise<WebsiteAnalysis> {
  const fetched = await fetchPage(url, options)
  const analysis = await analyzePage(fetched)
  const { html, ...page } = fetched
  return { ...analysis, page: { ...page, bytes: html.length } }
}

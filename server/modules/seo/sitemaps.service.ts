// The sitemap index and its pages: which sitemaps exist, and the canonical address and last change of every page a
// sitemap lists (docs/decisions/043-sitemaps-and-robots.md). A sitemap is computed on every request (one short range
// of the primary key), so a change is in the next one; the index reads every row, so each instance keeps it a minute.
import { stackupSlug } from '#contracts/tool-page-meta.ts'
import type { Db } from '../../db/client.ts'
import { DbMemo } from '../../db/db-memo.ts'
import {
  type IdPagedKind,
  LAST_ID_PAGE,
  listIdPage,
  listPopularStackupPairs,
  readFixedPagesFacts,
  SITEMAP_PAGE_SIZE,
  summarizeIdPages,
} from './sitemaps.queries.ts'

/** In the order the index lists them. */
export const SITEMAP_KINDS = ['pages', 'tools', 'stackups', 'stacks', 'companies', 'jobs'] as const
export type SitemapKind = (typeof SITEMAP_KINDS)[number]

/** One page a sitemap lists: its path from the site's root and its last change (W3C datetime), when known. */
export interface SitemapUrl {
  path: string
  lastmod: string | null
}

/** One sitemap the index lists: /sitemaps/{kind}-{page}.xml. */
export interface SitemapRef {
  kind: SitemapKind
  page: number
  lastmod: string | null
}

/** '/tools/{slug}' and the like, each segment percent-encoded (slugs are [a-z0-9-] today; the table allows more). */
const pathOf = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`

/** The canonical address of a row of each id-paged kind. */
const canonicalPaths: Record<IdPagedKind, (row: { owner: string | null; slug: string }) => string> = {
  tools: (row) => pathOf('tools', row.slug),
  stacks: (row) => pathOf(row.owner!, row.slug),
  companies: (row) => pathOf('companies', row.slug),
  jobs: (row) => pathOf('match', 'jobs', row.slug),
}

const isIdPaged = (kind: SitemapKind): kind is IdPagedKind => kind in canonicalPaths

/** The newest of some W3C datetimes (all in UTC to the second, so they sort as text). */
function newest(times: Array<string | null>): string | null {
  let found: string | null = null
  for (const time of times) if (time !== null && (found === null || time > found)) found = time
  return found
}

/** Home, the directory and its categories, Pros & Cons and Stack Match. */
async function listFixedPages(db: Db): Promise<SitemapUrl[]> {
  const facts = await readFixedPagesFacts(db)
  const catalogChange = newest(facts.categories.map((category) => category.lastmod))
  return [
    { path: '/', lastmod: catalogChange },
    { path: '/tools', lastmod: catalogChange },
    ...facts.categories.map((category) => ({ path: pathOf('categories', category.slug), lastmod: category.lastmod })),
    { path: '/pros-and-cons', lastmod: facts.newestReason },
    { path: '/match', lastmod: facts.newestJob },
  ]
}

/** At most this many stackups are listed, those of the most popular pairs (decision 043). */
export const STACKUP_PAIRS_MAX = 5000

/** The comparisons of popular pairs (listPopularStackupPairs), the most popular STACKUP_PAIRS_MAX, by address. */
async function listStackups(db: Db): Promise<SitemapUrl[]> {
  const pairs = (await listPopularStackupPairs(db)).map((pair) => ({
    slug: stackupSlug(pair.first, pair.second),
    popularity: pair.popularity,
    lastmod: pair.lastmod,
  }))
  return pairs
    .sort((a, b) => b.popularity - a.popularity || (a.slug < b.slug ? -1 : 1))
    .slice(0, STACKUP_PAIRS_MAX)
    .map((pair) => ({ path: pathOf('stackups', pair.slug), lastmod: pair.lastmod }))
    .sort((a, b) => (a.path < b.path ? -1 : 1))
}

/** A computed list cut into sitemap pages. */
function cut(urls: SitemapUrl[]): SitemapUrl[][] {
  const pages: SitemapUrl[][] = []
  for (let start = 0; start < urls.length; start += SITEMAP_PAGE_SIZE) {
    pages.push(urls.slice(start, start + SITEMAP_PAGE_SIZE))
  }
  return pages
}

async function listComputedPages(db: Db, kind: 'pages' | 'stackups'): Promise<SitemapUrl[][]> {
  return cut(kind === 'pages' ? await listFixedPages(db) : await listStackups(db))
}

/**
 * How long an instance keeps the index: computing it reads every public row (about 0.3 s for a million stacks), and
 * what a change moves in it, a lastmod or a new page, can wait a minute (shared caches may keep it five).
 */
export const SITEMAP_INDEX_TTL_MS = 60_000
const sitemapIndexes = new DbMemo<'index', SitemapRef[]>({
  name: 'sitemap_index',
  ttlMs: SITEMAP_INDEX_TTL_MS,
  maxEntries: 1,
})

/** Every sitemap that lists at least one page, with the newest change among what it lists. */
export async function listSitemaps(db: Db): Promise<SitemapRef[]> {
  const kept = await sitemapIndexes.readThrough(db, ['index'], async () => new Map([['index', await readIndex(db)]]))
  return kept.get('index')!
}

/** Drops the kept index, as if its minute had passed. */
export function forgetSitemapIndex(db: Db) {
  sitemapIndexes.clear(db)
}

async function readIndex(db: Db): Promise<SitemapRef[]> {
  const perKind = await Promise.all(
    SITEMAP_KINDS.map(async (kind): Promise<SitemapRef[]> => {
      if (isIdPaged(kind)) return (await summarizeIdPages(db, kind)).map((summary) => ({ kind, ...summary }))
      const pages = await listComputedPages(db, kind)
      return pages.map((urls, index) => ({ kind, page: index + 1, lastmod: newest(urls.map((url) => url.lastmod)) }))
    }),
  )
  return perKind.flat()
}

/** The pages one sitemap lists; null when that sitemap does not exist or lists nothing. */
export async function loadSitemap(db: Db, kind: SitemapKind, page: number): Promise<SitemapUrl[] | null> {
  if (!Number.isSafeInteger(page) || page < 1) return null
  let urls: SitemapUrl[]
  if (isIdPaged(kind)) {
    if (page > LAST_ID_PAGE) return null
    const toPath = canonicalPaths[kind]
    urls = (await listIdPage(db, kind, page)).flatMap((row) => {
      const url = { path: toPath(row), lastmod: row.lastmod }
      // at most 2 x SITEMAP_PAGE_SIZE addresses a file, within the protocol's 50,000
      return row.hasAlternatives
        ? [url, { path: pathOf('tools', row.slug, 'alternatives'), lastmod: row.lastmod }]
        : [url]
    })
  } else {
    urls = (await listComputedPages(db, kind))[page - 1] ?? []
  }
  return urls.length > 0 ? urls : null
}

/** '{kind}-{page}.xml' read back; null for any other name. */
export function parseSitemapFile(file: string): { kind: SitemapKind; page: number } | null {
  const match = /^([a-z]+)-([1-9][0-9]{0,8})\.xml$/.exec(file)
  const kind = SITEMAP_KINDS.find((candidate) => candidate === match?.[1])
  return match && kind ? { kind, page: Number(match[2]) } : null
}

export const sitemapFile = (ref: { kind: SitemapKind; page: number }) => `${ref.kind}-${ref.page}.xml`

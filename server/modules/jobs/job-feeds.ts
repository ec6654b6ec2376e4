// Job feeds the importer reads (issue 7): schema.org JobPosting JSON-LD (a document, an array, an @graph, or the
// <script type="application/ld+json"> blocks of a page), Greenhouse's job-board JSON ({ jobs: [...] }) and Lever's
// postings JSON ([...]). Each becomes a FeedJob; nothing here touches the database. The company's tags come from the
// feed's tag and keyword fields: JSON-LD's hiringOrganization.keywords and industry, Greenhouse's metadata fields named
// industry, tags or keywords, Lever's tags (decision 039).

export interface FeedJob {
  /** Stable across imports ('greenhouse:4012345'), so a second import updates the job. */
  sourceKey: string
  title: string
  companyName: string | null
  companyWebsite: string | null
  applyUrl: string | null
  city: string | null
  location: string | null
  remote: boolean
  fullTime: boolean
  freelance: boolean
  /** Plain text (HTML stripped). */
  description: string
  postedAt: Date | null
  expiresAt: Date | null
  /** Tags of the company as the feed gives them (not yet checked against the tag rules). */
  companyTags: string[]
}

export type FeedFormat = 'json-ld' | 'greenhouse' | 'lever'

export class FeedError extends Error {}

/** Reads a feed's text (JSON or an HTML page with JSON-LD) and answers its jobs and which format it was. */
export function parseJobFeed(
  text: string,
  options: { companyName?: string } = {},
): { format: FeedFormat; jobs: FeedJob[] } {
  const trimmed = text.trim()
  if (trimmed.startsWith('<')) return { format: 'json-ld', jobs: fromJsonLd(jsonLdBlocks(trimmed), options) }
  let data: unknown
  try {
    data = JSON.parse(trimmed)
  } catch {
    throw new FeedError('The feed is neither JSON nor an HTML page')
  }
  if (isRecord(data) && Array.isArray(data.jobs))
    return { format: 'greenhouse', jobs: fromGreenhouse(data.jobs, options) }
  if (Array.isArray(data) && data.some((item) => isRecord(item) && 'hostedUrl' in item && 'text' in item)) {
    return { format: 'lever', jobs: fromLever(data, options) }
  }
  const postings = collectJobPostings(data)
  if (postings.length > 0) return { format: 'json-ld', jobs: fromJsonLd(postings, options) }
  throw new FeedError('No JobPosting, Greenhouse jobs or Lever postings found in the feed')
}

// biome-ignore lint/suspicious/noExplicitAny: feeds are untyped JSON, read field by field with text() and date()
type JsonObject = Record<string, any>

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** Tag and keyword fields: a string of comma-separated words, or a list of strings (or of { name } / { value }). */
function tagsOf(...values: unknown[]): string[] {
  return values.flatMap((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((item) => {
      const tag = isRecord(item) ? (text(item.name) ?? text(item.value)) : text(item)
      return tag ? tag.split(',') : []
    }),
  )
}

function date(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const parsed = new Date(value)
  return Number.isNaN(parsed.getTime()) ? null : parsed
}

/** '&#99999999;' names no character: kept as written rather than failing the whole feed. */
const codePointOrMatch = (code: number, match: string) =>
  Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

function decodeEntities(value: string): string {
  return value.replace(/&(#?\w+);/g, (match, name: string) => {
    if (ENTITIES[name]) return ENTITIES[name]!
    if (name.startsWith('#x')) return codePointOrMatch(Number.parseInt(name.slice(2), 16), match)
    if (name.startsWith('#')) return codePointOrMatch(Number(name.slice(1)), match)
    return match
  })
}

/** HTML to plain text: tags out, block ends as new lines, entities decoded (Greenhouse escapes its HTML once). */
export function htmlToText(html: string): string {
  const unescaped = /&lt;\w/.test(html) ? decodeEntities(html) : html
  return decodeEntities(
    unescaped
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/(p|div|li|h\d|ul|ol)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim()
}

const REMOTE = /\bremote\b|\banywhere\b/i

function splitPlace(place: string | null): { city: string | null; location: string | null } {
  if (!place) return { city: null, location: null }
  const city = place.split(/[,;/(]/)[0]!.trim()
  return { city: REMOTE.test(city) ? null : city || null, location: place }
}

function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = []
  for (const match of html.matchAll(/<script[^>]+type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      blocks.push(...collectJobPostings(JSON.parse(match[1]!)))
    } catch {
      // a broken block on a page is skipped; the others may still hold postings
    }
  }
  return blocks
}

function collectJobPostings(data: unknown): JsonObject[] {
  if (Array.isArray(data)) return data.flatMap(collectJobPostings)
  if (!isRecord(data)) return []
  if (Array.isArray(data['@graph'])) return collectJobPostings(data['@graph'])
  const type = data['@type']
  const types = Array.isArray(type) ? type : [type]
  return types.includes('JobPosting') ? [data] : []
}

function fromJsonLd(postings: unknown[], options: { companyName?: string }): FeedJob[] {
  return postings.filter(isRecord).map((posting, index) => {
    const organization = isRecord(posting.hiringOrganization) ? posting.hiringOrganization : {}
    const places = (Array.isArray(posting.jobLocation) ? posting.jobLocation : [posting.jobLocation]).filter(isRecord)
    const address = places.map((place) => (isRecord(place.address) ? place.address : {}))[0] ?? {}
    const city = text(address.addressLocality)
    const location =
      [city, text(address.addressRegion), text(address.addressCountry)].filter(Boolean).join(', ') || null
    const employment = [posting.employmentType].flat().map((value) => String(value ?? '').toUpperCase())
    const identifier = isRecord(posting.identifier) ? text(posting.identifier.value) : text(posting.identifier)
    const url = text(posting.url) ?? text(posting.directApply === true ? posting.url : null)
    const title = text(posting.title) ?? 'Untitled job'
    const companyName = options.companyName ?? text(organization.name)
    return {
      sourceKey: `json-ld:${identifier ?? url ?? `${companyName ?? ''}:${title}:${text(posting.datePosted) ?? index}`}`,
      title,
      companyName,
      companyWebsite: text(organization.sameAs) ?? text(organization.url),
      applyUrl: url,
      city,
      location,
      remote: posting.jobLocationType === 'TELECOMMUTE' || REMOTE.test(location ?? ''),
      fullTime: employment.length === 0 || employment.includes('FULL_TIME') || employment.includes(''),
      freelance: employment.some((value) => ['CONTRACTOR', 'TEMPORARY', 'PER_DIEM'].includes(value)),
      description: htmlToText(text(posting.description) ?? ''),
      postedAt: date(posting.datePosted),
      expiresAt: date(posting.validThrough),
      companyTags: tagsOf(organization.keywords, posting.industry),
    }
  })
}

function fromGreenhouse(list: unknown[], options: { companyName?: string }): FeedJob[] {
  return list.filter(isRecord).map((job) => {
    const place = text(isRecord(job.location) ? job.location.name : job.location)
    const metadata = Array.isArray(job.metadata) ? job.metadata.filter(isRecord) : []
    const employment = metadata.find((item) => /employment|commitment|type/i.test(String(item.name)))?.value
    return {
      sourceKey: `greenhouse:${job.id ?? job.internal_job_id ?? job.absolute_url}`,
      title: text(job.title) ?? 'Untitled job',
      companyName: options.companyName ?? text(job.company_name),
      companyWebsite: null,
      applyUrl: text(job.absolute_url),
      ...splitPlace(place),
      remote: REMOTE.test(place ?? ''),
      fullTime: !/part|contract|freelance|intern/i.test(String(employment ?? '')),
      freelance: /contract|freelance/i.test(String(employment ?? '')),
      description: htmlToText(text(job.content) ?? ''),
      postedAt: date(job.first_published ?? job.updated_at),
      expiresAt: null,
      companyTags: tagsOf(
        ...metadata
          .filter((item) => /^(industry|industries|tags?|keywords?)$/i.test(String(item.name)))
          .map((item) => item.value),
      ),
    }
  })
}

function fromLever(list: unknown[], options: { companyName?: string }): FeedJob[] {
  return list.filter(isRecord).map((posting) => {
    const categories = isRecord(posting.categories) ? posting.categories : {}
    const place = text(categories.location)
    const commitment = String(categories.commitment ?? '')
    const lists = Array.isArray(posting.lists) ? posting.lists.filter(isRecord) : []
    const description = [
      text(posting.descriptionPlain) ?? htmlToText(text(posting.description) ?? ''),
      ...lists.map((item) => `${text(item.text) ?? ''}\n${htmlToText(text(item.content) ?? '')}`),
      text(posting.additionalPlain) ?? '',
    ]
      .filter(Boolean)
      .join('\n\n')
    return {
      sourceKey: `lever:${posting.id}`,
      title: text(posting.text) ?? 'Untitled job',
      companyName: options.companyName ?? null,
      companyWebsite: null,
      applyUrl: text(posting.applyUrl) ?? text(posting.hostedUrl),
      ...splitPlace(place),
      remote: posting.workplaceType === 'remote' || REMOTE.test(place ?? ''),
      fullTime: commitment === '' || /full/i.test(commitment),
      freelance: /contract|freelance/i.test(commitment),
      description,
      postedAt: date(posting.createdAt),
      expiresAt: null,
      companyTags: tagsOf(posting.tags),
    }
  })
}

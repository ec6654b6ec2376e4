// A job's page (/match/jobs/{slug}): its title, meta description and structured data, a schema.org JobPosting with
// Google's required properties and those of its recommended ones the data holds
// (https://developers.google.com/search/docs/appearance/structured-data/job-posting). Closed and demo jobs carry no
// JobPosting: docs/decisions/046-seo-of-lists.md.
import { breadcrumbList } from './breadcrumb-list.ts'
import { httpUrlOf } from './http-links.ts'
import { MATCH_PATH, structuredGraph } from './list-page-meta.ts'
import { clipDescription } from './tool-page-meta.ts'

/** What the builders read of a job's answer (contracts/match.ts JobDetail). */
export interface JobPageData {
  id: number
  title: string
  canonical_url: string
  city: string | null
  location: string | null
  remote: boolean
  full_time: boolean
  freelance: boolean
  company_name: string
  company_image_url: string | null
  company_website_url: string | null
  stack: Array<{ name: string }>
  posted_at: string
  expires_at: string | null
  description: string | null
  is_demo: boolean
  is_open: boolean
}

/** Tools named in a description; the page lists them all. */
const STACK_NAMED = 6

/** 'City' or the place as given ('Lisbon, Portugal'); null for a job with no place but 'Remote'. */
export function jobPlace(job: Pick<JobPageData, 'city' | 'location'>): string | null {
  const place = job.location ?? job.city
  return place && !/^remote$/i.test(place.trim()) ? place : null
}

export const jobTerms = (job: Pick<JobPageData, 'full_time' | 'freelance' | 'remote'>) =>
  [job.full_time && 'Full-time', job.freelance && 'Freelance', job.remote && 'Remote'].filter((term): term is string =>
    Boolean(term),
  )

export function jobPageTitle(job: Pick<JobPageData, 'title' | 'company_name' | 'is_open'>) {
  return `${job.title} at ${job.company_name}${job.is_open ? '' : ' (closed)'}`
}

export function jobMetaDescription(job: JobPageData) {
  const place = jobPlace(job)
  const terms = jobTerms(job)
  const stack = job.stack.slice(0, STACK_NAMED).map((tool) => tool.name)
  const head = job.is_open
    ? `${job.company_name} is hiring: ${job.title}`
    : `Closed: ${job.title} at ${job.company_name}`
  return clipDescription(
    [
      `${head}${place ? `, ${place}` : ''}.`,
      terms.length > 0 ? `${terms.join(', ')}.` : '',
      stack.length > 0 ? `Stack: ${stack.join(', ')}.` : '',
      job.description ?? '',
    ]
      .filter(Boolean)
      .join(' '),
  )
}

/** The country of a place written 'City, Region, Country' (the import's form); null when it names only one part. */
function countryOf(location: string | null): string | null {
  const parts = (location ?? '').split(',').map((part) => part.trim())
  return parts.length > 1 && parts.at(-1) ? parts.at(-1)! : null
}

/** schema.org JobPosting; `origin` makes its addresses absolute. Only for an open job that is not a demo. */
export function jobPostingStructuredData(job: JobPageData, origin: string) {
  const place = jobPlace(job)
  const country = countryOf(job.location)
  const stack = job.stack.map((tool) => tool.name)
  const employmentType = [job.full_time && 'FULL_TIME', job.freelance && 'CONTRACTOR'].filter(Boolean)
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    // Google asks for the whole description and that it differ from the title; a job posted without one gets the
    // facts the page shows
    description:
      job.description?.trim() ||
      [`${job.title} at ${job.company_name}.`, stack.length > 0 ? `Tech stack: ${stack.join(', ')}.` : '']
        .filter(Boolean)
        .join(' '),
    identifier: { '@type': 'PropertyValue', name: job.company_name, value: String(job.id) },
    url: new URL(job.canonical_url, origin).toString(),
    datePosted: job.posted_at,
    validThrough: job.expires_at ?? undefined,
    employmentType: employmentType.length > 0 ? employmentType : undefined,
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company_name,
      sameAs: httpUrlOf(job.company_website_url) ?? undefined,
      logo: job.company_image_url ? new URL(job.company_image_url, origin).toString() : undefined,
    },
    jobLocation:
      place || job.city
        ? {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              addressLocality: job.city ?? place?.split(',')[0]?.trim(),
              addressCountry: country ?? undefined,
            },
          }
        : undefined,
    // Google: TELECOMMUTE only for a job done fully remotely, as the remote flag means here
    jobLocationType: job.remote ? 'TELECOMMUTE' : undefined,
    applicantLocationRequirements: job.remote && country ? { '@type': 'Country', name: country } : undefined,
    // the Apply button leads to the company's own site
    directApply: false,
    skills: stack.length > 0 ? stack.join(', ') : undefined,
  }
}

/**
 * Whether job search engines can take the job: open, not a demo, and somewhere. Google requires a place, or for a
 * remote job the countries applicants may live in; a remote job that names neither has no valid JobPosting, and we
 * do not invent a country (decision 046).
 */
function isListable(job: JobPageData): boolean {
  if (!job.is_open || job.is_demo) return false
  return Boolean(jobPlace(job) || job.city) || (job.remote && countryOf(job.location) !== null)
}

/** JobPosting (open, real jobs that say where: isListable) and the trail Stack Match > the job. */
export function jobStructuredData(job: JobPageData, origin: string) {
  const trail = breadcrumbList(
    [
      { name: 'Stack Match', path: MATCH_PATH },
      { name: job.title, path: job.canonical_url },
    ],
    origin,
  )
  return structuredGraph(isListable(job) ? jobPostingStructuredData(job, origin) : null, trail)
}

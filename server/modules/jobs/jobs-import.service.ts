// Imports feed jobs (job-feeds.ts): finds or creates each company, maps the title and description to catalog tools
// through the scanner's 'name' aliases (the same table a scan maps through), and saves each job by its source key,
// so importing a feed twice updates rather than duplicates. A company without tags takes those its jobs in the feed
// give (decision 039); tags a company already has, an admin's own included, are left as they are. A job the site
// could not show safely (an apply link that is not http(s), text PostgreSQL cannot store) is skipped with its reason;
// the rest of the feed still imports.
import { eq, sql } from 'drizzle-orm'
import { COMPANY_TAG_MAX, COMPANY_TAG_PATTERN, COMPANY_TAGS_MAX, normalizeCompanyTags } from '#contracts/companies.ts'
import { httpUrlOf } from '#contracts/http-links.ts'
import { slugify } from '#contracts/owners.ts'
import { HTTP_URL_INVALID } from '#contracts/urls.ts'
import type { Db } from '../../db/client.ts'
import { companies, jobs, ownerHandles } from '../../db/schema/index.ts'
import { findUnstorableValue } from '../../http/input-guard.ts'
import { normalizeAlias } from '../scan/alias-normalize.ts'
import { createDatabaseLookup } from '../scan/scan.queries.ts'
import type { AliasKey, ToolLookup } from '../scan/tool-mapper.ts'
import type { FeedJob } from './job-feeds.ts'
import { refreshCompanyJobsSearch, saveJob, uniqueJobSlug } from './jobs.queries.ts'

/** A job rarely names more; a long description listing everything would otherwise match every search. */
export const IMPORTED_TOOLS_MAX = 25
const PHRASE_WORDS_MAX = 3
/** Words that are tool names but nearly always plain English in a job ad. */
const AMBIGUOUS_WORDS = new Set([
  'go',
  'swift',
  'express',
  'next',
  'spring',
  'rest',
  'git',
  'office',
  'make',
  'less',
  'meteor',
  'ember',
  'chef',
  'puppet',
  'salt',
  'mirage',
  'backbone',
  'pulse',
  'slack',
  'notion',
])

/** Catalog tool ids named in the text: every phrase of one to three words looked up as a 'name' alias. */
export async function mapTextToToolIds(lookup: ToolLookup, text: string): Promise<number[]> {
  const words = text.match(/[A-Za-z0-9][A-Za-z0-9.+#_-]*[A-Za-z0-9+#]|[A-Za-z0-9]/g) ?? []
  const keys = new Map<string, AliasKey>()
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= PHRASE_WORDS_MAX && start + length <= words.length; length++) {
      const phrase = words.slice(start, start + length).join(' ')
      if (length === 1 && AMBIGUOUS_WORDS.has(phrase.toLowerCase()) && phrase !== 'Go') continue
      const alias = normalizeAlias('name', phrase)
      if (alias.length < 2 || /^\d+$/.test(alias)) continue
      keys.set(alias, { kind: 'name', alias })
    }
  }
  const found = await lookup.findByAliases([...keys.values()])
  const ids: number[] = []
  for (const key of keys.keys()) {
    const tool = found.get(`name:${key}`)
    if (tool?.id !== undefined && !tool.isPackage && !ids.includes(tool.id)) ids.push(tool.id)
    if (ids.length >= IMPORTED_TOOLS_MAX) break
  }
  return ids
}

/**
 * A feed's tags made to fit the rules the company form checks (contracts/companies.ts): other characters become
 * spaces, a tag is cut to COMPANY_TAG_MAX, repeats go, and at most COMPANY_TAGS_MAX are kept.
 */
export function importedCompanyTags(raw: string[]): string[] {
  const cleaned = raw.map((tag) =>
    tag
      .replace(/[^\p{L}\p{N} &+#.\-/']/gu, ' ')
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .replace(/\s+/g, ' ')
      .slice(0, COMPANY_TAG_MAX)
      .trim(),
  )
  return normalizeCompanyTags(cleaned)
    .filter((tag) => COMPANY_TAG_PATTERN.test(tag))
    .slice(0, COMPANY_TAGS_MAX)
}

/** Gives a company without tags these, in one transaction with its jobs' search documents (they hold the tags). */
async function tagUntaggedCompany(db: Db, companyId: number, tags: string[]): Promise<boolean> {
  if (tags.length === 0) return false
  return db.transaction(async (tx) => {
    const tagged = await tx
      .update(companies)
      .set({ tagList: tags, updatedAt: new Date() })
      .where(sql`${companies.id} = ${companyId} and cardinality(${companies.tagList}) = 0`)
      .returning({ id: companies.id })
    if (tagged.length > 0) await refreshCompanyJobsSearch(tx, companyId)
    return tagged.length > 0
  })
}

/** The company of that name (case ignored), or a new one with its owner handle. */
export async function findOrCreateCompany(
  db: Db,
  name: string,
  values: { websiteUrl?: string | null; isDemo?: boolean } = {},
) {
  const [existing] = await db.select().from(companies).where(sql`lower(${companies.name}) = ${name.toLowerCase()}`)
  if (existing) return { company: existing, created: false }
  const base = slugify(name) || 'company'
  const taken = await db
    .select({ slug: ownerHandles.slug })
    .from(ownerHandles)
    .where(sql`${ownerHandles.slug} = ${base} or ${ownerHandles.slug} like ${`${base}-%`}`)
  const takenSet = new Set(taken.map((row) => row.slug))
  let slug = base
  for (let suffix = 2; takenSet.has(slug); suffix++) slug = `${base}-${suffix}`
  const company = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ name, slug, websiteUrl: values.websiteUrl ?? null, isDemo: values.isDemo ?? false })
      .returning()
    await tx.insert(ownerHandles).values({ slug, companyId: row!.id })
    return row!
  })
  return { company, created: true }
}

export interface ImportSummary {
  created: number
  updated: number
  skipped: number
  companiesCreated: number
  jobs: Array<{ slug: string; title: string; company: string; tools: number }>
  /** Every job not imported and why, in feed order. */
  skippedJobs: Array<{ sourceKey: string; title: string; reason: string }>
}

export const NO_COMPANY = 'names no company (pass --company)'

/** Why a feed job cannot be imported as it is, or null. Its company website is dropped instead when not http(s). */
export function importRefusal(job: FeedJob, companyName: string | undefined): string | null {
  if (!companyName) return NO_COMPANY
  // decision 036: an apply link is rendered as a link, so it must be http(s) ('javascript:' would run on click)
  const applyUrl = job.applyUrl?.trim()
  if (applyUrl && (!/^https?:\/\//i.test(applyUrl) || !httpUrlOf(applyUrl))) return `apply URL ${HTTP_URL_INVALID}`
  const unstorable = findUnstorableValue({ ...job, companyName }, 'job')
  return unstorable ? `${unstorable.field} ${unstorable.message}` : null
}

export async function importFeedJobs(
  db: Db,
  feedJobs: FeedJob[],
  options: { companyName?: string; isDemo?: boolean; lookup?: ToolLookup } = {},
): Promise<ImportSummary> {
  const lookup = options.lookup ?? createDatabaseLookup(db)
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    skipped: 0,
    companiesCreated: 0,
    jobs: [],
    skippedJobs: [],
  }
  // every job of a company in the feed adds its tags; they are given to the company before its first job is saved
  const feedTags = new Map<string, string[]>()
  for (const job of feedJobs) {
    const name = (job.companyName ?? options.companyName)?.toLowerCase()
    if (name) feedTags.set(name, [...(feedTags.get(name) ?? []), ...job.companyTags])
  }
  const seenCompanies = new Set<number>()
  for (const job of feedJobs) {
    const companyName = job.companyName ?? options.companyName
    const refusal = importRefusal(job, companyName)
    if (refusal || !companyName) {
      summary.skipped++
      summary.skippedJobs.push({ sourceKey: job.sourceKey, title: job.title, reason: refusal ?? NO_COMPANY })
      continue
    }
    const { company, created } = await findOrCreateCompany(db, companyName, {
      websiteUrl: httpUrlOf(job.companyWebsite),
      isDemo: options.isDemo,
    })
    if (created) summary.companiesCreated++
    if (!seenCompanies.has(company.id)) {
      seenCompanies.add(company.id)
      if (company.tagList.length === 0) {
        await tagUntaggedCompany(db, company.id, importedCompanyTags(feedTags.get(companyName.toLowerCase()) ?? []))
      }
    }
    const toolIds = await mapTextToToolIds(lookup, `${job.title}\n${job.description}`)
    const existed = await db.$count(jobs, eq(jobs.sourceKey, job.sourceKey))
    const saved = await saveJob(
      db,
      {
        slug: await uniqueJobSlug(db, job.title, company.slug),
        title: job.title.slice(0, 200),
        companyId: company.id,
        applyUrl: job.applyUrl && httpUrlOf(job.applyUrl),
        city: job.city,
        location: job.location,
        remote: job.remote,
        fullTime: job.fullTime,
        freelance: job.freelance,
        description: job.description.slice(0, 50_000),
        sourceKey: job.sourceKey,
        postedAt: job.postedAt ?? new Date(),
        expiresAt: job.expiresAt,
        isDemo: options.isDemo ?? false,
      },
      toolIds,
    )
    if (existed > 0) summary.updated++
    else summary.created++
    summary.jobs.push({ slug: saved.slug, title: saved.title, company: company.name, tools: toolIds.length })
  }
  return summary
}

// Company-posted jobs: a company's admins create, edit, expire and delete its jobs. Every write goes through
// saveJob (jobs.queries.ts), the writer imports and the demo generator use, so job_tool and job.tool_ids are
// written one way. Expiry dates are UTC calendar days: a job is open through the whole of its last day.
import type { z } from 'zod'
import {
  addDaysUtc,
  JOB_EXPIRY_MAX_DAYS,
  JOB_EXPIRY_PAST,
  JOB_EXPIRY_TOO_FAR,
  JOB_TOOLS_UNKNOWN,
  type JobForm,
  todayUtc,
} from '#contracts/jobs.ts'
import type { Db } from '../../db/client.ts'
import { fieldError } from '../../http/errors.ts'
import type { CompanyRow } from '../companies/companies.queries.ts'
import { uniqueViolation } from '../stacks/unique-violation.ts'
import { findCardTools, type JobRow, type JobValues, saveJob, uniqueJobSlug } from './jobs.queries.ts'

type JobFields = z.output<typeof JobForm>

/** The moment a job closes: the end of its last day (UTC). */
export const expiryMoment = (date: string) => new Date(`${date}T23:59:59.999Z`)
/** The last day a job is open, from the moment it closes. */
export const expiryDay = (moment: Date) => moment.toISOString().slice(0, 10)

export const isExpired = (job: Pick<JobRow, 'expiresAt'>, now = new Date()) =>
  job.expiresAt !== null && job.expiresAt.getTime() <= now.getTime()

/** The expiry date must be today or later, and within a year; an edit may keep the date the job already has. */
function checkExpiry(fields: JobFields, now: Date, current?: JobRow) {
  if (current?.expiresAt && expiryDay(current.expiresAt) === fields.expires_on) return
  const today = todayUtc(now)
  if (fields.expires_on < today) throw fieldError('expires_on', JOB_EXPIRY_PAST)
  if (fields.expires_on > addDaysUtc(today, JOB_EXPIRY_MAX_DAYS)) throw fieldError('expires_on', JOB_EXPIRY_TOO_FAR)
}

async function checkTools(db: Db, toolIds: number[]) {
  const found = await findCardTools(db, toolIds)
  if (found.size !== toolIds.length) throw fieldError('tool_ids', JOB_TOOLS_UNKNOWN)
}

function columnsOf(fields: JobFields, current?: JobRow) {
  return {
    title: fields.title,
    applyUrl: fields.apply_url,
    city: fields.city,
    location: fields.location,
    remote: fields.remote,
    fullTime: fields.full_time,
    freelance: fields.freelance,
    description: fields.description,
    expiresAt:
      current?.expiresAt && expiryDay(current.expiresAt) === fields.expires_on
        ? current.expiresAt
        : expiryMoment(fields.expires_on),
  }
}

export async function createCompanyJob(db: Db, company: CompanyRow, fields: JobFields, now = new Date()) {
  checkExpiry(fields, now)
  await checkTools(db, fields.tool_ids)
  // Another request may take the slug between the check and the insert: pick the next free one and retry.
  for (let attempt = 0; ; attempt++) {
    const values: JobValues = {
      slug: await uniqueJobSlug(db, fields.title, company.slug),
      companyId: company.id,
      sourceKey: null,
      postedAt: now,
      isDemo: false,
      ...columnsOf(fields),
    }
    try {
      return await saveJob(db, values, fields.tool_ids)
    } catch (error) {
      if (uniqueViolation(error) && attempt < 3) continue
      throw error
    }
  }
}

/** The slug stays as it was (links to the job keep working); so do posted_at, the source key and the demo mark. */
export async function updateCompanyJob(db: Db, job: JobRow, fields: JobFields, now = new Date()) {
  checkExpiry(fields, now, job)
  await checkTools(db, fields.tool_ids)
  const values: JobValues = {
    slug: job.slug,
    companyId: job.companyId,
    sourceKey: job.sourceKey,
    postedAt: job.postedAt,
    isDemo: job.isDemo,
    ...columnsOf(fields, job),
  }
  return saveJob(db, values, fields.tool_ids, job.id)
}

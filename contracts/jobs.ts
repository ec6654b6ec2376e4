// Company-posted jobs (issue 7 "Data and search": companies post and edit their own jobs in the app, company admins
// only): the job form, its limits and messages, and what the company's job list answers. The same schemas validate
// on the server and type the form on the web. Stack Match reads these jobs like imported ones (contracts/match.ts).
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { HttpUrl } from './urls.ts'

export const JOB_TITLE_MIN = 3
/** The importer cuts titles at 200 characters too (server/modules/jobs/jobs-import.service.ts). */
export const JOB_TITLE_MAX = 200
export const JOB_APPLY_URL_MAX = 500
export const JOB_CITY_MAX = 100
export const JOB_LOCATION_MAX = 200
export const JOB_DESCRIPTION_MIN = 20
/** The search document reads the first 20,000 characters of a description. */
export const JOB_DESCRIPTION_MAX = 20_000
/** As many tools as an import maps from one ad at most (IMPORTED_TOOLS_MAX). */
export const JOB_TOOLS_MAX = 25
/** How far ahead an expiry date may be, and the form's default for a new job. */
export const JOB_EXPIRY_MAX_DAYS = 365
export const JOB_EXPIRY_DEFAULT_DAYS = 60

const blank = "can't be blank"
const tooShort = (minimum: number) => `is too short (minimum is ${minimum} characters)`
const tooLong = (maximum: number) => `is too long (maximum is ${maximum} characters)`
export const JOB_TOOLS_EMPTY = 'must include at least one tool'
export const JOB_TOOLS_TOO_MANY = `has too many tools (maximum is ${JOB_TOOLS_MAX})`
export const JOB_TOOLS_UNKNOWN = 'has a tool that does not exist'
export const JOB_EXPIRY_PAST = 'must be today or later'
export const JOB_EXPIRY_TOO_FAR = `must be within ${JOB_EXPIRY_MAX_DAYS} days`
export const JOB_APPLY_URL_INVALID = 'must be a web address starting with http:// or https://'

export const IMPERSONATED_EDIT_JOBS = "Impersonated users are not allowed to change a company's jobs"
export const ONLY_COMPANY_ADMINS_JOBS = "Only company admins can manage this company's jobs."

/** Optional text: '', null and missing all mean "not given" and become null. */
const optionalText = (maximum: number) =>
  z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(maximum, tooLong(maximum)).nullable())

/** A calendar date, YYYY-MM-DD, that exists. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
export const isCalendarDate = (value: string) =>
  ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)

/** Today's date in UTC, YYYY-MM-DD (expiry dates are UTC calendar days). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10)
export const addDaysUtc = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The job form. The expiry date is checked against today when the server saves (a stored form may have been
 * filled yesterday); the job stays open through that whole day (UTC).
 */
export const JobForm = z.object({
  title: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .min(JOB_TITLE_MIN, tooShort(JOB_TITLE_MIN))
    .max(JOB_TITLE_MAX, tooLong(JOB_TITLE_MAX)),
  apply_url: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .max(JOB_APPLY_URL_MAX, tooLong(JOB_APPLY_URL_MAX))
    // the scheme is written out, and the host has a dot
    .regex(/^https?:\/\/[^\s/.]+\.[^\s]+$/i, { message: JOB_APPLY_URL_INVALID, abort: true })
    .pipe(HttpUrl),
  city: optionalText(JOB_CITY_MAX),
  location: optionalText(JOB_LOCATION_MAX),
  remote: z.boolean().default(false),
  full_time: z.boolean().default(true),
  freelance: z.boolean().default(false),
  description: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .min(JOB_DESCRIPTION_MIN, tooShort(JOB_DESCRIPTION_MIN))
    .max(JOB_DESCRIPTION_MAX, tooLong(JOB_DESCRIPTION_MAX)),
  tool_ids: z
    .array(z.number().int().positive().max(2_147_483_647, 'is invalid'), JOB_TOOLS_EMPTY)
    .min(1, JOB_TOOLS_EMPTY)
    .max(JOB_TOOLS_MAX, JOB_TOOLS_TOO_MANY)
    .transform((ids) => [...new Set(ids)]),
  expires_on: z.string(blank).trim().min(1, { message: blank, abort: true }).refine(isCalendarDate, 'is invalid'),
})
export type JobForm = z.input<typeof JobForm>

export const JobBody = z.object({ job: JobForm })
export type JobBody = z.input<typeof JobBody>

export const CompanyJobParams = z.object({
  slug: z.string().min(1).max(100),
  id: z.coerce.number('is invalid').int('is invalid').positive('is invalid').max(2_147_483_647, 'is invalid'),
})
export const CompanyParams = z.object({ slug: z.string().min(1).max(100) })

export const JobStatus = z.enum(['open', 'expired'])
export type JobStatus = z.infer<typeof JobStatus>

export const CompanyJobTool = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.string(),
})
export type CompanyJobTool = z.infer<typeof CompanyJobTool>

/** One of a company's jobs as its admins see it: every field of the form, its status and where it shows. */
export const CompanyJob = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    apply_url: z.string().nullable(),
    city: z.string().nullable(),
    location: z.string().nullable(),
    remote: z.boolean(),
    full_time: z.boolean(),
    freelance: z.boolean(),
    description: z.string().nullable(),
    tools: z.array(CompanyJobTool),
    posted_at: z.string(),
    /** The last day the job is open (UTC), null for an imported job without one. */
    expires_on: z.string().nullable(),
    expires_at: z.string().nullable(),
    status: JobStatus,
    /** Imported from a feed (its next import overwrites edits) rather than posted here. */
    imported: z.boolean(),
    is_demo: z.boolean(),
    /** '/match/jobs/{slug}' */
    canonical_url: z.string(),
  })
  .register(apiSchemas, { id: 'CompanyJob' })
export type CompanyJob = z.infer<typeof CompanyJob>

export const CompanyJobsResponse = z.object({
  company: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), private_mode: z.boolean() }),
  /** Open jobs first, each group newest first. */
  jobs: z.array(CompanyJob),
})
export type CompanyJobsResponse = z.infer<typeof CompanyJobsResponse>

export const CompanyJobResponse = z.object({ job: CompanyJob })
export type CompanyJobResponse = z.infer<typeof CompanyJobResponse>

export const DeleteCompanyJobResponse = z.object({ id: z.number().int(), deleted: z.literal(true) })
export type DeleteCompanyJobResponse = z.infer<typeof DeleteCompanyJobResponse>

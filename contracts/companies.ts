// Companies as stack owners: the new-company form (specs/stack-creation-and-editing.md §5) and what the server
// answers about companies. The same schemas validate on the server and type the form on the web.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { Id, ImageUrl, StackSummary } from './stacks.ts'
import { HttpUrl } from './urls.ts'

export const COMPANY_NAME_MIN = 3
export const COMPANY_NAME_MAX = 60
export const COMPANY_DESCRIPTION_MIN = 3
export const COMPANY_DESCRIPTION_MAX = 1000
export const TWITTER_USERNAME_MIN = 2
export const TWITTER_USERNAME_MAX = 30
export const COMPANY_URL_MAX = 256
/** Tags (the Stack Match results' tag_list and a keyword of its search): decision 039. */
export const COMPANY_TAGS_MAX = 10
export const COMPANY_TAG_MAX = 30
/** A letter or digit first, then letters, digits, spaces and & + # . - / ' (no commas: the form separates by them). */
export const COMPANY_TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} &+#.\-/']*$/u

const blank = "can't be blank"
const tooShort = (minimum: number) => `is too short (minimum is ${minimum} characters)`
const tooLong = (maximum: number) => `is too long (maximum is ${maximum} characters)`

/** spec §5: a dot with text either side, no spaces. */
export const DOTTED_URL_PATTERN = /^[^\s]*[^\s.]\.[^\s.][^\s]*$/
/** spec §5: looks like x@y.z. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Optional text: '', null and missing all mean "not given" and become null. */
const optionalText = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(schema.nullable())

/**
 * Tags as typed or imported: trimmed, inner spaces collapsed, blanks dropped, repeats (case aside) kept once, in
 * their order. The form, the API and the feed importer all go through it.
 */
export function normalizeCompanyTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const kept: string[] = []
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ')
    const key = tag.toLowerCase()
    if (!tag || seen.has(key)) continue
    seen.add(key)
    kept.push(tag)
  }
  return kept
}

/** The form's tags box: tags separated by commas. */
export const splitTagText = (text: string) => normalizeCompanyTags(text.split(','))

export const CompanyTags = z
  .array(z.string().max(COMPANY_URL_MAX, tooLong(COMPANY_URL_MAX)))
  .max(COMPANY_TAGS_MAX * 5, `has too many tags (maximum is ${COMPANY_TAGS_MAX})`)
  .transform(normalizeCompanyTags)
  .pipe(
    z
      .array(
        z
          .string()
          .max(COMPANY_TAG_MAX, `has a tag that is too long (maximum is ${COMPANY_TAG_MAX} characters)`)
          .regex(COMPANY_TAG_PATTERN, "has a tag with characters other than letters, digits, spaces and & + # . - / '"),
      )
      .max(COMPANY_TAGS_MAX, `has too many tags (maximum is ${COMPANY_TAGS_MAX})`),
  )

export const CompanyForm = z.object({
  name: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .min(COMPANY_NAME_MIN, tooShort(COMPANY_NAME_MIN))
    .max(COMPANY_NAME_MAX, tooLong(COMPANY_NAME_MAX)),
  website_url: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .max(COMPANY_URL_MAX, tooLong(COMPANY_URL_MAX))
    .regex(DOTTED_URL_PATTERN, 'is invalid')
    .pipe(HttpUrl),
  description: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .min(COMPANY_DESCRIPTION_MIN, tooShort(COMPANY_DESCRIPTION_MIN))
    .max(COMPANY_DESCRIPTION_MAX, tooLong(COMPANY_DESCRIPTION_MAX)),
  email_address: z
    .string(blank)
    .trim()
    .min(1, { message: blank, abort: true })
    .max(COMPANY_URL_MAX, tooLong(COMPANY_URL_MAX))
    .regex(EMAIL_PATTERN, 'is invalid'),
  angellist_url: optionalText(
    z.string().max(COMPANY_URL_MAX, tooLong(COMPANY_URL_MAX)).regex(DOTTED_URL_PATTERN, 'is invalid').pipe(HttpUrl),
  ),
  // A leading '@' is how people write handles; it is not part of the username.
  twitter_username: z
    .string()
    .nullish()
    .transform((value) => value?.trim().replace(/^@/, '') || null)
    .pipe(
      z
        .string()
        .min(TWITTER_USERNAME_MIN, tooShort(TWITTER_USERNAME_MIN))
        .max(TWITTER_USERNAME_MAX, tooLong(TWITTER_USERNAME_MAX))
        .regex(/^\S+$/, 'is invalid')
        .nullable(),
    ),
  image_url: ImageUrl,
  /** Missing: none for a new company, unchanged on an update. */
  tag_list: CompanyTags.optional(),
})
export type CompanyForm = z.input<typeof CompanyForm>

export const CreateCompanyBody = z.object({ company: CompanyForm })
export type CreateCompanyBody = z.input<typeof CreateCompanyBody>

/**
 * The company form plus private_mode (spec §3 Company `private_mode`), which only its admins change here; missing
 * means unchanged (docs/decisions/025-stack-owner-choices.md).
 */
export const UpdateCompanyBody = z.object({
  company: CompanyForm.extend({ id: Id, private_mode: z.boolean().optional() }),
})
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBody>

/**
 * Where a company's verification stands (docs/decisions/031-company-verification.md). `awaiting_email`: a link went to its contact address (domains match); `awaiting_review`:
 * in the site admins' queue; `declined`: an admin dismissed it from the queue (editing its website, name or e-mail
 * sends it again); `unverified`: none of these (companies from before verification existed, demo data).
 */
export const VERIFICATION_STATUSES = [
  'verified',
  'awaiting_email',
  'awaiting_review',
  'declined',
  'unverified',
] as const
export const VerificationStatus = z.enum(VERIFICATION_STATUSES)
export type VerificationStatus = z.infer<typeof VerificationStatus>

/** A company the signed-in user belongs to (GET /api/v1/companies/index, the create and update answers). */
export const Company = z
  .object({
    id: z.number().int(),
    type: z.literal('Company'),
    slug: z.string(),
    name: z.string(),
    website_url: z.string().nullable(),
    description: z.string().nullable(),
    angellist_url: z.string().nullable(),
    email_address: z.string().nullable(),
    twitter_username: z.string().nullable(),
    image_url: z.string().nullable(),
    private_mode: z.boolean(),
    tag_list: z.array(z.string()),
    verified: z.boolean(),
    /** Where its verification stands (docs/decisions/031-company-verification.md); the edit page explains it. */
    verification_status: VerificationStatus,
    /** When the pending confirmation link was sent (status awaiting_email), else null. */
    verification_sent_at: z.string().nullable(),
    /** Users who may edit the company and its stacks. */
    admins: z.array(z.object({ id: z.number().int() })),
    current_user_admin: z.boolean(),
    path: z.string(),
  })
  .register(apiSchemas, { id: 'Company' })
export type Company = z.infer<typeof Company>

export const CompaniesIndexResponse = z.object({ companies: z.array(Company) })
export type CompaniesIndexResponse = z.infer<typeof CompaniesIndexResponse>

export const CompanyResponse = z.object({ company: Company })
export type CompanyResponse = z.infer<typeof CompanyResponse>

export const CompanyExistsQuery = z.object({ company_name: z.string().default('') })
export const CompanyExistsResponse = z.object({
  exists: z.boolean(),
  /** The existing company, so the 'company already exists' modal can offer to use or update it. */
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      image_url: z.string().nullable(),
      current_user_member: z.boolean(),
      current_user_admin: z.boolean(),
    })
    .nullable(),
})
export type CompanyExistsResponse = z.infer<typeof CompanyExistsResponse>

/** POST /api/v1/onboarding/update_company: the company the user works at (by id, or a free-text name). */
export const OnboardingUpdateCompanyBody = z.object({
  company: z
    .object({
      id: Id.nullish(),
      name: z.string().trim().max(COMPANY_NAME_MAX, tooLong(COMPANY_NAME_MAX)).nullish(),
    })
    .refine((company) => company.id || company.name, { message: blank, path: ['name'] }),
})
export const OnboardingUpdateCompanyResponse = z.object({
  company_name: z.string(),
  company: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
})
export type OnboardingUpdateCompanyResponse = z.infer<typeof OnboardingUpdateCompanyResponse>

/** GET /api/v1/companies/{slug}: the company page (no contact e-mail) and the stacks the viewer may see. */
export const CompanyPage = z
  .object({
    company: z.object({
      id: z.number().int(),
      type: z.literal('Company'),
      slug: z.string(),
      name: z.string(),
      path: z.string(),
      website_url: z.string().nullable(),
      description: z.string().nullable(),
      angellist_url: z.string().nullable(),
      twitter_username: z.string().nullable(),
      image_url: z.string().nullable(),
      private_mode: z.boolean(),
      verified: z.boolean(),
      followers_count: z.number().int(),
      stacks_count: z.number().int(),
      current_user_member: z.boolean(),
      current_user_admin: z.boolean(),
    }),
    stacks: z.array(StackSummary),
  })
  .register(apiSchemas, { id: 'CompanyPage' })
export type CompanyPage = z.infer<typeof CompanyPage>

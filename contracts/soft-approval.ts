// Soft approval (specs/stack-match-and-community.md §2 'Soft-approval screen', §3 'Soft-approval tool', §4 'Tool
// approval', §5, §7 'Soft approval', §9): the user's submitted tools, and the form that sends one to the
// moderators' queue. Moderation itself: contracts/moderation.ts; why it works this way:
// docs/decisions/019-soft-approval-and-moderation.md.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { CompanyForm } from './companies.ts'
import { Id } from './stacks.ts'
import { CreateToolBody } from './tools.ts'

/** spec §5 and §9: title 120, description 240 (maxlength 240), features 700 (maxlength 700). */
export const SOFT_APPROVAL_TITLE_MAX = 120
export const SOFT_APPROVAL_DESCRIPTION_MAX = 240
export const SOFT_APPROVAL_FEATURES_MAX = 700
/** spec §5: a pasted image URL needs at least 3 characters. */
export const PASTED_IMAGE_URL_MIN = 3
export const IMAGE_URL_MAX = 1000
/** spec §5: the image accepts only png, jpeg and jpg. */
export const SOFT_APPROVAL_IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpeg,.jpg'
/** spec §2: Features are separated by semicolons. */
export const FEATURES_SEPARATOR = ';'

/** The screen's address (the first segment 'services' is reserved: no username or tool slug can take it). */
export const SOFT_APPROVAL_PATH = '/services/pending'
export const SOFT_APPROVAL_TITLE = 'Tools Pending Approval'
export const SOFT_APPROVAL_PRIVATE_NOTE = 'Only visible to you, not public'
export const SOFT_APPROVAL_CLICK_NOTE = 'New: Click tool to pre-approve'
export const SUBMIT_FOR_APPROVAL = 'Submit for approval'
export const SUBMITTED_FOR_APPROVAL = 'Submitted for approval. A moderator will review it soon.'
/** Failure handling is not shown by the spec (§8); these are ours (decision 019). */
export const ALREADY_APPROVED = 'This tool is already approved.'
export const ALREADY_PENDING = 'This tool is already waiting for approval.'
export const NOT_YOUR_TOOL = 'You can only submit tools you added.'
export const IMPERSONATED_SUBMIT = 'Impersonated users are not allowed to submit tools'
export const NAME_TAKEN = 'has already been taken'

const blank = "can't be blank"
const tooShort = (minimum: number) => `is too short (minimum is ${minimum} characters)`
const tooLong = (maximum: number) => `is too long (maximum is ${maximum} characters)`

const requiredText = (max: number) =>
  z.string(blank).trim().min(1, { message: blank, abort: true }).max(max, tooLong(max))

/**
 * The tool's image: an uploaded logo (/uploads/...) or a pasted address of at least 3 characters; a pasted address
 * without a scheme gets https://. Only http(s) addresses are kept ('' and null mean none: the generated logo).
 */
export const SoftApprovalImageUrl = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
  .pipe(
    z
      .string()
      .min(PASTED_IMAGE_URL_MIN, { message: tooShort(PASTED_IMAGE_URL_MIN), abort: true })
      .max(IMAGE_URL_MAX, { message: tooLong(IMAGE_URL_MAX), abort: true })
      .transform((value) => (value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
      .pipe(z.string().regex(/^(\/uploads\/[A-Za-z0-9/_.-]+|https?:\/\/[^\s/.]+\.[^\s]+)$/, 'is not an image URL'))
      .nullable(),
  )

/** spec §7: service {name, title, image_url, description, twitter_username, features}; the website is read-only. */
export const SoftApprovalService = z.object({
  name: CreateToolBody.shape.service.shape.name,
  title: requiredText(SOFT_APPROVAL_TITLE_MAX),
  description: requiredText(SOFT_APPROVAL_DESCRIPTION_MAX),
  image_url: SoftApprovalImageUrl,
  twitter_username: CompanyForm.shape.twitter_username,
  features: z
    .string()
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().max(SOFT_APPROVAL_FEATURES_MAX, tooLong(SOFT_APPROVAL_FEATURES_MAX))),
})
export type SoftApprovalServiceInput = z.input<typeof SoftApprovalService>
export type SoftApprovalServiceValues = z.output<typeof SoftApprovalService>

export const SubmitSoftApprovalBody = z.object({ id: Id, service: SoftApprovalService })
export type SubmitSoftApprovalBody = z.input<typeof SubmitSoftApprovalBody>

/** spec §7: the response reads id and image_url. */
export const SubmitSoftApprovalResponse = z.object({ id: z.number().int(), image_url: z.string() })
export type SubmitSoftApprovalResponse = z.infer<typeof SubmitSoftApprovalResponse>

/** spec §3 'Soft-approval tool', plus what the screen shows around it. */
export const SoftApprovalTool = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** '/tools/{slug}': the tool page, visible to its submitter and moderators until approved. */
    canonical_url: z.string(),
    title: z.string().nullable(),
    website_url: z.string().nullable(),
    /** The image shown: the uploaded or pasted one, else /logos/{slug}.svg. */
    image_url: z.string(),
    /** The image the submitter set (null: none, the generated logo is shown). */
    custom_image_url: z.string().nullable(),
    description: z.string().nullable(),
    twitter_username: z.string().nullable(),
    features: z.string().nullable(),
    submitted_for_approval: z.boolean(),
    /** A moderator sent it back: the reason to read before submitting again. */
    rejection_reason: z.string().nullable(),
    rejected_at: z.string().nullable(),
    created_at: z.string(),
  })
  .register(apiSchemas, { id: 'SoftApprovalTool' })
export type SoftApprovalTool = z.infer<typeof SoftApprovalTool>

export const SoftApprovalToolsResponse = z.object({ tools: z.array(SoftApprovalTool) })
export type SoftApprovalToolsResponse = z.infer<typeof SoftApprovalToolsResponse>

/** ';'-separated features as a list, blanks dropped. */
export function splitFeatures(features: string | null | undefined): string[] {
  return (features ?? '')
    .split(FEATURES_SEPARATOR)
    .map((feature) => feature.trim())
    .filter(Boolean)
}

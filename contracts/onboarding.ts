// The onboarding wizard (specs/onboarding-customers-teams-notifications.md §2 'Onboarding wizard', §3, §4, §5, §7
// 'Onboarding', §8, §9): its steps, limits, messages and the calls' request and response shapes.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { ImageUrl } from './stacks.ts'

/** spec §5 and §9: first name, last name and job title. */
export const ONBOARDING_NAME_MAX = 30
/** spec §5 and §9: the company suggestion input. */
export const ONBOARDING_COMPANY_MAX = 60
/** spec §9: the company suggestions wait this long after typing. */
export const COMPANY_SUGGEST_DELAY_MS = 1000
/** How many company names the suggestion box lists. */
export const COMPANY_SUGGESTIONS_MAX = 8
/** spec §2 and §9: the tool picker scrolls when more than this many tools are selected. */
export const PICKER_SCROLL_THRESHOLD = 5

/** spec §2: every slug under /onboarding; tools-voting and next-steps are placeholders. */
export const ONBOARDING_STEPS = [
  'welcome',
  'tools-voting',
  'basic-information',
  'build-your-stack',
  'areas-of-interest',
  'next-steps',
] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]
/** spec §2: the steps actually walked, in order; after the last the wizard leaves. */
export const ONBOARDING_WALK = ['welcome', 'basic-information', 'build-your-stack'] as const
type WalkedStep = Exclude<(typeof ONBOARDING_WALK)[number], 'welcome'>
/**
 * spec §2: the picker numbers only the steps the wizard walks (welcome is a standalone screen), taken from
 * ONBOARDING_WALK itself, so a numbered step is always one the user is taken to.
 */
export const ONBOARDING_NUMBERED_STEPS = ONBOARDING_WALK.filter((step): step is WalkedStep => step !== 'welcome')
/**
 * spec §2: "The step list also holds areas-of-interest, but the next-step order has only three slugs": the picker
 * lists it unnumbered, as optional, reached only from the picker (and skippable there).
 */
export const ONBOARDING_OPTIONAL_STEPS = ['areas-of-interest'] as const
export type OnboardingPickerStep = WalkedStep | (typeof ONBOARDING_OPTIONAL_STEPS)[number]

export function isOnboardingStep(value: string): value is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(value)
}

/** spec §8 */
export const invalidStepMessage = (slug: string) => `${slug} is not a valid step to navigate to.`
export const STACK_SAVE_FAILED = 'An error occurred while saving your stack.'
/** The settings' refusal for an admin acting as someone else (server/modules/users/users.routes.ts). */
export const IMPERSONATED_CHANGE_SETTINGS = 'Impersonated users are not allowed to change settings'

const tooLong = (maximum: number) => `is too long (maximum is ${maximum} characters)`
const optionalText = (maximum: number) =>
  z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(maximum, tooLong(maximum)).nullable())

/** spec §3 'Interests' and §4: the defaults until the stored values load. */
export const INTEREST_KEYS = ['news', 'tools', 'comparisons', 'deep_dives', 'companies', 'jobs'] as const
export type InterestKey = (typeof INTEREST_KEYS)[number]
export const Interests = z.object({
  news: z.boolean(),
  tools: z.boolean(),
  comparisons: z.boolean(),
  deep_dives: z.boolean(),
  companies: z.boolean(),
  jobs: z.boolean(),
})
export type Interests = z.infer<typeof Interests>
export const DEFAULT_INTERESTS: Interests = {
  news: true,
  tools: false,
  comparisons: true,
  deep_dives: false,
  companies: true,
  jobs: false,
}

/** spec §3 'Tool' as the wizard holds it. */
export const OnboardingTool = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.string(),
  is_approved: z.boolean(),
  is_package: z.boolean(),
  just_added: z.boolean(),
})
export type OnboardingTool = z.infer<typeof OnboardingTool>

/** GET /api/v1/onboarding: spec §3 'Onboarding user info (supplied at startup)' plus the redirect and oauth. */
export const OnboardingInfo = z
  .object({
    user_id: z.number().int(),
    user_img: z.string().nullable(),
    /** Saved, or until first or last name is saved, from the name given at sign-up (decision 039). */
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company_name: z.string().nullable(),
    job_title: z.string().nullable(),
    is_private: z.boolean(),
    /** Created from a code-hosting organisation (the note on the welcome screen). */
    was_shadow: z.boolean(),
    /** The organisations the account came from. */
    companies: z.array(z.string()),
    /** Tools found on the user's public GitHub profile; the build-your-stack step preselects them. */
    services: z.array(OnboardingTool),
    weekly_digest_subscribed: z.boolean(),
    email_feed_weekly: z.boolean(),
    /** The wizard was shown once: a later sign-in no longer sends the user there. */
    started: z.boolean(),
    onboarded: z.boolean(),
    /** Where the wizard goes when no redirect was stored. */
    redirect_path: z.string(),
    /** The code host the tools were found on, when the user signed in with one. */
    oauth: z.object({ provider: z.string(), icon: z.string() }).nullable(),
  })
  .register(apiSchemas, { id: 'OnboardingInfo' })
export type OnboardingInfo = z.infer<typeof OnboardingInfo>

export const ToggleEmailFeedWeeklyBody = z.object({ user: z.object({ email_feed_weekly: z.boolean() }) })
export type ToggleEmailFeedWeeklyBody = z.infer<typeof ToggleEmailFeedWeeklyBody>
export const EmailFeedWeeklyResponse = z.object({ email_feed_weekly: z.boolean() })

export const BasicInformation = z.object({
  first_name: optionalText(ONBOARDING_NAME_MAX),
  last_name: optionalText(ONBOARDING_NAME_MAX),
  company_name: optionalText(ONBOARDING_COMPANY_MAX),
  title: optionalText(ONBOARDING_NAME_MAX),
  /** An uploaded photo (/uploads/avatars/...), already cropped 1:1. */
  picture: ImageUrl.optional(),
  weekly_digest_subscribed: z.boolean(),
})
export const SubmitBasicInformationBody = z.object({ user: BasicInformation })
export type SubmitBasicInformationBody = z.input<typeof SubmitBasicInformationBody>
export const BasicInformationResponse = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  title: z.string().nullable(),
  picture: z.string().nullable(),
  weekly_digest_subscribed: z.boolean(),
})

export const SaveInterestsBody = z.object({ interests: Interests })
export type SaveInterestsBody = z.infer<typeof SaveInterestsBody>

export const StartOnboardingResponse = z.object({ started: z.literal(true) })
export const FinishOnboardingResponse = z.object({ onboarded: z.literal(true) })

/** GET /api/v1/companies/search?q: company names for the suggestion box. */
export const CompanySearchQuery = z.object({
  q: z
    .string()
    .max(ONBOARDING_COMPANY_MAX * 2)
    .default(''),
})
export const CompanySearchResponse = z.array(z.string())

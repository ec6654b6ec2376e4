// Reasons to use a tool and the votes on them: the 'Vote For Tools' step of the stack wizard
// (specs/stack-creation-and-editing.md §3 "Reason", §7 services/reasons and reasons/toggle_vote).
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { ID_MAX, Id } from './stacks.ts'

/** spec §9: at most 5 reasons kept per tool. */
export const REASONS_PER_TOOL = 5
export const REASONS_MAX_SERVICES = 100
export const IMPERSONATED_VOTE = 'Impersonated users are not allowed to vote'

export const ReasonsQuery = z.object({
  /** Comma-joined tool ids: "1,2,3". */
  service_ids: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}$/, 'must be a comma-separated list of ids')
            .transform(Number)
            .refine((id) => id <= ID_MAX, 'must be a comma-separated list of ids'),
        )
        .max(REASONS_MAX_SERVICES, `is too long (maximum is ${REASONS_MAX_SERVICES} ids)`),
    ),
})

export const Reason = z
  .object({
    id: z.number().int(),
    text: z.string(),
    /** Up-votes minus down-votes. */
    cached_votes_total: z.number().int(),
    /** The signed-in user has voted on this reason. */
    user_voted: z.boolean(),
    /** The signed-in user's vote: 1, -1, or 0 when none. */
    user_vote: z.number().int(),
  })
  .register(apiSchemas, { id: 'Reason' })
export type Reason = z.infer<typeof Reason>

export const ServiceWithReasons = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.string(),
  canonical_url: z.string(),
  reasons: z.array(Reason),
})
export type ServiceWithReasons = z.infer<typeof ServiceWithReasons>

export const ReasonsResponse = z.object({ services: z.array(ServiceWithReasons) })
export type ReasonsResponse = z.infer<typeof ReasonsResponse>

export const ToggleVoteBody = z.object({
  id: Id,
  vote: z.coerce
    .number()
    .int()
    .refine((value) => value === 1 || value === -1, 'must be 1 or -1'),
})
export type ToggleVoteBody = z.input<typeof ToggleVoteBody>

export const ToggleVoteResponse = z.object({ reason: Reason })
export type ToggleVoteResponse = z.infer<typeof ToggleVoteResponse>

// ---------------------------------------------------------------------------------------------------------------
// The Pros & Cons page (specs/stack-match-and-community.md §2 'Pros & Cons page', §3, §4, §5, §7, §8, §9) and the
// points it earns (docs/decisions/018-pros-and-cons-and-points.md).

/** §9: reason text at most 55 characters. */
export const REASON_TEXT_MAX = 55
/** §9: typing filters the existing list after 250 ms. */
export const REASON_FILTER_DEBOUNCE_MS = 250
/** §9: Pros & Cons page size. */
export const PROS_CONS_PAGE_SIZE = 10
export const PROS_CONS_PER_PAGE_MAX = 50
export const PROS_CONS_PAGE_MAX = 10_000
/** §4, §9: the points animation. */
export const POINTS_ANIMATION_MS = 750
/** §9: infinite scroll loads more within a tenth of the page height plus 1000 px of the bottom. */
export const PROS_CONS_SCROLL_THRESHOLD_PX = 1000
/** §2: the navbar scroll offset is 68 plus 20 px. */
export const PROS_CONS_SCROLL_OFFSET_PX = 68 + 20
/** Each card carries at most this many pros and as many cons, most votes first. */
export const PROS_CONS_REASONS_PER_TYPE = 100
/** A tool lacks reasons while it has fewer pros or fewer cons than this (the third list). */
export const REASONS_WANTED_PER_TYPE = REASONS_PER_TOOL

/**
 * §4, §7: the lists in the order the page walks them. The first two are the spec's; the third is ours (decision
 * 018): tools in the user's stacks that lack reasons, then popular tools that lack reasons. Visitors start at it.
 */
export const PROS_CONS_ENDPOINTS = [
  'user_created_pros_not_cons',
  'user_upvoted_pros_not_cons',
  'tools_lacking_reasons',
] as const
export type ProsConsEndpoint = (typeof PROS_CONS_ENDPOINTS)[number]
/** §4, §6: visitors who are not signed in start at the third index. */
export const PROS_CONS_VISITOR_START = 2

/** The page's name (its document title), the start of the explainer. */
export const PROS_CONS_TITLE = 'Pros & Cons'
/** §2: the explainer, shown verbatim as one string (the page may style the words, not change them). */
export const PROS_CONS_EXPLAINER =
  'Pros & Cons - Help other developers pick the right tools for the job, and earn points while doing it'
/** §5, §8 */
export const REASON_EMPTY_MESSAGE = 'Enter some text!'
export const REASON_DELETE_CONFIRM = 'Are you sure you want to delete this?'
export const REASON_DUPLICATE = 'duplicate'
export const reasonDuplicateMessage = (type: ReasonType) => `This ${type} already exists. Got anything else?`
export const REASON_DELETE_MAX_VOTES = 1
export const REASON_NOT_AUTHOR = 'You can only delete your own pros and cons.'
export const REASON_TOO_MANY_VOTES = `You can only delete a pro or con with at most ${REASON_DELETE_MAX_VOTES} vote.`
export const IMPERSONATED_REASON = 'Impersonated users are not allowed to add or delete pros and cons'

/**
 * The points scheme (decision 018): +1 to the author for each reason they add, +1 to the author for each up-vote
 * their reason receives from someone else; taking the up-vote back (or switching it to a down-vote) and deleting
 * the reason reverse what it earned.
 */
export const POINTS = { reasonCreated: 1, upvoteReceived: 1 } as const

export const ReasonType = z.enum(['pro', 'con'])
export type ReasonType = z.infer<typeof ReasonType>

export const ProsConsEndpointParams = z.object({ endpoint: z.enum(PROS_CONS_ENDPOINTS) })

export const ProsConsQuery = z.object({
  page: z.coerce.number().int().min(1).max(PROS_CONS_PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(PROS_CONS_PER_PAGE_MAX).default(PROS_CONS_PAGE_SIZE),
})
export type ProsConsQuery = z.input<typeof ProsConsQuery>

/** §3 "Reason" */
export const ProsConsReason = z
  .object({
    id: z.number().int(),
    text: z.string(),
    type: ReasonType,
    /** Up-votes minus down-votes. */
    votes: z.number().int(),
    /** The signed-in user has up-voted it. */
    user_voted_for: z.boolean(),
    /** The author; null when the reason came with the catalog or its author deleted their account. */
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    user_avatar: z.string().nullable(),
    service_id: z.number().int(),
  })
  .register(apiSchemas, { id: 'ProsConsReason' })
export type ProsConsReason = z.infer<typeof ProsConsReason>

/** §3 "Pros & Cons tool card" */
export const ProsConsTool = z
  .object({
    id: z.number().int(),
    name: z.string(),
    title: z.string().nullable(),
    image_url: z.string(),
    canonical_url: z.string(),
    pros: z.array(ProsConsReason),
    cons: z.array(ProsConsReason),
  })
  .register(apiSchemas, { id: 'ProsConsTool' })
export type ProsConsTool = z.infer<typeof ProsConsTool>

export const ProsConsResponse = z.array(ProsConsTool)

export const ReasonText = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .max(REASON_TEXT_MAX, `is too long (maximum is ${REASON_TEXT_MAX} characters)`)

/** §3 "Reason create payload", §7 POST /api/v1/pros-and-cons */
export const CreateReasonBody = z.object({
  reason: z.object({ service_id: Id, text: ReasonText, con: z.boolean() }),
})
export type CreateReasonBody = z.input<typeof CreateReasonBody>

export const CreateReasonResponse = z.object({
  service_id: z.number().int(),
  reason: ProsConsReason,
  /** The author's points after adding it. */
  points: z.number().int(),
})
export type CreateReasonResponse = z.infer<typeof CreateReasonResponse>

export const ReasonParams = z.object({ id: Id })

export const DeleteReasonResponse = z.object({
  service_id: z.number().int(),
  type: ReasonType,
  reason_id: z.number().int(),
  /** The author's points after deleting it. */
  points: z.number().int(),
})
export type DeleteReasonResponse = z.infer<typeof DeleteReasonResponse>

/** vote true gives the user's up-vote, false takes it back. */
export const ToggleReasonVoteBody = z.object({ vote: z.boolean() })
export const ToggleReasonVoteResponse = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  type: ReasonType,
  votes: z.number().int(),
  user_voted_for: z.boolean(),
})
export type ToggleReasonVoteResponse = z.infer<typeof ToggleReasonVoteResponse>

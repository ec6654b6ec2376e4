// Reasons to use a tool and the votes on them: the 'Vote For Tools' step of the stack wizard
// (specs/stack-creation-and-editing.md §3 "Reason", §7 services/reasons and reasons/toggle_vote).
import { z } from 'zod'
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
  .meta({ id: 'Reason' })
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

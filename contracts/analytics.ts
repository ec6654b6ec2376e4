// First-party analytics: the web's track(name, properties) and the counts admins see.
import { z } from 'zod'

export const EVENT_NAME_MAX = 100
/** spec-free limit: properties are small context (a slug, an id, a step), never documents */
export const EVENT_PROPERTIES_MAX_BYTES = 2048
export const EVENT_PROPERTIES_MAX_KEYS = 20

export const EventName = z
  .string()
  .min(1, "can't be blank")
  .max(EVENT_NAME_MAX, `is too long (maximum is ${EVENT_NAME_MAX} characters)`)
  .regex(/^[a-z0-9_.-]+$/, 'may only contain lower-case letters, numbers, dots, dashes and underscores')

export const EventProperties = z
  .record(z.string().max(EVENT_NAME_MAX), z.unknown())
  .refine((value) => Object.keys(value).length <= EVENT_PROPERTIES_MAX_KEYS, {
    message: `has too many keys (maximum is ${EVENT_PROPERTIES_MAX_KEYS})`,
  })
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= EVENT_PROPERTIES_MAX_BYTES, {
    message: `is too large (maximum is ${EVENT_PROPERTIES_MAX_BYTES} bytes)`,
  })

export const TrackEventBody = z.object({
  name: EventName,
  properties: EventProperties.default({}),
})
export type TrackEventBody = z.infer<typeof TrackEventBody>

export const EventCount = z.object({
  name: z.string(),
  last_7_days: z.number().int(),
  last_30_days: z.number().int(),
  all_time: z.number().int(),
})
export type EventCount = z.infer<typeof EventCount>

export const AnalyticsCountsResponse = z.object({
  /** Most frequent first. */
  events: z.array(EventCount),
  totals: z.object({ last_7_days: z.number().int(), last_30_days: z.number().int(), all_time: z.number().int() }),
})
export type AnalyticsCountsResponse = z.infer<typeof AnalyticsCountsResponse>

// A company's Tech Radar (issue 18 "Company Tech Radar", docs/decisions/064-company-tech-radar.md): the quadrants
// (the catalog's four layers), the rings, the default ring of a tool from how many of the company's stacks use it,
// and the API's request and response shapes.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'

/**
 * The rings, innermost first; a ring's index is its index here (Zalando's `ring`). `color` is Zalando's, for blips and
 * the exported JSON; `textColor` is the same hue dark enough for words on white and on the rings' greys (WCAG AA,
 * at least 4.5:1 on #f1f5f9), for the ring names in the drawing and in the list.
 */
export const RADAR_RINGS = [
  { slug: 'adopt', name: 'Adopt', color: '#5ba300', textColor: '#3f7000' },
  { slug: 'trial', name: 'Trial', color: '#009eb0', textColor: '#007580' },
  { slug: 'assess', name: 'Assess', color: '#c7ba00', textColor: '#736900' },
  { slug: 'hold', name: 'Hold', color: '#e09b96', textColor: '#a8433b' },
] as const
export type RadarRing = (typeof RADAR_RINGS)[number]['slug']
export const RadarRing = z.enum(['adopt', 'trial', 'assess', 'hold'], {
  message: 'must be Adopt, Trial, Assess or Hold',
})

/**
 * The quadrants are the catalog's four layers, one each (server/db/seed/catalog/category-map.ts LAYERS). A quadrant's
 * index is its index here and is Zalando's `quadrant`: 0 bottom right, 1 bottom left, 2 top left, 3 top right.
 */
export const RADAR_QUADRANTS = [
  { slug: 'application-and-data', name: 'Application & Data' },
  { slug: 'utilities', name: 'Utilities' },
  { slug: 'devops', name: 'DevOps' },
  { slug: 'business-tools', name: 'Business Tools' },
] as const
export type RadarQuadrant = (typeof RADAR_QUADRANTS)[number]['slug']

/** A tool with no category, or in a layer that is not one of the four, is drawn among the Utilities (decision 064). */
export const FALLBACK_QUADRANT: RadarQuadrant = 'utilities'

export function quadrantOfLayer(layerSlug: string | null): RadarQuadrant {
  return RADAR_QUADRANTS.find((quadrant) => quadrant.slug === layerSlug)?.slug ?? FALLBACK_QUADRANT
}

export const quadrantIndex = (quadrant: RadarQuadrant) => RADAR_QUADRANTS.findIndex((q) => q.slug === quadrant)
export const ringIndex = (ring: RadarRing) => RADAR_RINGS.findIndex((r) => r.slug === ring)
export const ringName = (ring: RadarRing) => RADAR_RINGS[ringIndex(ring)]!.name
export const quadrantName = (quadrant: RadarQuadrant) => RADAR_QUADRANTS[quadrantIndex(quadrant)]!.name

/**
 * decision 064: a tool's ring until an admin moves it, from the share of the company's stacks that use it.
 * Adopt: at least half of them and at least two; Trial: at least a quarter (so a one-stack company's tools are all
 * Trial); Assess: the rest. Hold is never a default: only an admin puts a tool on hold.
 */
export const ADOPT_SHARE = 0.5
export const ADOPT_MIN_STACKS = 2
export const TRIAL_SHARE = 0.25

export function defaultRing(usedBy: number, stacksCount: number): RadarRing {
  const share = stacksCount === 0 ? 0 : usedBy / stacksCount
  if (share >= ADOPT_SHARE && usedBy >= ADOPT_MIN_STACKS) return 'adopt'
  if (share >= TRIAL_SHARE) return 'trial'
  return 'assess'
}

/** A move shown in the radar's list and in Zalando's and Backstage's `moved`: 1 toward Adopt, -1 toward Hold. */
export const movedBetween = (from: RadarRing, to: RadarRing): -1 | 0 | 1 =>
  Math.sign(ringIndex(from) - ringIndex(to)) as -1 | 0 | 1

/** A move counts as recent (the blip's ▲ or ▼, `moved` in the exports) for this many days. */
export const RADAR_MOVED_DAYS = 90

export const RADAR_REASON_MIN = 3
export const RADAR_REASON_MAX = 500

export const ONLY_COMPANY_ADMINS_RADAR = "Only the company's admins can move tools on its radar."
export const IMPERSONATED_RADAR = 'Impersonated users are not allowed to move tools on a radar.'
export const NOT_ON_RADAR = "That tool is not on this company's radar."
export const SAME_RING = 'is already the ring of this tool'

export const RadarParams = z.object({ slug: z.string().min(1).max(100) })
export const RadarToolParams = RadarParams.extend({ toolSlug: z.string().min(1).max(200) })

export const RadarFormat = z.enum(['zalando', 'backstage'], { message: 'must be zalando or backstage' })
export const RadarQuery = z.object({ format: RadarFormat.optional() })

export const MoveRadarToolBody = z.object({
  ring: RadarRing,
  reason: z
    .string({ message: "can't be blank" })
    .trim()
    .min(RADAR_REASON_MIN, `is too short (minimum is ${RADAR_REASON_MIN} characters)`)
    .max(RADAR_REASON_MAX, `is too long (maximum is ${RADAR_REASON_MAX} characters)`),
})
export type MoveRadarToolBody = z.infer<typeof MoveRadarToolBody>

export const RadarMove = z.object({
  from: RadarRing,
  to: RadarRing,
  reason: z.string(),
  at: z.string(),
  /** The admin who moved it, as named then; null once the account is gone. */
  by: z.string().nullable(),
})
export type RadarMove = z.infer<typeof RadarMove>

export const RadarEntry = z.object({
  /** The blip's number: entries are numbered in the list's order (quadrant, ring, name). */
  number: z.number().int(),
  tool: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), path: z.string() }),
  quadrant: z.enum(RADAR_QUADRANTS.map((quadrant) => quadrant.slug) as [RadarQuadrant, ...RadarQuadrant[]]),
  ring: RadarRing,
  /** The ring the tool would have from its use alone. */
  default_ring: RadarRing,
  /** How many of the stacks counted use it. */
  used_by: z.number().int(),
  /** The last move's direction when it is recent (RADAR_MOVED_DAYS): 1 in toward Adopt, -1 out toward Hold. */
  moved: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  /** Every move of the tool on this radar, newest first. */
  history: z.array(RadarMove),
})
export type RadarEntry = z.infer<typeof RadarEntry>

export const CompanyRadar = z
  .object({
    company: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), path: z.string() }),
    /** The stacks whose tools are drawn: the ones the viewer may see, as on the company page. */
    stacks_count: z.number().int(),
    can_edit: z.boolean(),
    entries: z.array(RadarEntry),
  })
  .register(apiSchemas, { id: 'CompanyRadar' })
export type CompanyRadar = z.infer<typeof CompanyRadar>

export const companyRadarPath = (companySlug: string) => `/companies/${companySlug}/radar`

/** Zalando's radar_visualization(config) input (github.com/zalando/tech-radar docs/index.html and radar.js). */
export const ZalandoRadar = z.object({
  title: z.string(),
  date: z.string(),
  quadrants: z.array(z.object({ name: z.string() })),
  rings: z.array(z.object({ name: z.string(), color: z.string() })),
  entries: z.array(
    z.object({
      quadrant: z.number().int(),
      ring: z.number().int(),
      label: z.string(),
      link: z.string(),
      active: z.boolean(),
      /** 0 unchanged, 1 moved in, -1 moved out, 2 new (never sent: a radar has no earlier edition to be new in). */
      moved: z.number().int(),
    }),
  ),
})
export type ZalandoRadar = z.infer<typeof ZalandoRadar>

/** Backstage's Tech Radar plugin (TechRadarLoaderResponse): quadrants, rings, entries with their timeline. */
export const BackstageRadar = z.object({
  quadrants: z.array(z.object({ id: z.string(), name: z.string() })),
  rings: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  entries: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      title: z.string(),
      quadrant: z.string(),
      url: z.string(),
      links: z.array(z.object({ url: z.string(), title: z.string() })),
      /** Newest first, as the plugin reads it: its first snapshot is the entry's ring now. */
      timeline: z.array(
        z.object({
          moved: z.number().int(),
          ringId: z.string(),
          date: z.string(),
          description: z.string(),
        }),
      ),
    }),
  ),
})
export type BackstageRadar = z.infer<typeof BackstageRadar>

/** The order blips are numbered and listed in, Zalando's: top left, top right, bottom left, bottom right quadrant. */
export const QUADRANT_READING_ORDER = [2, 3, 1, 0] as const

/** Quadrant in reading order, then ring from Adopt out, then name (Zalando's radar.js numbers its blips alike). */
export function compareRadarPlaces(
  a: { quadrant: RadarQuadrant; ring: RadarRing; name: string },
  b: { quadrant: RadarQuadrant; ring: RadarRing; name: string },
): number {
  const order = (quadrant: RadarQuadrant) =>
    (QUADRANT_READING_ORDER as readonly number[]).indexOf(quadrantIndex(quadrant))
  return order(a.quadrant) - order(b.quadrant) || ringIndex(a.ring) - ringIndex(b.ring) || a.name.localeCompare(b.name)
}

// The radar JSON formats (issue 18, `radar`): Zalando's radar_visualization() config and Backstage's Tech Radar
// plugin (TechRadarLoaderResponse). Pure: no database, no clock; the company radar's API and the stack export's
// `radar` format both call it with what they read (docs/decisions/064-company-tech-radar.md).
import {
  type BackstageRadar,
  compareRadarPlaces,
  quadrantIndex,
  quadrantOfLayer,
  RADAR_QUADRANTS,
  RADAR_RINGS,
  type RadarRing,
  ringIndex,
  ringName,
  type ZalandoRadar,
} from '#contracts/radar.ts'
import { toolPath } from '../stacks/stacks.presenter.ts'

export interface RadarJsonMove {
  from: RadarRing
  to: RadarRing
  reason: string
  /** ISO 8601. */
  at: string
}

export interface RadarJsonEntry {
  /** `layer` is the slug of the tool's catalog layer (null when it has no category): it picks the quadrant. */
  tool: { slug: string; name: string; layer: string | null }
  ring: RadarRing
  /** 1 moved in toward Adopt, -1 moved out toward Hold, 0 unchanged. */
  moved: -1 | 0 | 1
  /** The tool's moves, newest first. */
  history: RadarJsonMove[]
}

export interface RadarJsonOptions {
  title: string
  /** The radar's edition (Zalando shows it under the title; Backstage dates an unmoved entry with it): ISO 8601. */
  date: string
  /** The site's address: links are absolute, so the JSON works away from the site (a file, Backstage). */
  siteUrl: string
}

const toolLink = (siteUrl: string, slug: string) => `${siteUrl.replace(/\/+$/, '')}${toolPath(slug)}`

/** The entries in the order both formats number them, each with its quadrant. */
function placed(entries: RadarJsonEntry[]) {
  return entries
    .map((entry) => ({ ...entry, quadrant: quadrantOfLayer(entry.tool.layer) }))
    .sort((a, b) => compareRadarPlaces({ ...a, name: a.tool.name }, { ...b, name: b.tool.name }))
}

export function toZalandoRadar(entries: RadarJsonEntry[], options: RadarJsonOptions): ZalandoRadar {
  return {
    title: options.title,
    date: options.date.slice(0, 10),
    quadrants: RADAR_QUADRANTS.map((quadrant) => ({ name: quadrant.name })),
    rings: RADAR_RINGS.map((ring) => ({ name: ring.name.toUpperCase(), color: ring.color })),
    entries: placed(entries).map((entry) => ({
      quadrant: quadrantIndex(entry.quadrant),
      ring: ringIndex(entry.ring),
      label: entry.tool.name,
      link: toolLink(options.siteUrl, entry.tool.slug),
      active: true,
      moved: entry.moved,
    })),
  }
}

export function toBackstageRadar(entries: RadarJsonEntry[], options: RadarJsonOptions): BackstageRadar {
  return {
    quadrants: RADAR_QUADRANTS.map((quadrant) => ({ id: quadrant.slug, name: quadrant.name })),
    rings: RADAR_RINGS.map((ring) => ({ id: ring.slug, name: ring.name.toUpperCase(), color: ring.color })),
    entries: placed(entries).map((entry) => {
      const url = toolLink(options.siteUrl, entry.tool.slug)
      // The plugin reads timeline[0] as the entry's ring and move now: the newest move first, and an entry never
      // moved gets one snapshot of its ring as of this edition.
      const timeline =
        entry.history.length === 0
          ? [{ moved: 0, ringId: entry.ring, date: options.date, description: `${ringName(entry.ring)} from its use` }]
          : entry.history.map((move, index) => ({
              moved: index === 0 ? entry.moved : Math.sign(ringIndex(move.from) - ringIndex(move.to)),
              ringId: move.to,
              date: move.at,
              description: move.reason,
            }))
      return {
        id: entry.tool.slug,
        key: entry.tool.slug,
        title: entry.tool.name,
        quadrant: entry.quadrant,
        url,
        links: [{ url, title: entry.tool.name }],
        timeline,
      }
    }),
  }
}

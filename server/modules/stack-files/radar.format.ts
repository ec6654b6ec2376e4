// A stack as Tech Radar JSON (decisions 061 and 064): Zalando's radar_visualization() config, and with `file=backstage`
// the JSON Backstage's Tech Radar plugin loads. Both come from the company radar's pure radar-json.ts. A stack is a
// list of tools in use, so each is in Adopt; a company's own rings (its admins' moves) are on its radar's API,
// GET /api/v1/companies/{slug}/radar?format=zalando|backstage. Export only: a radar names no versions or packages.
import { RADAR_QUADRANTS } from '#contracts/radar.ts'
import { STACK_FILE_FORMAT_LABELS } from '#contracts/stack-files.ts'
import { type RadarJsonEntry, type RadarJsonOptions, toBackstageRadar, toZalandoRadar } from '../radar/radar-json.ts'
import type { ExportedStack, StackFileFormatDefinition } from './exported-stack.ts'

/** The tools as radar entries: the exported layer is the layer's name, the radar's quadrant is picked by its slug. */
function entriesOf(stack: ExportedStack): RadarJsonEntry[] {
  return stack.tools.map((tool) => ({
    tool: {
      slug: tool.slug,
      name: tool.name,
      layer: RADAR_QUADRANTS.find((quadrant) => quadrant.name === tool.layer)?.slug ?? null,
    },
    ring: 'adopt',
    moved: 0,
    history: [],
  }))
}

function optionsOf(stack: ExportedStack): RadarJsonOptions {
  return {
    title: stack.name,
    date: stack.exportedAt.toISOString(),
    // the CLI's scan has no page: its links are the site's paths
    siteUrl: stack.url ? new URL(stack.url).origin : '',
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

export const radarFormat: StackFileFormatDefinition = {
  name: 'radar',
  label: STACK_FILE_FORMAT_LABELS.radar,
  fileName: (stack) => `${stack.slug}-radar.json`,
  contentType: 'application/json; charset=utf-8',
  export: (stack) => json(toZalandoRadar(entriesOf(stack), optionsOf(stack))),
  companions: {
    backstage: {
      fileName: (stack) => `${stack.slug}-backstage-radar.json`,
      contentType: 'application/json; charset=utf-8',
      export: (stack) => json(toBackstageRadar(entriesOf(stack), optionsOf(stack))),
    },
  },
}

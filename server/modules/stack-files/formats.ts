// The stack file formats, by the name the API's `format` and the CLI's `--format` take (decision 061); `radar` is the
// Tech Radar JSON of server/modules/radar/radar-json.ts (decision 064).
import type { StackFileFormat } from '#contracts/stack-files.ts'
import { backstageFormat } from './backstage.format.ts'
import { cyclonedxFormat } from './cyclonedx.format.ts'
import type { StackFileFormatDefinition } from './exported-stack.ts'
import { radarFormat } from './radar.format.ts'
import { techstackFormat } from './techstack.format.ts'

export const stackFileFormats: Record<StackFileFormat, StackFileFormatDefinition> = {
  techstack: techstackFormat,
  backstage: backstageFormat,
  cyclonedx: cyclonedxFormat,
  radar: radarFormat,
}

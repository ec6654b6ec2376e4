// The stack file formats, by the name the API's `format` and the CLI's `--format` take (decision 061). The name
// `radar` is kept for the Tech Radar JSON (server/modules/radar/radar-json.ts), added here at the merge.
import type { StackFileFormat } from '#contracts/stack-files.ts'
import { backstageFormat } from './backstage.format.ts'
import { cyclonedxFormat } from './cyclonedx.format.ts'
import type { StackFileFormatDefinition } from './exported-stack.ts'
import { techstackFormat } from './techstack.format.ts'

export const stackFileFormats: Record<StackFileFormat, StackFileFormatDefinition> = {
  techstack: techstackFormat,
  backstage: backstageFormat,
  cyclonedx: cyclonedxFormat,
}

// The one error envelope every endpoint answers with (docs/decisions/003-error-envelope.md).
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'

export const ErrorEnvelope = z
  .object({
    error: z.object({
      /** Stable machine code: validation_failed, unauthorized, forbidden, not_found, conflict, rate_limited, ... */
      code: z.string(),
      /** A sentence a person can read; shown as is for 4xx. */
      message: z.string(),
      /** Field errors as {field: [messages]}, shown as '{Field} {messages}.' */
      fields: z.record(z.string(), z.array(z.string())).optional(),
      /** Spec-defined short codes the UI switches on (e.g. 'duplicate' for reasons). */
      error_msg: z.string().optional(),
    }),
  })
  .register(apiSchemas, { id: 'ErrorEnvelope' })

export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>
export type FieldErrors = Record<string, string[]>

/** '{Field} {messages}.' as the specs show server field errors: capitalised field name, messages joined. */
export function formatFieldErrors(fields: FieldErrors): string[] {
  return Object.entries(fields).map(([field, messages]) => {
    const label = field.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
    return `${label} ${messages.join(', ')}.`
  })
}

// Server failures onto a react-hook-form form: field errors go onto their inputs (shown as '{Field} {messages}.'
// by fieldMessage), anything else becomes the form-level message the caller shows.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api.ts'

export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Array<Path<T>>,
): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.'
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.'
  let placed = false
  for (const [field, messages] of Object.entries(error.fields)) {
    if ((fields as string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: messages.join(', ') })
      placed = true
    }
  }
  return placed ? '' : error.message
}

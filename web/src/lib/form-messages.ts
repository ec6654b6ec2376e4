// How the stack and company forms word their errors (specs/stack-creation-and-editing.md §5): empty required inputs
// '{labels} is/are required.', pattern mismatches 'Please input a valid {labels}.', server field errors
// '{Field} {messages}.', and the contract's other messages ('is too short ...') after the field's label.
import type { FieldError } from 'react-hook-form'
import { fieldMessage } from './field-errors.ts'

export const BLANK = "can't be blank"
export const INVALID = 'is invalid'

export function formFieldMessage(label: string, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined
  if (error.type === 'server') return fieldMessage(label, error.message)
  if (error.message === BLANK) return `${label} is required.`
  if (error.message === INVALID) return `Please input a valid ${label}.`
  return fieldMessage(label, error.message)
}

/** 'Name is required.' for one label, 'Name and Email are required.' for more. */
export function requiredMessage(labels: string[]): string {
  if (labels.length <= 1) return `${labels[0] ?? 'This field'} is required.`
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} are required.`
}

/** The labels of the fields whose error is the blank message, in form order. */
export function blankLabels(
  errors: Partial<Record<string, { message?: unknown; type?: unknown }>>,
  labels: Record<string, string>,
): string[] {
  return Object.keys(labels)
    .filter((field) => errors[field]?.message === BLANK && errors[field]?.type !== 'server')
    .map((field) => labels[field]!)
}

import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { cn } from './cn.ts'

const control =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100 read-only:bg-slate-50'

interface FieldShellProps {
  label: string
  error?: string
  hint?: ReactNode
  id: string
  children: ReactNode
  hideLabel?: boolean
}

function FieldShell({ label, error, hint, id, children, hideLabel }: FieldShellProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={cn('block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string
  hint?: ReactNode
  hideLabel?: boolean
}

export function TextField({ label, error, hint, hideLabel, className, id, ...rest }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId} hideLabel={hideLabel}>
      <input
        id={inputId}
        className={cn(control, error ? 'border-red-500' : 'border-slate-300', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...rest}
      />
    </FieldShell>
  )
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  error?: string
  hint?: ReactNode
}

export function TextAreaField({ label, error, hint, className, id, ...rest }: TextAreaFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId}>
      <textarea
        id={inputId}
        className={cn(control, 'min-h-24', error ? 'border-red-500' : 'border-slate-300', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...rest}
      />
    </FieldShell>
  )
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string
  error?: string
  hint?: ReactNode
}

/** A labelled native select: its options are the children. */
export function SelectField({ label, error, hint, className, id, children, ...rest }: SelectFieldProps) {
  const generated = useId()
  const selectId = id ?? generated
  return (
    <FieldShell label={label} error={error} hint={hint} id={selectId}>
      <select
        id={selectId}
        className={cn(control, 'h-10 py-0', error ? 'border-red-500' : 'border-slate-300', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  )
}

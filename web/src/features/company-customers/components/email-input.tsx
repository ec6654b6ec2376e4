// The customer's address: the whole address, or (spec §5) only the part before a known company's domain, which is
// shown after the field.
import { type ReactNode, useId } from 'react'

export function EmailInput({
  label,
  value,
  onChange,
  domain,
  hint,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  domain: string | null
  hint?: ReactNode
}) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex rounded-lg shadow-sm focus-within:ring-2 focus-within:ring-brand-500">
        <input
          id={id}
          type={domain ? 'text' : 'email'}
          inputMode="email"
          value={value}
          onChange={(event) => onChange(domain ? event.target.value.replace(/@.*$/, '') : event.target.value)}
          placeholder={domain ? 'name' : 'name@company.com'}
          autoComplete="off"
          aria-describedby={hint ? hintId : undefined}
          className={`block h-10 min-w-0 flex-1 border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-400 focus:outline-none ${domain ? 'rounded-l-lg' : 'rounded-lg'}`}
        />
        {domain && (
          <span className="inline-flex items-center rounded-r-lg border border-l-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
            @{domain}
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

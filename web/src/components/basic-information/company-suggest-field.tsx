// Company (specs/onboarding-customers-teams-notifications.md §2, §4, §5, §9): at most 60 characters; names are
// suggested 1000 ms after typing pauses (GET /api/v1/companies/search?q), and the suggestions clear when the input
// is empty.
import { useId, useState } from 'react'
import { COMPANY_SUGGEST_DELAY_MS, ONBOARDING_COMPANY_MAX } from '#contracts/onboarding.ts'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { cn } from '../ui/cn.ts'
import { useCompanySuggestions } from './api/search-companies.ts'

export function CompanySuggestField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  /** A message shown under the input, which is then marked invalid. */
  error?: string
}) {
  const inputId = useId()
  const listId = `${inputId}-suggestions`
  const errorId = `${inputId}-error`
  const [isOpen, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const typed = value.trim()
  const debounced = useDebouncedValue(typed, COMPANY_SUGGEST_DELAY_MS)
  const query = useCompanySuggestions(typed ? debounced : '')
  // spec §4: cleared as soon as the input is empty, without waiting for the delay
  const suggestions = typed && query.data ? query.data.filter((name) => name !== value) : []
  const isShown = isOpen && suggestions.length > 0

  const pick = (name: string) => {
    onChange(name)
    setOpen(false)
    setActive(-1)
  }

  return (
    <div className="relative space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Company
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isShown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        value={value}
        maxLength={ONBOARDING_COMPANY_MAX}
        disabled={disabled}
        placeholder="Where do you work?"
        onChange={(event) => {
          onChange(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (!isShown) return
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            const step = event.key === 'ArrowDown' ? 1 : -1
            setActive((current) => (current + step + suggestions.length) % suggestions.length)
          } else if (event.key === 'Enter' && active >= 0) {
            event.preventDefault()
            pick(suggestions[active]!)
          } else if (event.key === 'Escape') {
            setOpen(false)
          }
        }}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100',
          error ? 'border-red-500' : 'border-slate-300',
        )}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Company suggestions"
        hidden={!isShown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {suggestions.map((name, index) => (
          <div
            key={name}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list first
            onMouseDown={(event) => {
              event.preventDefault()
              pick(name)
            }}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm text-slate-800',
              index === active ? 'bg-brand-50' : 'hover:bg-slate-50',
            )}
          >
            {name}
          </div>
        ))}
      </div>
    </div>
  )
}

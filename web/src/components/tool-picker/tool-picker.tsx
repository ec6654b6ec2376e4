// A list of chosen tools with a search box to add more: Stack Match's tools to include and to exclude, and the tools
// a company's job asks for. With onToggleRequired, each chosen tool has a Required checkbox (Stack Match, spec §3-§4:
// tools start required). Enter picks the highlighted suggestion, the exact name match first (useSuggestionKeys).
import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { rankExactFirst, useSuggestionKeys } from '../../lib/use-suggestion-keys.ts'
import { cn } from '../ui/cn.ts'
import { ToolLogo } from '../ui/tool-logo.tsx'
import { useSearchPickerTools } from './api/search-picker-tools.ts'

export interface PickedTool {
  id: number
  slug: string
  name: string
  image_url: string
  required: boolean
}

/** How long typing settles before the picker searches. */
const PICKER_DEBOUNCE_MS = 200
const PICKER_OPTIONS = 8

export function ToolPicker({
  label,
  tools,
  onAdd,
  onRemove,
  onToggleRequired,
  tone,
  placeholder,
  max,
  invalid,
  describedBy,
}: {
  label: string
  tools: PickedTool[]
  onAdd(tool: PickedTool): void
  onRemove(slug: string): void
  /** Shows a Required checkbox on each chosen tool. */
  onToggleRequired?(slug: string, required: boolean): void
  tone: 'include' | 'exclude'
  placeholder?: string
  /** No more tools can be added once there are this many. */
  max?: number
  invalid?: boolean
  describedBy?: string
}) {
  const id = useId()
  const [query, setQuery] = useState('')
  const debounced = useDebouncedValue(query, PICKER_DEBOUNCE_MS)
  const { data, isFetching, isPlaceholderData } = useSearchPickerTools(debounced)
  const chosen = new Set(tools.map((tool) => tool.slug))
  const options = query.trim()
    ? rankExactFirst(
        (data?.tools ?? []).filter((tool) => !chosen.has(tool.slug)),
        query,
      ).slice(0, PICKER_OPTIONS)
    : []
  const isFull = max !== undefined && tools.length >= max
  const pick = (tool: (typeof options)[number]) => {
    // spec §4: added tools start required
    onAdd({ id: tool.id, slug: tool.slug, name: tool.name, image_url: tool.image_url, required: true })
    setQuery('')
  }
  const keys = useSuggestionKeys({
    query,
    items: options,
    isSettled: debounced === query && !isFetching && !isPlaceholderData,
    onPick: pick,
    onEscape: () => setQuery(''),
  })
  const listId = `${id}-options`
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <ul className="flex flex-wrap gap-2 empty:hidden" aria-label={label}>
        {tools.map((tool) => (
          <li
            key={tool.slug}
            className={
              tone === 'include'
                ? 'flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-1 pr-2 text-sm ring-1 ring-brand-200'
                : 'flex items-center gap-1.5 rounded-full bg-red-50 py-1 pl-1 pr-2 text-sm ring-1 ring-red-200'
            }
          >
            <ToolLogo src={tool.image_url} className="size-6 p-0.5" />
            <span>{tool.name}</span>
            {onToggleRequired && (
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-1 rounded-full px-1.5 text-xs focus-within:ring-2 focus-within:ring-brand-500',
                  tool.required ? 'bg-brand-600 text-white' : 'bg-white text-slate-600 ring-1 ring-slate-300',
                )}
              >
                <input
                  type="checkbox"
                  checked={tool.required}
                  onChange={(event) => onToggleRequired(tool.slug, event.target.checked)}
                  aria-label={`${tool.name} required`}
                  className="size-3 accent-white"
                />
                Required
              </label>
            )}
            <button
              type="button"
              aria-label={`Remove ${tool.name}`}
              onClick={() => onRemove(tool.slug)}
              className="rounded-full p-0.5 text-slate-500 hover:bg-white hover:text-slate-800"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="relative">
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={keys.onKeyDown}
          aria-controls={options.length > 0 ? listId : undefined}
          aria-activedescendant={keys.activeDescendant}
          placeholder={
            isFull
              ? `No more than ${max} tools`
              : (placeholder ?? (tone === 'include' ? 'Add a tool, e.g. React' : 'Exclude a tool, e.g. PHP'))
          }
          disabled={isFull}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100',
            invalid ? 'border-red-500' : 'border-slate-300',
          )}
        />
        {options.length > 0 && (
          <ul
            id={listId}
            aria-label={`Tools matching ${query.trim()}`}
            className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200"
          >
            {options.map((tool, position) => (
              <li key={tool.id}>
                <button
                  id={keys.optionId(position)}
                  type="button"
                  data-active={position === keys.activeIndex || undefined}
                  className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none data-active:bg-brand-50"
                  onClick={() => pick(tool)}
                >
                  <ToolLogo src={tool.image_url} className="size-6 p-0.5" />
                  {tool.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

// The stack being built: each chosen tool with its required toggle and a remove button. Tools flow in a grid of
// cards, or one per line when the window is narrower than 700 px (spec §9); packages hide unless shown or just
// added (spec §4). Large stacks get a filter, applied 1 s after typing stops (spec §9).
import { Layers, X } from 'lucide-react'
import { useId, useState } from 'react'
import { cn } from '../../../components/ui/cn.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { useIsNarrowWindow } from '../hooks/use-is-narrow-window.ts'
import { type BuilderTool, isShownInBuilder } from '../state/wizard-state.ts'

/** spec §9: the stack tool search waits 1 s. */
export const STACK_TOOL_FILTER_DEBOUNCE_MS = 1000
/** Below this many tools a filter would only get in the way. */
const FILTER_FROM = 12

export function SelectedTools({
  tools,
  showPackages,
  onRemove,
  onToggleRequired,
  disabled,
}: {
  tools: BuilderTool[]
  showPackages: boolean
  onRemove: (tool: BuilderTool) => void
  onToggleRequired: (tool: BuilderTool) => void
  disabled?: boolean
}) {
  const isMultiline = useIsNarrowWindow()
  const filterId = useId()
  const [filter, setFilter] = useState('')
  const debouncedFilter = useDebouncedValue(filter.trim().toLowerCase(), STACK_TOOL_FILTER_DEBOUNCE_MS)
  const shown = tools.filter((tool) => isShownInBuilder(tool, showPackages))
  const hiddenPackages = tools.length - shown.length
  const visible = debouncedFilter ? shown.filter((tool) => tool.name.toLowerCase().includes(debouncedFilter)) : shown

  return (
    <section aria-labelledby="selected-tools-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="selected-tools-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Layers className="size-5 text-slate-400" aria-hidden="true" /> Your stack
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
            {tools.length} {tools.length === 1 ? 'tool' : 'tools'}
          </span>
        </h2>
        {tools.length >= FILTER_FROM && (
          <div className="w-full sm:w-56">
            <label htmlFor={filterId} className="sr-only">
              Filter your tools
            </label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Filter your tools"
              className="h-9 w-full rounded-lg border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
        )}
      </div>
      {tools.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-slate-200 bg-white px-4 py-8 text-center text-sm text-slate-500">
          No tools yet. Search above or pick from the popular tools below.
        </p>
      ) : (
        <ul
          className={cn(
            isMultiline
              ? 'flex flex-col divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200'
              : 'grid grid-cols-2 gap-2 lg:grid-cols-3',
          )}
          data-layout={isMultiline ? 'multiline' : 'grid'}
        >
          {visible.map((tool) => (
            <li
              key={tool.id}
              className={cn(
                'flex items-center gap-3',
                isMultiline ? 'px-3 py-2' : 'rounded-xl bg-white p-2 pr-1.5 ring-1 ring-slate-200',
              )}
            >
              <ToolLogo src={tool.image_url} className="size-9" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900" title={tool.name}>
                  {tool.name}
                </span>
                <span className="flex gap-1 text-xs text-slate-500 empty:hidden">
                  {tool.just_added && <span className="text-amber-700">New · awaiting approval</span>}
                  {!tool.just_added && tool.is_package && <span>Package</span>}
                </span>
              </span>
              <button
                type="button"
                aria-pressed={tool.required}
                aria-label={`Required: ${tool.name}`}
                title={tool.required ? 'Required: click to make it optional' : 'Mark as required'}
                onClick={() => onToggleRequired(tool)}
                disabled={disabled}
                className={cn(
                  'h-7 shrink-0 rounded-full px-2.5 text-xs font-medium ring-1 transition',
                  tool.required
                    ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
                    : 'bg-white text-slate-500 ring-slate-300 hover:text-slate-800',
                )}
              >
                Required
              </button>
              <button
                type="button"
                aria-label={`Remove ${tool.name}`}
                onClick={() => onRemove(tool)}
                disabled={disabled}
                className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-700"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {debouncedFilter && visible.length === 0 && (
        <p className="text-sm text-slate-500">None of your tools match “{filter.trim()}”.</p>
      )}
      {hiddenPackages > 0 && (
        <p className="text-xs text-slate-500">
          {hiddenPackages} {hiddenPackages === 1 ? 'package is' : 'packages are'} hidden. Tick Show Packages to see{' '}
          {hiddenPackages === 1 ? 'it' : 'them'}.
        </p>
      )}
    </section>
  )
}

// The tool search of the stack builder and the onboarding (specs/stack-creation-and-editing.md §9): popular tools
// matching what is typed show at once (a local filter), the remote search follows 500 ms after typing stops, 20 hits
// a page. Each hit is a button that adds or removes the tool; Enter adds the highlighted hit (the first by default,
// the exact name match ranked first: useSuggestionKeys) and never removes one. With onAddNew, nothing found offers to
// add the tool as a new one.
import { ChevronLeft, ChevronRight, Plus, Search } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { SEARCH_MAX_PAGE, SEARCH_QUERY_MAX, TOOLS_PAGE_SIZE } from '#contracts/tool-limits.ts'
import type { Tool } from '#contracts/tools.ts'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { rankExactFirst, useSuggestionKeys } from '../../lib/use-suggestion-keys.ts'
import { Button } from '../ui/button.tsx'
import { Spinner } from '../ui/spinner.tsx'
import { useBuilderSearch } from './api/search-tools.ts'
import { ToolPickButton } from './tool-pick-button.tsx'

/** spec §9: the remote index is queried 500 ms after typing stops. */
export const REMOTE_SEARCH_DEBOUNCE_MS = 500
/** How many popular matches show while the remote search is on its way. */
const LOCAL_HITS = 6

/** Popular tools whose name (or a word of it) starts with what was typed: no typos forgiven, like the index. */
export function filterPopular(tools: Tool[], query: string, showPackages: boolean): Tool[] {
  const q = query.trim().toLowerCase()
  if (!q) return []
  return tools
    .filter((tool) => showPackages || !tool.is_package)
    .filter((tool) => {
      const name = tool.name.toLowerCase()
      return name.startsWith(q) || name.split(/[\s.\-/]+/).some((word) => word.startsWith(q))
    })
    .slice(0, LOCAL_HITS)
}

export function ToolSearch({
  popular,
  selectedIds,
  showPackages,
  onToggle,
  onAddNew,
  disabled,
  label = 'Search tools to add',
}: {
  popular: Tool[]
  selectedIds: Set<number>
  showPackages: boolean
  onToggle: (tool: Tool) => void
  /** Opens the new-tool form with what was typed as its name; without it no new tool can be added. */
  onAddNew?: (name: string) => void
  disabled?: boolean
  label?: string
}) {
  const inputId = useId()
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(query.trim(), REMOTE_SEARCH_DEBOUNCE_MS)
  const remote = useBuilderSearch({ q: debounced, page, packages: showPackages })
  const local = useMemo(() => filterPopular(popular, query, showPackages), [popular, query, showPackages])

  const isTyping = query.trim() !== debounced
  const remoteHits = debounced && remote.data && !remote.isPlaceholderData ? remote.data.tools : []
  // Popular matches first (they are there at once), then the index's hits that are not among them.
  const hits = useMemo(() => {
    const localIds = new Set(local.map((tool) => tool.id))
    return rankExactFirst([...(page === 1 ? local : []), ...remoteHits.filter((tool) => !localIds.has(tool.id))], query)
  }, [local, remoteHits, page, query])
  const isSearching = Boolean(query.trim()) && (isTyping || remote.isFetching)
  const hasAnswered = Boolean(debounced) && !isTyping && !remote.isFetching && remote.isSuccess

  const keys = useSuggestionKeys({
    query,
    items: hits,
    isSettled: !isTyping && !remote.isFetching,
    // a tool already added stays: Enter adds, only a click takes a tool out
    onPick: (tool) => {
      if (!selectedIds.has(tool.id)) onToggle(tool)
    },
    onEscape: () => setQuery(''),
  })
  const listId = `${inputId}-hits`

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          value={query}
          maxLength={SEARCH_QUERY_MAX}
          disabled={disabled}
          onChange={(event) => {
            setQuery(event.target.value)
            setPage(1)
          }}
          onKeyDown={keys.onKeyDown}
          aria-controls={hits.length > 0 ? listId : undefined}
          aria-activedescendant={keys.activeDescendant}
          placeholder="e.g. React, PostgreSQL, Docker"
          autoComplete="off"
          aria-describedby={`${inputId}-hint`}
          className="h-12 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-10 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100"
        />
        {isSearching && (
          <span className="absolute right-3 top-1/2 -translate-y-1/2 text-brand-600">
            <Spinner className="size-4" />
            <span className="sr-only">Searching</span>
          </span>
        )}
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-slate-500">
        Press Enter to add the highlighted match (arrow keys move it). Names match from the start of a word; typos are
        not corrected.
      </p>

      {query.trim() && (
        <section aria-label="Search results" aria-live="polite" className="rounded-xl bg-white ring-1 ring-slate-200">
          {hits.length > 0 ? (
            <ul id={listId} className="divide-y divide-slate-100">
              {hits.map((tool, position) => (
                <li key={tool.id}>
                  <ToolPickButton
                    id={keys.optionId(position)}
                    isActive={position === keys.activeIndex}
                    tool={tool}
                    isSelected={selectedIds.has(tool.id)}
                    onClick={() => onToggle(tool)}
                    disabled={disabled}
                    variant="row"
                  />
                </li>
              ))}
            </ul>
          ) : remote.isError && !isTyping ? (
            <p className="px-4 py-4 text-sm text-red-700">The search failed. Please try again.</p>
          ) : hasAnswered ? (
            <p className="px-4 py-4 text-sm text-slate-600">No tools match “{debounced}”.</p>
          ) : (
            <p className="px-4 py-4 text-sm text-slate-500">Searching…</p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-3 py-2 empty:hidden">
            {onAddNew && (
              <Button variant="ghost" size="sm" onClick={() => onAddNew(query.trim())} disabled={disabled}>
                <Plus className="size-4" aria-hidden="true" /> Add “{query.trim()}” as a new tool
              </Button>
            )}
            {debounced && remote.data && (page > 1 || remote.data.has_more) && (
              <nav aria-label="Search result pages" className="flex items-center gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((current) => current - 1)}
                  aria-label="Previous results"
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                </Button>
                <span className="text-xs text-slate-500">
                  {TOOLS_PAGE_SIZE * (page - 1) + 1}–{TOOLS_PAGE_SIZE * (page - 1) + remote.data.tools.length}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!remote.data.has_more || page >= SEARCH_MAX_PAGE}
                  onClick={() => setPage((current) => current + 1)}
                  aria-label="More results"
                >
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </nav>
            )}
          </div>
        </section>
      )}
      {!query.trim() && onAddNew && (
        <p className="text-sm text-slate-600">
          Can't find a tool?{' '}
          <Button variant="link" onClick={() => onAddNew('')} disabled={disabled}>
            Add a new tool
          </Button>
        </p>
      )}
    </div>
  )
}

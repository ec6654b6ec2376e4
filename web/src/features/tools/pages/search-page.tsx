// /search?q=&page=&packages=1: tool search results, 20 a page. Typing in the field searches as you type (debounced)
// and keeps the URL in step, so results can be shared and the back button works.
import { Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { SEARCH_MAX_PAGE, SEARCH_QUERY_MAX } from '#contracts/tool-limits.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { useSearchTools } from '../api/search-tools.ts'
import { ToolList, ToolListSkeleton } from '../components/tool-row.tsx'
import { pageFromParams } from '../hooks/page-param.ts'

/** Typing pauses this long before the results follow. */
const TYPING_DEBOUNCE_MS = 300

export default function SearchPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const packages = params.get('packages') === '1'
  const page = Math.min(pageFromParams(params), SEARCH_MAX_PAGE)
  const [draft, setDraft] = useState(q)
  // The box shows a click at once: the URL it writes is applied in a transition, and a controlled box would show the
  // old value until then
  const [shownPackages, setShownPackages] = useState(packages)
  useEffect(() => setShownPackages(packages), [packages])
  const debounced = useDebouncedValue(draft, TYPING_DEBOUNCE_MS)
  const inputId = useId()

  // The URL follows the field once typing pauses (replace: one history entry per search, not per keystroke)...
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing drives this, not URL changes
  useEffect(() => {
    if (debounced.trim() === q.trim()) return
    setParams(buildParams(debounced.trim(), 1, packages), { replace: true })
  }, [debounced])
  // ...and the field follows the URL when it changes elsewhere (the navbar search, back and forward), keeping
  // what is being typed ('react ' before the next word) when it already means the same query.
  useEffect(() => setDraft((current) => (current.trim() === q.trim() ? current : q)), [q])

  const results = useSearchTools({ q: q.trim(), page, packages })
  useDocumentTitle(q.trim() ? `Search results for “${q.trim()}”` : 'Search tools')

  const hrefFor = (target: number) => `/search?${buildParams(q.trim(), target, packages).toString()}`

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Search tools</h1>
      <search className="mt-5">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setParams(buildParams(draft.trim(), 1, packages))
          }}
          className="flex flex-col gap-3 sm:flex-row sm:items-center"
        >
          <label htmlFor={inputId} className="sr-only">
            Search tools
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id={inputId}
              type="search"
              value={draft}
              maxLength={SEARCH_QUERY_MAX}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Tool name, e.g. React, Postgres, Golang"
              autoComplete="off"
              className="h-12 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-3 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={shownPackages}
              onChange={(event) => {
                setShownPackages(event.target.checked)
                setParams(buildParams(q.trim(), 1, event.target.checked), { replace: true })
              }}
              className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            Show packages
          </label>
        </form>
      </search>

      <section aria-live="polite" aria-busy={results.isFetching} className="mt-6 space-y-6">
        {!q.trim() ? (
          <p className="text-slate-600">
            Type a tool's name to search. Words match from their start, so <em>post</em> finds PostgreSQL. Or{' '}
            <Link to="/tools" className="font-medium text-brand-700 hover:underline">
              browse the directory
            </Link>
            .
          </p>
        ) : results.isPending ? (
          <ToolListSkeleton count={8} />
        ) : results.isError ? (
          <Alert tone="error">{results.error.message || 'Search failed. Please try again.'}</Alert>
        ) : results.data.tools.length === 0 ? (
          page > 1 ? (
            <Alert tone="info">
              No more results.{' '}
              <Link to={hrefFor(1)} className="underline">
                Back to the first page
              </Link>
              .
            </Alert>
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
              <h2 className="font-semibold text-slate-900">No tools match “{q.trim()}”</h2>
              <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
                Check the spelling (search does not correct typos), try fewer words
                {packages ? '' : ', or tick “Show packages” to include ecosystem packages'}.
              </p>
            </div>
          )
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {page > 1 ? `Page ${page} of the results` : 'Results'} for{' '}
              <strong className="text-slate-900">“{q.trim()}”</strong>, exact names first, then by popularity
            </p>
            <div className={cn('transition-opacity', results.isPlaceholderData && 'opacity-60')}>
              <ToolList tools={results.data.tools} label={`Results for ${q.trim()}`} />
            </div>
            <Pager page={page} hasMore={results.data.has_more && page < SEARCH_MAX_PAGE} hrefFor={hrefFor} />
          </>
        )}
      </section>
    </div>
  )
}

function buildParams(q: string, page: number, packages: boolean): URLSearchParams {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  if (packages) params.set('packages', '1')
  return params
}

// /match and /match/{toolSlug}: Stack Match (specs/stack-match-and-community.md §2, §4, §9). Rendered on the server
// with the first page of jobs and companies for the URL's filters (a visitor's /match: the default tools) and the
// chips of its tools (prefetch); a signed-in user's /match waits for their job stack and saved search, drawn as
// loading on both sides. /match/{alias} answers 301 to the tool's own slug. Canonical addresses and JSON-LD:
// docs/decisions/046-seo-of-lists.md.
import { useQueryClient } from '@tanstack/react-query'
import { ChevronDown, SlidersHorizontal } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import {
  MATCH_PATH,
  MATCH_TITLE,
  matchMetaDescription,
  matchSingleTool,
  matchStructuredData,
  matchToolPath,
  matchToolTitle,
} from '#contracts/list-page-meta.ts'
import { formatMatchTotal, MATCH_DEBOUNCE_MS, MATCH_DEFAULT_TOOLS, type SearchOperator } from '#contracts/match.ts'
import { type PickedTool, ToolPicker } from '../../../components/tool-picker/tool-picker.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { currentUserQuery, useCurrentUser, useRequireSignIn } from '../../../lib/session.tsx'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { findToolByAliasQuery, useFindToolsByAlias } from '../api/find-tools-by-alias.ts'
import { findToolsBySlugQuery, useFindToolsBySlug } from '../api/find-tools-by-slug.ts'
import { useJobStack } from '../api/get-job-stack.ts'
import { useSavedSearch } from '../api/get-saved-search.ts'
import { type MatchSearch, requiredOf } from '../api/match-search.ts'
import { useSaveJobStack } from '../api/save-job-stack.ts'
import { useSaveSearch } from '../api/save-search.ts'
import { searchMatchCompaniesQuery, useSearchMatchCompanies } from '../api/search-match-companies.ts'
import { searchMatchJobsQuery, useSearchMatchJobs } from '../api/search-match-jobs.ts'
import { CompanyCard } from '../components/company-card.tsx'
import { JobCard } from '../components/job-card.tsx'
import { firstMatchState, firstSearch, writeMatchUrl } from '../hooks/match-url.ts'
import { isAliasCandidate, renameAliases } from '../hooks/tool-aliases.ts'

type SaveState = 'unsaved' | 'saving' | 'saved'
type Tab = 'jobs' | 'companies'

const sortedSlugs = (search: { selectedTools: string[]; excludedTools: string[] }) =>
  [...search.selectedTools, ...search.excludedTools].sort()

/**
 * The first page of jobs and companies for the URL's filters and the names of its tools, under the keys the page
 * asks with; /match/{alias} (nodejs) moves to the tool's own slug (node-js), as the page itself would rename it.
 */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  await queryClient.prefetchQuery(currentUserQuery)
  const isVisitor = !queryClient.getQueryData(currentUserQuery.queryKey)?.user
  const state = firstMatchState(new URL(request.url).searchParams, params.toolSlug, isVisitor ? 'visitor' : 'user')
  const slugs = sortedSlugs(state)
  const names = findToolsBySlugQuery(slugs)
  await Promise.all([
    slugs.length > 0 && queryClient.prefetchQuery(names),
    state.isReady && queryClient.prefetchInfiniteQuery(searchMatchJobsQuery(firstSearch(state))),
    state.isReady && queryClient.prefetchInfiniteQuery(searchMatchCompaniesQuery(firstSearch(state))),
  ])
  const pathSlug = params.toolSlug?.toLowerCase()
  if (!pathSlug) return undefined
  const pathTool = queryClient.getQueryData(names.queryKey)?.tools.find((tool) => tool.slug === pathSlug)
  if (pathTool || !isAliasCandidate(pathSlug))
    return redirectToCanonical(request, pathTool && matchToolPath(pathTool.slug))
  const alias = findToolByAliasQuery(pathSlug)
  await queryClient.prefetchQuery(alias)
  const [tool, ...others] = queryClient.getQueryData(alias.queryKey)?.tools ?? []
  return tool && others.length === 0 ? redirectToCanonical(request, matchToolPath(tool.slug)) : undefined
}

export default function MatchPage() {
  const { toolSlug } = useParams()
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { user, isLoading: isUserLoading } = useCurrentUser()
  const requireSignIn = useRequireSignIn()
  // the URL is read once, on load; afterwards the page writes it
  const [initial] = useState(() =>
    firstMatchState(params, toolSlug, isUserLoading ? 'unknown' : user ? 'user' : 'visitor'),
  )

  const [included, setIncluded] = useState<string[]>(initial.selectedTools)
  const [excluded, setExcluded] = useState<string[]>(initial.excludedTools)
  const [required, setRequired] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(initial.selectedTools.map((slug) => [slug, initial.requiredTools.includes(slug)])),
  )
  const [known, setKnown] = useState<Record<string, PickedTool>>({})
  // slugs the exact lookup answered without a tool: asked again only loosely, as aliases
  const [unmatched, setUnmatched] = useState<string[]>([])
  // /match/{alias} once the alias resolved: the path then names the tool's slug
  const [pathRename, setPathRename] = useState<{ from: string; to: string } | null>(null)
  const [keywords, setKeywords] = useState(initial.jobSearch)
  const [location, setLocation] = useState(initial.location)
  const [operator, setOperator] = useState<SearchOperator>(initial.searchOperator)
  const [fullTime, setFullTime] = useState(initial.fullTime)
  const [freelance, setFreelance] = useState(initial.freelance)
  const [remote, setRemote] = useState(initial.remote)
  const [tab, setTab] = useState<Tab>('jobs')
  // Below lg the filters stack above the results: folded behind 'Filters' when the URL brings tools, so the results
  // come first on a phone (docs/decisions/041-phone-layout.md); desktop always shows them.
  const [areFiltersOpen, setFiltersOpen] = useState(!initial.hasUrlTools)
  const [saveState, setSaveState] = useState<SaveState>('unsaved')
  const [isReady, setIsReady] = useState(initial.isReady)

  // spec §4: a signed-in user's job stack and saved search load at start; otherwise react and nodejs
  const jobStack = useJobStack(Boolean(user))
  const savedSearch = useSavedSearch(Boolean(user))
  useEffect(() => {
    if (isReady || isUserLoading) return
    if (user && (jobStack.isPending || savedSearch.isPending)) return
    const stack = jobStack.data
    if (user && stack && stack.included_services.length + stack.excluded_services.length > 0) {
      const tools = [...stack.included_services, ...stack.excluded_services]
      setKnown((current) => ({ ...current, ...Object.fromEntries(tools.map((tool) => [tool.slug, tool])) }))
      setIncluded(stack.included_services.map((tool) => tool.slug))
      setExcluded(stack.excluded_services.map((tool) => tool.slug))
      setRequired(Object.fromEntries(tools.map((tool) => [tool.slug, tool.required])))
    } else {
      setIncluded(MATCH_DEFAULT_TOOLS)
    }
    const saved = savedSearch.data?.saved_search
    if (user && saved) {
      setKeywords(saved.keywords)
      setLocation(saved.location)
      setOperator(saved.match_exact ? 'AND' : 'OR')
      setFullTime(saved.full_time)
      setFreelance(saved.freelance)
      setRemote(saved.remote)
    }
    setIsReady(true)
  }, [isReady, isUserLoading, user, jobStack.isPending, jobStack.data, savedSearch.isPending, savedSearch.data])

  // names and logos for slugs that came from the URL or the defaults
  const unknownSlugs = useMemo(
    () => [...included, ...excluded].filter((slug) => !known[slug] && !unmatched.includes(slug)).sort(),
    [included, excluded, known, unmatched],
  )
  const lookup = useFindToolsBySlug(unknownSlugs)
  useEffect(() => {
    // the data is the answer for these unknownSlugs (a new key has none until answered)
    if (!lookup.data) return
    setKnown((current) => ({
      ...current,
      ...Object.fromEntries(
        lookup.data.tools.map((tool) => [
          tool.slug,
          { id: tool.id, slug: tool.slug, name: tool.name, image_url: tool.image_url, required: true },
        ]),
      ),
    }))
    const found = new Set(lookup.data.tools.map((tool) => tool.slug))
    const missed = unknownSlugs.filter((slug) => !found.has(slug))
    if (missed.length > 0) setUnmatched((current) => [...current, ...missed.filter((slug) => !current.includes(slug))])
  }, [lookup.data, unknownSlugs])

  const debouncedKeywords = useDebouncedValue(keywords.trim(), MATCH_DEBOUNCE_MS)
  const debouncedLocation = useDebouncedValue(location.trim(), MATCH_DEBOUNCE_MS)
  const requiredTools = useMemo(() => requiredOf(operator, included, required), [operator, included, required])
  const search: MatchSearch = useMemo(
    () => ({
      selectedTools: included,
      excludedTools: excluded,
      requiredTools,
      jobSearch: debouncedKeywords,
      location: debouncedLocation,
      searchOperator: operator,
      fullTime,
      freelance,
      remote,
    }),
    [included, excluded, requiredTools, debouncedKeywords, debouncedLocation, operator, fullTime, freelance, remote],
  )
  const activeSearch = isReady ? search : { ...search, selectedTools: [], excludedTools: [] }
  const jobs = useSearchMatchJobs(activeSearch)
  const companies = useSearchMatchCompanies(activeSearch)

  // a listed slug the exact lookup did not find may be an alias the search resolved ('nodejs' is node-js): resolved
  // loosely, the lists name the tool's own slug instead, so its chip shows and the URL says node-js
  const aliasSlugs = useMemo(
    () =>
      unmatched.filter(
        (slug) => !known[slug] && isAliasCandidate(slug) && (included.includes(slug) || excluded.includes(slug)),
      ),
    [unmatched, known, included, excluded],
  )
  const aliases = useFindToolsByAlias(aliasSlugs)
  useEffect(() => {
    const resolved = aliasSlugs.flatMap((slug) => (aliases[slug] ? [[slug, aliases[slug]] as const] : []))
    if (resolved.length === 0) return
    const next = renameAliases(
      { included, excluded, required },
      Object.fromEntries(resolved.map(([slug, tool]) => [slug, tool.slug])),
    )
    if (isReady) {
      // the server resolved the alias already, so the renamed search answers the same: its results carry over
      // instead of being asked and shown again (a search still running is asked again, under the new key)
      const nextSearch = {
        ...search,
        selectedTools: next.included,
        excludedTools: next.excluded,
        requiredTools: requiredOf(operator, next.included, next.required),
      }
      const copy = <T,>(from: { queryKey: readonly unknown[] }, to: { queryKey: readonly unknown[] }) => {
        const state = queryClient.getQueryState<T>(from.queryKey)
        if (state?.status !== 'success' || queryClient.getQueryState(to.queryKey)) return
        queryClient.setQueryData<T>(to.queryKey, state.data, { updatedAt: state.dataUpdatedAt })
      }
      copy(searchMatchJobsQuery(search), searchMatchJobsQuery(nextSearch))
      copy(searchMatchCompaniesQuery(search), searchMatchCompaniesQuery(nextSearch))
    }
    setKnown((current) => ({
      ...current,
      ...Object.fromEntries(
        resolved.map(([, tool]) => [
          tool.slug,
          { id: tool.id, slug: tool.slug, name: tool.name, image_url: tool.image_url, required: true },
        ]),
      ),
    }))
    setIncluded(next.included)
    setExcluded(next.excluded)
    setRequired(next.required)
    const pathTool = resolved.find(([slug]) => slug === toolSlug?.toLowerCase())
    if (toolSlug && pathTool) setPathRename({ from: toolSlug, to: pathTool[1].slug })
  }, [aliasSlugs, aliases, included, excluded, required, isReady, search, operator, queryClient, toolSlug])

  useEffect(() => {
    if (!isReady) return
    const query = writeMatchUrl(search, { hasPathTool: Boolean(toolSlug) })
    if (pathRename && toolSlug === pathRename.from) {
      navigate(
        { pathname: `/match/${encodeURIComponent(pathRename.to)}`, search: `?${query}` },
        { replace: true, preventScrollReset: true },
      )
    } else setParams(query, { replace: true })
  }, [isReady, search, setParams, toolSlug, pathRename, navigate])

  // spec §4: any edit returns the save state to unsaved
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the edits themselves
  useEffect(() => setSaveState('unsaved'), [search, keywords, location, required])

  const addTool = (list: 'include' | 'exclude', tool: PickedTool) => {
    setKnown((current) => ({ ...current, [tool.slug]: tool }))
    setRequired((current) => ({ ...current, [tool.slug]: true }))
    // spec §4: adding to one list removes from the other
    if (list === 'include') {
      setExcluded((current) => current.filter((slug) => slug !== tool.slug))
      setIncluded((current) => (current.includes(tool.slug) ? current : [...current, tool.slug]))
    } else {
      setIncluded((current) => current.filter((slug) => slug !== tool.slug))
      setExcluded((current) => (current.includes(tool.slug) ? current : [...current, tool.slug]))
    }
  }

  const isSearching = jobs.isFetching || companies.isFetching
  const saveSearch = useSaveSearch()
  const saveJobStack = useSaveJobStack()
  const save = () =>
    requireSignIn(
      async () => {
        setSaveState('saving')
        const entry = (slug: string) => ({ id: known[slug]?.id ?? 0, required: required[slug] ?? true })
        try {
          await Promise.all([
            saveSearch.mutateAsync({
              keywords: keywords.trim(),
              location: location.trim(),
              full_time: fullTime,
              freelance,
              remote,
              match_exact: operator === 'AND',
            }),
            saveJobStack.mutateAsync({
              services: included.filter((slug) => known[slug]).map(entry),
              excluded_services: excluded.filter((slug) => known[slug]).map(entry),
            }),
          ])
          setSaveState('saved')
        } catch {
          // spec §8: failures of match saves are not shown; the button returns to Save Search
          setSaveState('unsaved')
        }
      },
      { reason: 'Sign in to save your search and job stack.' },
    )

  // a tool the effects have not kept yet is named by the lookup's answer itself: the server drew the chips from it
  const toolOf = (slug: string): PickedTool | undefined => {
    const tool = known[slug] ?? lookup.data?.tools.find((entry) => entry.slug === slug)
    return tool && { id: tool.id, slug: tool.slug, name: tool.name, image_url: tool.image_url, required: true }
  }
  const pickedOf = (slugs: string[]) =>
    slugs.flatMap((slug) => {
      const tool = toolOf(slug)
      return tool ? [{ ...tool, required: required[slug] ?? true }] : []
    })
  const hasTools = included.length + excluded.length > 0
  const jobsFirst = hasTools ? jobs.data?.pages[0] : undefined
  const companiesFirst = hasTools ? companies.data?.pages[0] : undefined

  // the head: a search about one known tool is that tool's page, anything else is Stack Match (decision 046)
  const single = matchSingleTool(search)
  const pathTool = toolSlug ? toolOf(toolSlug.toLowerCase()) : undefined
  const headTool = (single ? toolOf(single) : undefined) ?? pathTool ?? null
  const canonicalTool = single ? toolOf(single) : pathTool
  useDocumentTitle(headTool ? matchToolTitle(headTool.name) : MATCH_TITLE)
  usePageMeta(
    isReady && (!hasTools || (jobsFirst && companiesFirst))
      ? {
          description: matchMetaDescription(
            headTool,
            jobsFirst && companiesFirst ? { jobs: jobsFirst, companies: companiesFirst } : null,
          ),
          canonicalPath: canonicalTool ? matchToolPath(canonicalTool.slug) : MATCH_PATH,
          structuredData: matchStructuredData(
            (jobsFirst?.jobs ?? []).map((job) => ({ name: job.title, path: job.canonical_url })),
            headTool,
            siteOrigin(),
          ),
        }
      : null,
  )
  const jobsTotal = jobsFirst?.total ?? 0
  const companiesTotal = companiesFirst?.total ?? 0
  const current = tab === 'jobs' ? jobs : companies
  const activeFilterCount =
    included.length +
    excluded.length +
    (operator === 'AND' ? 1 : 0) +
    [fullTime, freelance, remote].filter(Boolean).length

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Stack Match - Find jobs that match your tech stack
        </h1>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[340px_1fr]">
        <button
          type="button"
          aria-expanded={areFiltersOpen}
          aria-controls="match-filters"
          onClick={() => setFiltersOpen((open) => !open)}
          className="flex items-center gap-2 justify-self-start rounded-lg bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 lg:hidden"
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Filters
          {activeFilterCount > 0 && (
            <span className="rounded-full bg-brand-600 px-2 text-xs text-white">
              {activeFilterCount}
              <span className="sr-only"> active</span>
            </span>
          )}
          <ChevronDown
            className={cn('size-4 transition-transform', areFiltersOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
        <aside
          id="match-filters"
          aria-label="Filters"
          className={cn(
            'space-y-5 self-start rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200',
            !areFiltersOpen && 'max-lg:hidden',
          )}
        >
          <ToolPicker
            label="Tools to include"
            tone="include"
            tools={pickedOf(included)}
            onAdd={(tool) => addTool('include', tool)}
            onRemove={(slug) => setIncluded((list) => list.filter((item) => item !== slug))}
            // the flags matter only with Exact Match (OR needs any one tool), so they show only then
            onToggleRequired={
              operator === 'AND'
                ? (slug, value) => setRequired((current) => ({ ...current, [slug]: value }))
                : undefined
            }
          />
          <ToolPicker
            label="Tools to exclude"
            tone="exclude"
            tools={pickedOf(excluded)}
            onAdd={(tool) => addTool('exclude', tool)}
            onRemove={(slug) => setExcluded((list) => list.filter((item) => item !== slug))}
          />
          <label className="flex items-center justify-between gap-3 text-sm font-medium text-slate-700">
            <span>
              Exact Match
              <span className="block text-xs font-normal text-slate-500">
                {operator === 'AND' ? 'Every Required tool; the others rank' : 'Any included tool'}
              </span>
            </span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={operator === 'AND'}
              checked={operator === 'AND'}
              onChange={(event) => {
                // spec §4: the toggle is ignored while a search is running
                if (isSearching) return
                setOperator(event.target.checked ? 'AND' : 'OR')
              }}
              className="size-5 accent-brand-600"
            />
          </label>
          <fieldset className="space-y-1 text-sm text-slate-700">
            <legend className="mb-1 font-medium">Job type</legend>
            {(
              [
                ['Full-time', fullTime, setFullTime],
                ['Freelance', freelance, setFreelance],
                ['Remote', remote, setRemote],
              ] as const
            ).map(([label, value, set]) => (
              <label key={label} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={value}
                  onChange={(event) => set(event.target.checked)}
                  className="accent-brand-600"
                />
                {label}
              </label>
            ))}
          </fieldset>
          <Button
            className="w-full"
            variant={saveState === 'saved' ? 'secondary' : 'primary'}
            onClick={save}
            disabled={saveState !== 'unsaved'}
          >
            {saveState === 'saving' ? 'Saving...' : saveState === 'saved' ? 'Saved' : 'Save Search'}
          </Button>
        </aside>
        <section className="min-w-0 space-y-4">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <label className="block">
              <span className="sr-only">Keywords</span>
              <input
                type="search"
                value={keywords}
                onChange={(event) => setKeywords(event.target.value)}
                placeholder="Search by position, industry or keyword"
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500"
              />
            </label>
            <label className="block">
              <span className="sr-only">Location</span>
              <input
                type="search"
                value={location}
                onChange={(event) => setLocation(event.target.value)}
                placeholder="Location"
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500"
              />
            </label>
          </div>
          <div role="tablist" aria-label="Results" className="flex gap-2 border-b border-slate-200">
            {(
              [
                ['jobs', 'Jobs', jobsFirst ? formatMatchTotal(jobsFirst) : '0'],
                ['companies', 'Companies', companiesFirst ? formatMatchTotal(companiesFirst) : '0'],
              ] as const
            ).map(([value, label, count]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                onClick={() => setTab(value)}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                  tab === value ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600',
                )}
              >
                {label} <span className="rounded-full bg-slate-100 px-2 text-xs">{count}</span>
              </button>
            ))}
          </div>
          {/* a search asked again keeps its results on screen meanwhile, so the page drawn from the server's answers
              never starts as a spinner, whatever the browser's clock makes of their age */}
          {!isReady || (hasTools && current.isPending) ? (
            <div className="flex justify-center py-10 text-brand-600">
              <Spinner className="size-8" label="Searching" />
            </div>
          ) : !hasTools ? (
            <p className="py-10 text-center text-slate-600">Add tools to include or exclude to see matches.</p>
          ) : (tab === 'jobs' ? jobsTotal : companiesTotal) === 0 ? (
            <p className="py-10 text-center text-slate-600">No results found :( Try tweaking your search</p>
          ) : (
            <>
              <ul className="space-y-3">
                {tab === 'jobs'
                  ? jobs.data?.pages.flatMap((page) => page.jobs).map((job) => <JobCard key={job.id} job={job} />)
                  : companies.data?.pages
                      .flatMap((page) => page.companies)
                      .map((company) => <CompanyCard key={company.id} company={company} />)}
              </ul>
              {current.hasNextPage && (
                <div className="flex justify-center">
                  <Button
                    variant="secondary"
                    isLoading={current.isFetchingNextPage}
                    onClick={() => current.fetchNextPage()}
                  >
                    Load More
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  )
}

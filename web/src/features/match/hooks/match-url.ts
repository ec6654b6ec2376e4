// The Stack Match URL (spec §2): selectedTools and excludedTools (slugs joined by '--'), location, jobSearch,
// searchOperator; fullTime, freelance and remote are read on load (and kept while set). requiredTools (ours) keeps
// the Required flags of an Exact Match (AND) search when some included tool is not required; absent, every included
// tool is (spec §4: tools start required). OR ignores them (decision 039).
import { joinTools, MATCH_DEFAULT_TOOLS, type SearchOperator, splitTools } from '#contracts/match.ts'
import { isSomeToolOptional, type MatchSearch, requiredOf } from '../api/match-search.ts'

const isSet = (value: string | null) => value === 'true' || value === '1'

export function readMatchUrl(
  params: URLSearchParams,
  toolSlug: string | undefined,
): MatchSearch & { hasTools: boolean } {
  const selected = splitTools(params.get('selectedTools') ?? '')
  // /match/{toolSlug} preselects its tool until the page writes the lists: then the query parameters say what the
  // user left (the tool removed or moved to the excluded list stays so on reload)
  const isListed = params.has('selectedTools') || params.has('excludedTools')
  if (toolSlug && !isListed && !selected.includes(toolSlug.toLowerCase())) selected.unshift(toolSlug.toLowerCase())
  const excluded = splitTools(params.get('excludedTools') ?? '').filter((slug) => !selected.includes(slug))
  const operator = (params.get('searchOperator') ?? '').toUpperCase()
  return {
    selectedTools: selected,
    excludedTools: excluded,
    // spec §4: tools start required, unless the URL says which are
    requiredTools: params.has('requiredTools')
      ? splitTools(params.get('requiredTools') ?? '').filter((slug) => selected.includes(slug))
      : selected,
    jobSearch: params.get('jobSearch') ?? '',
    location: params.get('location') ?? '',
    searchOperator: (operator === 'OR' ? 'OR' : 'AND') as SearchOperator,
    fullTime: isSet(params.get('fullTime')),
    freelance: isSet(params.get('freelance')),
    remote: isSet(params.get('remote')),
    hasTools: selected.length > 0 || excluded.length > 0 || params.has('selectedTools') || params.has('excludedTools'),
  }
}

/** `hasPathTool`: the page is /match/{toolSlug}, so selectedTools is written even when empty (readMatchUrl). */
export function writeMatchUrl(search: MatchSearch, { hasPathTool = false } = {}): URLSearchParams {
  const params = new URLSearchParams()
  if (search.selectedTools.length > 0 || hasPathTool) params.set('selectedTools', joinTools(search.selectedTools))
  if (search.excludedTools.length > 0) params.set('excludedTools', joinTools(search.excludedTools))
  if (search.location) params.set('location', search.location)
  if (search.jobSearch) params.set('jobSearch', search.jobSearch)
  params.set('searchOperator', search.searchOperator)
  // the page fills requiredTools only for AND; written only when it is not every included tool
  if (isSomeToolOptional(search)) {
    params.set('requiredTools', joinTools(search.requiredTools))
  }
  if (search.fullTime) params.set('fullTime', 'true')
  if (search.freelance) params.set('freelance', 'true')
  if (search.remote) params.set('remote', 'true')
  return params
}

export interface FirstMatchState extends MatchSearch {
  /** The tools and filters are known: the search runs. Not yet for a signed-in user's /match (their job stack). */
  isReady: boolean
  /** The URL itself names tools (the filters then fold away on a phone). */
  hasUrlTools: boolean
}

/**
 * What the page shows first, from the URL alone, the same on the server and in the browser: its tools and filters;
 * with none in the URL, a visitor's are the default tools (spec §4), and a signed-in user's wait for their job stack
 * and saved search, which load in the browser. `viewer` is 'unknown' while the current user loads.
 */
export function firstMatchState(
  params: URLSearchParams,
  toolSlug: string | undefined,
  viewer: 'visitor' | 'user' | 'unknown',
): FirstMatchState {
  const fromUrl = readMatchUrl(params, toolSlug)
  const hasUrlTools = fromUrl.selectedTools.length + fromUrl.excludedTools.length > 0
  if (fromUrl.hasTools || viewer !== 'visitor') return { ...fromUrl, isReady: fromUrl.hasTools, hasUrlTools }
  return {
    ...fromUrl,
    selectedTools: MATCH_DEFAULT_TOOLS,
    requiredTools: MATCH_DEFAULT_TOOLS,
    isReady: true,
    hasUrlTools,
  }
}

/** The search the page sends for its first state (before any edit): the key the server's prefetch loads. */
export function firstSearch(state: FirstMatchState): MatchSearch {
  const required = Object.fromEntries(state.selectedTools.map((slug) => [slug, state.requiredTools.includes(slug)]))
  return {
    selectedTools: state.isReady ? state.selectedTools : [],
    excludedTools: state.isReady ? state.excludedTools : [],
    requiredTools: requiredOf(state.searchOperator, state.selectedTools, required),
    jobSearch: state.jobSearch.trim(),
    location: state.location.trim(),
    searchOperator: state.searchOperator,
    fullTime: state.fullTime,
    freelance: state.freelance,
    remote: state.remote,
  }
}

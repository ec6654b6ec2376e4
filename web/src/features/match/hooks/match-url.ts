// The Stack Match URL (spec §2): selectedTools and excludedTools (slugs joined by '--'), location, jobSearch,
// searchOperator; fullTime, freelance and remote are read on load (and kept while set). requiredTools (ours) keeps
// the Required flags of an Exact Match (AND) search when some included tool is not required; absent, every included
// tool is (spec §4: tools start required). OR ignores them (decision 039).
import { joinTools, type SearchOperator, splitTools } from '#contracts/match.ts'
import { isSomeToolOptional, type MatchSearch } from '../api/match-search.ts'

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

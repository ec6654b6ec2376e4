// The search both indexes answer (spec §3 Match filters), and its query parameters.
import { joinTools, type SearchOperator } from '#contracts/match.ts'

export interface MatchSearch {
  selectedTools: string[]
  excludedTools: string[]
  /**
   * Included tools marked Required. Only OR reads them (a result needs one included tool and every required one);
   * AND needs every included tool anyway. In the URL as requiredTools (ours) only for OR and only when some included
   * tool is not required (hooks/match-url.ts); the job stack keeps them too.
   */
  requiredTools: string[]
  jobSearch: string
  location: string
  searchOperator: SearchOperator
  fullTime: boolean
  freelance: boolean
  remote: boolean
}

export function matchSearchQuery(search: MatchSearch) {
  return {
    selectedTools: joinTools(search.selectedTools) || undefined,
    excludedTools: joinTools(search.excludedTools) || undefined,
    requiredTools: (search.searchOperator === 'OR' && joinTools(search.requiredTools)) || undefined,
    jobSearch: search.jobSearch || undefined,
    location: search.location || undefined,
    searchOperator: search.searchOperator,
    fullTime: search.fullTime ? 'true' : undefined,
    freelance: search.freelance ? 'true' : undefined,
    remote: search.remote ? 'true' : undefined,
  }
}

// The search both indexes answer (spec §3 Match filters), and its query parameters.
import { joinTools, type SearchOperator } from '#contracts/match.ts'

export interface MatchSearch {
  selectedTools: string[]
  excludedTools: string[]
  /**
   * Included tools marked Required. Only Exact Match (AND) reads them: a result holds every Required tool and the
   * others rank it; OR needs any one included tool (decision 039). Sent, and put in the URL as requiredTools (ours),
   * only for AND when some included tool is not required (hooks/match-url.ts); the job stack keeps them too.
   */
  requiredTools: string[]
  jobSearch: string
  location: string
  searchOperator: SearchOperator
  fullTime: boolean
  freelance: boolean
  remote: boolean
}

/**
 * The Required tools a search sends; absent from `required`, a tool is required. Only Exact Match reads the flags
 * (decision 039): with OR, flipping one must not search again.
 */
export const requiredOf = (operator: SearchOperator, included: string[], required: Record<string, boolean>) =>
  operator === 'AND' ? included.filter((slug) => required[slug] ?? true) : []

/** Exact Match with some included tool not Required: the search says which are. */
export const isSomeToolOptional = (search: MatchSearch) =>
  search.searchOperator === 'AND' && search.requiredTools.length < search.selectedTools.length

export function matchSearchQuery(search: MatchSearch) {
  return {
    selectedTools: joinTools(search.selectedTools) || undefined,
    excludedTools: joinTools(search.excludedTools) || undefined,
    // absent, the server requires every included tool; '' requires none
    requiredTools: isSomeToolOptional(search) ? joinTools(search.requiredTools) : undefined,
    jobSearch: search.jobSearch || undefined,
    location: search.location || undefined,
    searchOperator: search.searchOperator,
    fullTime: search.fullTime ? 'true' : undefined,
    freelance: search.freelance ? 'true' : undefined,
    remote: search.remote ? 'true' : undefined,
  }
}

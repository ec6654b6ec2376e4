// The search both indexes answer (spec §3 Match filters), and its query parameters.
import { joinTools, type SearchOperator } from '#contracts/match.ts'

export interface MatchSearch {
  selectedTools: string[]
  excludedTools: string[]
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
    jobSearch: search.jobSearch || undefined,
    location: search.location || undefined,
    searchOperator: search.searchOperator,
    fullTime: search.fullTime ? 'true' : undefined,
    freelance: search.freelance ? 'true' : undefined,
    remote: search.remote ? 'true' : undefined,
  }
}

// GET /api/v1/tools?layer=&category=&page=: one page of the directory, most popular first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { DirectoryResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface DirectoryFilter {
  layer?: string
  category?: string
  page: number
}

export const directoryToolsQuery = (filter: DirectoryFilter) =>
  queryOptions({
    queryKey: ['tools', 'directory', filter],
    queryFn: ({ signal }) => apiFetch<DirectoryResponse>('/api/v1/tools', { query: { ...filter }, signal }),
  })

export function useDirectoryTools(filter: DirectoryFilter) {
  // The previous page stays on screen while the next one loads, so the list does not jump.
  return useQuery({ ...directoryToolsQuery(filter), placeholderData: keepPreviousData })
}

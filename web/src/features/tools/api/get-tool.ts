// GET /api/v1/tools/{slug}: the tool page's first screen in one answer (404 for unknown, hidden or unapproved tools).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ToolPageResponse } from '#contracts/tool-page.ts'
import { apiFetch } from '../../../lib/api.ts'

export const toolQuery = (slug: string) =>
  queryOptions({
    queryKey: ['tools', 'detail', slug],
    queryFn: ({ signal }) => apiFetch<ToolPageResponse>(`/api/v1/tools/${encodeURIComponent(slug)}`, { signal }),
  })

export function useTool(slug: string) {
  return useQuery(toolQuery(slug))
}

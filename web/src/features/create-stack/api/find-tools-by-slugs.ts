// GET /services/find_all_by_slug?slugs=&url=: the catalog tools behind a scan's names (logos, ids to save).
import type { ToolListResponse } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export function findToolsBySlugs(slugs: string[], url: string, signal?: AbortSignal): Promise<ToolListResponse> {
  return apiFetch<ToolListResponse>('/services/find_all_by_slug', { query: { slugs: slugs.join(','), url }, signal })
}

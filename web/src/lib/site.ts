import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteInfo } from '#contracts/site.ts'
import { DEFAULT_SITE_NAME } from '#contracts/site-name.ts'
import { apiFetch } from './api.ts'

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<SiteInfo>('/api/v1/site'),
  staleTime: Number.POSITIVE_INFINITY,
})

/**
 * The name the site calls itself (SITE_NAME) wherever it names itself: header, menu, footer, titles, notices. The
 * frame loads the site's answer before any page draws (prefetch-layout.ts), so the default shows only if that failed.
 */
export function useSiteName(): string {
  return useQuery(siteQuery).data?.name ?? DEFAULT_SITE_NAME
}

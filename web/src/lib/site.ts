import { queryOptions } from '@tanstack/react-query'
import type { SiteInfo } from '#contracts/site.ts'
import { apiFetch } from './api.ts'

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<SiteInfo>('/api/v1/site'),
  staleTime: Number.POSITIVE_INFINITY,
})

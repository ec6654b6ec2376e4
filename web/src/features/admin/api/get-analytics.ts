// GET /api/v1/admin/analytics: event counts per name (admins).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AnalyticsCountsResponse } from '#contracts/analytics.ts'
import { apiFetch } from '../../../lib/api.ts'

export const getAnalytics = () => apiFetch<AnalyticsCountsResponse>('/api/v1/admin/analytics')

export const analyticsQuery = () =>
  queryOptions({ queryKey: ['admin', 'analytics'], queryFn: getAnalytics, staleTime: 0 })

export function useAnalytics() {
  return useQuery(analyticsQuery())
}

// GET /api/v1/admin/audit?actor=&action=&subject_type=&from=&to=&cursor=: the audit log, newest first, 50 a page
// (site admins); the next page is the one before the last event's id.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { AuditFilter, AuditPageResponse } from '#contracts/audit.ts'
import { apiFetch } from '../../../lib/api.ts'

/** The filters as the address keeps them (absent: no filter). */
export type AuditFilters = AuditFilter

export const auditEventsQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AuditPageResponse>('/api/v1/admin/audit', { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  })

export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery(auditEventsQuery(filters))
}

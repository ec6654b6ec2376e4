// GET /api/v1/services/soft_approval: the signed-in user's submitted tools that are not approved yet.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SoftApprovalToolsResponse } from '#contracts/soft-approval.ts'
import { apiFetch } from '../../../lib/api.ts'

export const softApprovalToolsQuery = queryOptions({
  queryKey: ['soft-approval', 'tools'],
  queryFn: ({ signal }) => apiFetch<SoftApprovalToolsResponse>('/api/v1/services/soft_approval', { signal }),
  staleTime: 0,
})

export function useSoftApprovalTools() {
  return useQuery(softApprovalToolsQuery)
}

// GET /api/v1/tools/{slug}/customers: the companies the tool's vendor lists as its customers.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ToolCustomersResponse } from '#contracts/company-customers.ts'
import { apiFetch } from '../../../lib/api.ts'

export const toolCustomersQuery = (slug: string) =>
  queryOptions({
    queryKey: ['tool-customers', slug.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<ToolCustomersResponse>(`/api/v1/tools/${encodeURIComponent(slug)}/customers`, { signal }),
  })

export function useToolCustomers(slug: string) {
  return useQuery(toolCustomersQuery(slug))
}

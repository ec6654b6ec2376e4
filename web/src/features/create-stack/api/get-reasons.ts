// GET /api/v1/services/reasons?service_ids=: the chosen tools with their best reasons (at most 5 each), for the
// 'Vote For Tools' carousel. The server takes 100 ids a call, so larger stacks are asked in slices.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { REASONS_MAX_SERVICES, type ReasonsResponse, type ServiceWithReasons } from '#contracts/reasons.ts'
import { apiFetch } from '../../../lib/api.ts'

export const reasonsQuery = (serviceIds: number[]) =>
  queryOptions({
    queryKey: ['stack-builder', 'reasons', serviceIds],
    queryFn: async ({ signal }): Promise<ServiceWithReasons[]> => {
      const slices: number[][] = []
      for (let start = 0; start < serviceIds.length; start += REASONS_MAX_SERVICES) {
        slices.push(serviceIds.slice(start, start + REASONS_MAX_SERVICES))
      }
      const answers = await Promise.all(
        slices.map((ids) =>
          apiFetch<ReasonsResponse>('/api/v1/services/reasons', { query: { service_ids: ids.join(',') }, signal }),
        ),
      )
      return answers.flatMap((answer) => answer.services)
    },
    enabled: serviceIds.length > 0,
  })

export function useReasons(serviceIds: number[]) {
  return useQuery(reasonsQuery(serviceIds))
}

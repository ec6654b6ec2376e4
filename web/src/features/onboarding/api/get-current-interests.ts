// GET /api/v1/onboarding/current_interests: the stored areas of interest (the defaults until saved).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Interests } from '#contracts/onboarding.ts'
import { apiFetch } from '../../../lib/api.ts'

export const currentInterestsQuery = queryOptions({
  queryKey: ['onboarding', 'interests'],
  queryFn: ({ signal }) => apiFetch<Interests>('/api/v1/onboarding/current_interests', { signal }),
  staleTime: 0,
})

export function useCurrentInterests() {
  return useQuery(currentInterestsQuery)
}

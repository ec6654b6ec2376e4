// GET /api/v1/onboarding: the user info the wizard starts from (spec §3), with the tools found on GitHub.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OnboardingInfo } from '#contracts/onboarding.ts'
import { apiFetch } from '../../../lib/api.ts'

export const onboardingQuery = queryOptions({
  queryKey: ['onboarding', 'info'],
  queryFn: ({ signal }) => apiFetch<OnboardingInfo>('/api/v1/onboarding', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
})

export function useOnboarding() {
  return useQuery(onboardingQuery)
}

/**
 * The info read again each time a step opens (browser Back included), so its form starts from what is saved now and
 * never sends the values it opened with before (decision 039). `info` is undefined until that read is back.
 */
export function useSavedOnboarding() {
  const query = useQuery({ ...onboardingQuery, refetchOnMount: 'always' })
  return { info: query.isFetchedAfterMount ? query.data : undefined }
}

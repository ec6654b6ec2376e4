// GET /api/v1/users/tokens: the user's API tokens in force or expired (never their secrets).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiTokenList } from '#contracts/api-tokens.ts'
import { apiFetch } from '../../../lib/api.ts'

export const apiTokensQuery = queryOptions({
  queryKey: ['api-tokens'],
  queryFn: ({ signal }) => apiFetch<ApiTokenList>('/api/v1/users/tokens', { signal }),
})

export function useApiTokens() {
  return useQuery(apiTokensQuery)
}

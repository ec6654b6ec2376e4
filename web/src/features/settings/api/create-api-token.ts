// POST /api/v1/users/tokens: a new API token; the answer holds its secret, shown once and never again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateApiTokenInput, CreatedApiToken } from '#contracts/api-tokens.ts'
import { apiFetch } from '../../../lib/api.ts'
import { apiTokensQuery } from './get-api-tokens.ts'

export const createApiToken = (body: CreateApiTokenInput) =>
  apiFetch<CreatedApiToken>('/api/v1/users/tokens', { method: 'POST', body })

export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  })
}

// DELETE /api/v1/users/tokens/{id}: revokes one of the user's API tokens; refused at once everywhere.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'
import { apiTokensQuery } from './get-api-tokens.ts'

export const revokeApiToken = (id: number) => apiFetch<{ ok: true }>(`/api/v1/users/tokens/${id}`, { method: 'DELETE' })

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  })
}

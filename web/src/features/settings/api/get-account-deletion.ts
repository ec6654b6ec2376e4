// GET /api/v1/users/deletion: what deleting the account would do (companies that block it or go with it).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AccountDeletionPreview } from '#contracts/deletion.ts'
import { apiFetch } from '../../../lib/api.ts'

export const accountDeletionQuery = queryOptions({
  queryKey: ['account-deletion'],
  queryFn: ({ signal }) => apiFetch<AccountDeletionPreview>('/api/v1/users/deletion', { signal }),
  staleTime: 0,
})

export function useAccountDeletion(enabled: boolean) {
  return useQuery({ ...accountDeletionQuery, enabled })
}

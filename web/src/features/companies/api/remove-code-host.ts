// DELETE /api/v1/companies/{slug}/code-host: the connection goes; its stacks stay, no longer synced.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CodeHostResponse } from '#contracts/code-hosts.ts'
import { apiFetch } from '../../../lib/api.ts'
import { codeHostQuery } from './get-code-host.ts'
import { syncedRepositoriesQuery } from './get-synced-repositories.ts'

export const removeCodeHost = (slug: string) =>
  apiFetch<null>(`/api/v1/companies/${encodeURIComponent(slug)}/code-host`, { method: 'DELETE' })

export function useRemoveCodeHost(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => removeCodeHost(slug),
    onSuccess: () => {
      // The repositories went with the connection: the page stops asking for them (which answered 404, acceptance
      // 2026-12-01 minor 5) as soon as it knows there is no connection, and their pages leave the cache.
      const connection = codeHostQuery(slug).queryKey
      queryClient.setQueryData<CodeHostResponse>(connection, (current) => current && { ...current, code_host: null })
      queryClient.removeQueries({ queryKey: syncedRepositoriesQuery(slug, 1).queryKey.slice(0, 3) })
      return queryClient.invalidateQueries({ queryKey: connection, exact: true })
    },
  })
}

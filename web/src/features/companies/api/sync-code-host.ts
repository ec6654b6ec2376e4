// POST /api/v1/companies/{slug}/code-host/sync: sync now (202; the repositories show their progress as it runs).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const syncCodeHost = (slug: string) =>
  apiFetch<{ queued: true }>(`/api/v1/companies/${encodeURIComponent(slug)}/code-host/sync`, { method: 'POST' })

export function useSyncCodeHost(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => syncCodeHost(slug),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['code-host', slug.toLowerCase()] }),
  })
}

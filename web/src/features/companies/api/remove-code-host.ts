// DELETE /api/v1/companies/{slug}/code-host: the connection goes; its stacks stay, no longer synced.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const removeCodeHost = (slug: string) =>
  apiFetch<null>(`/api/v1/companies/${encodeURIComponent(slug)}/code-host`, { method: 'DELETE' })

export function useRemoveCodeHost(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => removeCodeHost(slug),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['code-host', slug.toLowerCase()] }),
  })
}

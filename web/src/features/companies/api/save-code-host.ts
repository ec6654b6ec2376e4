// PUT /api/v1/companies/{slug}/code-host: connect, replace the settings, or just the credentials ({ auth }).
// Answers the webhook secret once, when the server made it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PutCodeHostInput, PutCodeHostResponse } from '#contracts/code-hosts.ts'
import { apiFetch } from '../../../lib/api.ts'

export const saveCodeHost = ({ slug, body }: { slug: string; body: PutCodeHostInput }) =>
  apiFetch<PutCodeHostResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/code-host`, { method: 'PUT', body })

export function useSaveCodeHost(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveCodeHost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['code-host', slug.toLowerCase()] }),
  })
}

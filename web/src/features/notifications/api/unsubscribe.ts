// POST /api/v1/notifications/unsubscribe: stops the weekly digest for the link's user (no sign-in needed).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnsubscribeResponse } from '#contracts/notifications.ts'
import { apiFetch } from '../../../lib/api.ts'
import { unsubscribeStatusQuery } from './get-unsubscribe-status.ts'

export const unsubscribe = (token: string) =>
  apiFetch<UnsubscribeResponse>('/api/v1/notifications/unsubscribe', { method: 'POST', body: { token } })

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => queryClient.setQueryData(unsubscribeStatusQuery(token).queryKey, answer),
  })
}

// POST /api/v1/admin/mail/{id}/retry: queue a failed e-mail again (site admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminMailMessageResponse } from '#contracts/mail.ts'
import { apiFetch } from '../../../lib/api.ts'

export const retryMail = (id: number) =>
  apiFetch<AdminMailMessageResponse>(`/api/v1/admin/mail/${id}/retry`, { method: 'POST', body: {} })

export function useRetryMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'mail'] }),
  })
}

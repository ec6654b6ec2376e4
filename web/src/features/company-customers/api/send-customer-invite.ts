// POST /send-invite: e-mails the invitation to the customer; answers id and sent_at.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SendInviteResponse } from '#contracts/company-customers.ts'
import { apiFetch } from '../../../lib/api.ts'

export const sendCustomerInvite = (id: number) =>
  apiFetch<SendInviteResponse>('/send-invite', { method: 'POST', body: { id } })

export function useSendCustomerInvite(companySlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendCustomerInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-customers', companySlug.toLowerCase()] }),
  })
}

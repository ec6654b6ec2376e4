// POST /company-customers/update-copied-at: the vendor was shown the invitation text to send themselves.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const markCustomerCopied = (id: number) =>
  apiFetch<{ id: number; status: string }>('/company-customers/update-copied-at', { method: 'POST', body: { id } })

export function useMarkCustomerCopied(companySlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markCustomerCopied,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-customers', companySlug.toLowerCase()] }),
  })
}

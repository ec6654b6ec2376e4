// POST /api/v1/admin/companies/{id}/verify: the Verified badge, and an e-mail to the company's contact address.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyVerificationResult } from '#contracts/company-verification.ts'
import { apiFetch } from '../../../lib/api.ts'

export const verifyCompany = (id: number) =>
  apiFetch<CompanyVerificationResult>(`/api/v1/admin/companies/${id}/verify`, { method: 'POST', body: {} })

export function useVerifyCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyCompany,
    // the queue, the outbox, and the company's page (its badge)
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['company-page'] }),
      ]),
  })
}

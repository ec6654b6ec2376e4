// POST /api/v1/admin/companies/{id}/decline_verification: out of the queue without the badge (no e-mail).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyVerificationResult } from '#contracts/company-verification.ts'
import { apiFetch } from '../../../lib/api.ts'

export const declineCompanyVerification = (id: number) =>
  apiFetch<CompanyVerificationResult>(`/api/v1/admin/companies/${id}/decline_verification`, {
    method: 'POST',
    body: {},
  })

export function useDeclineCompanyVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineCompanyVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'company-verifications'] }),
  })
}

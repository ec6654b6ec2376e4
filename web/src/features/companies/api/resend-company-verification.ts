// POST /api/v1/companies/verification/resend: a new verification link to the company's contact address (its admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyVerificationResult } from '#contracts/company-verification.ts'
import { apiFetch } from '../../../lib/api.ts'
import { myCompaniesQuery } from '../../../lib/get-my-companies.ts'

export const resendCompanyVerification = (companyId: number) =>
  apiFetch<CompanyVerificationResult>('/api/v1/companies/verification/resend', {
    method: 'POST',
    body: { company_id: companyId },
  })

export function useResendCompanyVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendCompanyVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCompaniesQuery.queryKey }),
  })
}

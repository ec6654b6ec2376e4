// POST /api/v1/companies/verify: a company admin opens the e-mailed link and the company gets the Verified badge.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyVerificationResult } from '#contracts/company-verification.ts'
import { apiFetch } from '../../../lib/api.ts'
import { myCompaniesQuery } from '../../../lib/get-my-companies.ts'

export const confirmCompanyVerification = (token: string) =>
  apiFetch<CompanyVerificationResult>('/api/v1/companies/verify', { method: 'POST', body: { token } })

export function useConfirmCompanyVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmCompanyVerification,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['company-page'] }),
        queryClient.invalidateQueries({ queryKey: myCompaniesQuery.queryKey }),
      ]),
  })
}

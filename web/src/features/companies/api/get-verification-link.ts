// GET /api/v1/companies/verification?token=: what a company verification link verifies, or why it no longer works.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { VerificationLinkResponse } from '#contracts/company-verification.ts'
import { apiFetch } from '../../../lib/api.ts'

export const verificationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['company-verification-link', token],
    queryFn: ({ signal }) =>
      apiFetch<VerificationLinkResponse>('/api/v1/companies/verification', { query: { token }, signal }),
    retry: false,
    staleTime: 0,
  })

export function useVerificationLink(token: string) {
  return useQuery(verificationLinkQuery(token))
}

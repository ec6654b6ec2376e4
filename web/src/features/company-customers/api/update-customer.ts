// PATCH /company_customers/{customerId}: the same fields plus customerId; the server clears sent_at.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyCustomerBody, CompanyCustomerResponse } from '#contracts/company-customers.ts'
import { apiFetch } from '../../../lib/api.ts'

export const updateCustomer = ({ customerId, ...body }: CompanyCustomerBody & { customerId: number }) =>
  apiFetch<CompanyCustomerResponse>(`/company_customers/${customerId}`, {
    method: 'PATCH',
    body: { ...body, customerId },
  })

export function useUpdateCustomer(companySlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-customers', companySlug.toLowerCase()] }),
  })
}

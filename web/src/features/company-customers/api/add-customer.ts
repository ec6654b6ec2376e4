// POST /company_customers: an existing company (by id) or a new name, one of the company's tools, an address.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyCustomerBody, CompanyCustomerResponse } from '#contracts/company-customers.ts'
import { apiFetch } from '../../../lib/api.ts'

export const addCustomer = (body: CompanyCustomerBody) =>
  apiFetch<CompanyCustomerResponse>('/company_customers', { method: 'POST', body })

export function useAddCustomer(companySlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-customers', companySlug.toLowerCase()] }),
  })
}

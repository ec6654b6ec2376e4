// GET /company_customers?company_slug=: the company, its tools and its customers (newest first), for its admins.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyCustomersResponse } from '#contracts/company-customers.ts'
import { apiFetch } from '../../../lib/api.ts'

export const companyCustomersQuery = (slug: string) =>
  queryOptions({
    queryKey: ['company-customers', slug.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<CompanyCustomersResponse>('/company_customers', { query: { company_slug: slug }, signal }),
    retry: false,
  })

export function useCompanyCustomers(slug: string) {
  return useQuery(companyCustomersQuery(slug))
}

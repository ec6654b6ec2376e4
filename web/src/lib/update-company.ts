// POST /api/v1/companies/update: change a company's details (its admins only).
import type { CompanyResponse, UpdateCompanyBody } from '#contracts/companies.ts'
import { apiFetch } from './api.ts'

export function updateCompany(company: UpdateCompanyBody['company']): Promise<CompanyResponse> {
  return apiFetch<CompanyResponse>('/api/v1/companies/update', { method: 'POST', body: { company } })
}

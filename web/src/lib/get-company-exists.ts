// GET /companies/exists?company_name=: whether a company of that name exists (the new-company name collision).
import type { CompanyExistsResponse } from '#contracts/companies.ts'
import { apiFetch } from './api.ts'

export function getCompanyExists(name: string): Promise<CompanyExistsResponse> {
  return apiFetch<CompanyExistsResponse>('/companies/exists', { query: { company_name: name } })
}

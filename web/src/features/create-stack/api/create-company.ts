// POST /api/v1/companies/create: a new company, its creator becomes its admin; answers the new id.
import type { Company, CreateCompanyBody } from '#contracts/companies.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface CreatedCompany {
  id: number
  slug: string
  company: Company
}

export function createCompany(company: CreateCompanyBody['company']): Promise<CreatedCompany> {
  return apiFetch<CreatedCompany>('/api/v1/companies/create', { method: 'POST', body: { company } })
}

// POST /companies/delete: deletes the company (its admins only), confirmed by its exact name.
import type { DeleteCompanyBody, DeletedResponse } from '#contracts/deletion.ts'
import { apiFetch } from '../../../lib/api.ts'

export const deleteCompany = (body: DeleteCompanyBody) =>
  apiFetch<DeletedResponse>('/companies/delete', { method: 'POST', body })

// POST /api/v1/services/create: submit a tool the catalog lacks (unapproved, just_added); an existing tool with
// that name or website is answered instead.
import type { CreatedToolResponse, CreateToolBody } from '#contracts/tools.ts'
import { apiFetch } from '../../../lib/api.ts'

export function createTool(service: CreateToolBody['service']): Promise<CreatedToolResponse> {
  return apiFetch<CreatedToolResponse>('/api/v1/services/create', { method: 'POST', body: { service } })
}

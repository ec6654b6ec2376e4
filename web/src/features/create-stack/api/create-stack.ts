// POST /api/v1/stacks/create: the wizard's save; answers the new stack and the redirect to its page.
import type { CreateStackBody, CreateStackResponse } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'

export function createStack(stack: CreateStackBody['stack']): Promise<CreateStackResponse> {
  return apiFetch<CreateStackResponse>('/api/v1/stacks/create', { method: 'POST', body: { stack } })
}

// POST /api/v1/stacks/update: change a stack's info, owner or tools; answers the stack as the editor shows it.
import type { StackEdit, UpdateStackBody } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'

export function updateStack(stack: UpdateStackBody['stack']): Promise<StackEdit> {
  return apiFetch<StackEdit>('/api/v1/stacks/update', { method: 'POST', body: { stack } })
}

// GET /api/v1/stacks/show?stack[id]=&stack[owner][type]=User: the services of the existing 'My Stack', preselected.
import type { StackEdit } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'

export async function getStackServices(stackId: number): Promise<StackEdit['services']> {
  const stack = await apiFetch<StackEdit>('/api/v1/stacks/show', {
    query: { 'stack[id]': stackId, 'stack[owner][type]': 'User' },
  })
  return stack.services
}

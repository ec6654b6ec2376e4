// GET /api/v1/stacks/name_is_available?owner=&name=&stack_id=: false when the owner already has a stack of that
// name (the edited stack may keep its own). owner is 'personal' or a company id.
import { apiFetch } from '../../../lib/api.ts'

export function getStackNameAvailable(input: {
  owner: 'personal' | number
  name: string
  stackId?: number
}): Promise<boolean> {
  return apiFetch<boolean>('/api/v1/stacks/name_is_available', {
    query: { owner: String(input.owner), name: input.name, stack_id: input.stackId },
  })
}
